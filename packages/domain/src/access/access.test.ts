import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  API_KEY_LEVEL,
  API_KEY_PROFILES,
  DEFAULT_API_KEY_PROFILE,
  PAGES,
  apiKeyAllows,
  apiKeyLevel,
  apiKeyProfileLabel,
  type ActionKey,
  canDo,
  canSeePage,
  customerPanelButtons,
  findPage,
  homeViewFor,
  landingPathFor,
  sidebarFor,
  userLevelLabel,
  LEVEL_NAMES,
  levelText,
  effectiveLevelName,
} from './index';

const titles = (level: number) => {
  const s = sidebarFor(level);
  return {
    dashboard: s.dashboard?.title ?? null,
    groups: s.groups.map((g) => [g.title, g.pages.map((p) => p.title)]),
  };
};

describe('page minimum levels (docs/access.md)', () => {
  it.each([
    ['clientes', 5],
    ['soporte', 5],
    ['agenda', 5],
    ['home', 10],
    ['devices', 10],
    ['gastos', 16],
    ['finanzas', 20],
    ['usuarios', 20],
    ['administracion', 20],
    ['sites', 20],
    ['routers', 20],
    ['inventario-router', 20],
    ['empleados', 20],
    ['usuarios-conectados', 20],
    ['cortes-programados', 20],
    ['tareas', 20],
    ['api-keys', 20],
    ['whatsapp-conversaciones', 20],
    ['whatsapp-pruebas', 20],
  ])('%s needs level %i', (key, level) => {
    const page = PAGES.find((p) => p.key === key)!;
    expect(page.minLevel).toBe(level);
    expect(canSeePage(level, page)).toBe(true);
    expect(canSeePage(level - 1, page)).toBe(false);
  });

  it('finds pages by path regardless of case and trailing slash', () => {
    expect(findPage('/Dashboard/Clientes/')?.key).toBe('clientes');
    expect(findPage('/dashboard/nada')).toBeUndefined();
  });

  it('refuses a non-numeric level', () => {
    expect(canSeePage(Number.NaN, { minLevel: 0 })).toBe(false);
  });
});

describe('sidebar per level', () => {
  it('level 5 sees only Gestión de Clientes and no dashboard item', () => {
    expect(titles(5)).toEqual({
      dashboard: null,
      groups: [['Gestión de Clientes', ['Clientes', 'Soporte', 'Agenda']]],
    });
  });

  it('level 10 adds the dashboard and Dispositivos', () => {
    expect(titles(10)).toEqual({
      dashboard: 'Dashboard',
      groups: [
        ['Gestión de Clientes', ['Clientes', 'Soporte', 'Agenda']],
        ['Infraestructura', ['Dispositivos']],
      ],
    });
  });

  it.each([16, 17, 18, 19])('level %i adds Gastos, Caja y Bancos and Facturación under Finanzas', (level) => {
    expect(titles(level).groups).toEqual([
      ['Gestión de Clientes', ['Clientes', 'Soporte', 'Agenda']],
      ['Infraestructura', ['Dispositivos']],
      ['Finanzas', ['Gastos', 'Caja y Bancos', 'Facturación']],
    ]);
  });

  it('level 20 sees every group in order, without hidden pages', () => {
    expect(titles(20)).toEqual({
      dashboard: 'Dashboard',
      groups: [
        ['Gestión de Clientes', ['Clientes', 'Soporte', 'Agenda']],
        [
          'Administración',
          [
            'Usuarios',
            'Administracion',
            'Empleados',
            'Cortes programados',
            'Recordatorios de pago',
            'Usuarios Conectados',
          ],
        ],
        ['Infraestructura', ['Dispositivos', 'Sites', 'Routers']],
        ['Finanzas', ['Finanzas', 'Reporte diario', 'Gastos', 'Caja y Bancos', 'Facturación']],
        ['Sistema', ['Api Keys', 'Tareas', 'WhatsApp Conversaciones']],
      ],
    });
  });

  it('a level below every page sees nothing and has no landing page', () => {
    expect(titles(1)).toEqual({ dashboard: null, groups: [] });
    expect(landingPathFor(1)).toBeNull();
  });
});

describe('landing page and home view', () => {
  it.each([
    [5, '/dashboard/clientes'],
    [10, '/dashboard/home'],
    [16, '/dashboard/home'],
    [20, '/dashboard/home'],
  ])('level %i lands on %s', (level, path) => {
    expect(landingPathFor(level)).toBe(path);
  });

  it.each([
    [5, 'empty'],
    [9, 'empty'],
    [10, 'user'],
    [18, 'user'],
    [19, 'user'],
    [20, 'admin'],
    [25, 'admin'],
  ] as const)('level %i gets the %s home view', (level, view) => {
    expect(homeViewFor(level)).toBe(view);
  });
});

describe('actions', () => {
  it('follows docs/access.md', () => {
    expect(ACTIONS['payments.register']).toBe(16);
    expect(ACTIONS['contracts.cut']).toBe(17);
    expect(ACTIONS['contracts.authorize']).toBe(18);
    expect(ACTIONS['finance.summaries']).toBe(10);
    expect(ACTIONS['finance.expenses']).toBe(16);
    expect(canDo(5, 'support.create')).toBe(true);
    expect(canDo(15, 'payments.register')).toBe(false);
  });

  it('customer panel buttons per level (docs/access.md)', () => {
    expect(customerPanelButtons(5)).toMatchObject({
      pago: false,
      editar: false,
      imprimir: false,
      cortarReconectar: false,
      soporte: true,
      registro: true,
      visita: true,
    });
    expect(customerPanelButtons(16)).toMatchObject({
      pago: true,
      editar: true,
      imprimir: true,
      cortarReconectar: false,
      cancelarContrato: false,
    });
    expect(customerPanelButtons(17)).toMatchObject({
      cortarReconectar: true,
      cancelarContrato: true,
      autorizar: false,
    });
    expect(customerPanelButtons(18).autorizar).toBe(true);
  });

  it('users label: level 6 or above is Administrador', () => {
    expect(userLevelLabel(5)).toBe('Usuario');
    expect(userLevelLabel(6)).toBe('Administrador');
    expect(userLevelLabel(20)).toBe('Administrador');
  });

  it('level names: one table whose names agree with the users-list label of the spec (issue 22)', () => {
    expect(LEVEL_NAMES.map((l) => levelText(l.level))).toEqual([
      '5 · Soporte',
      '10 · Consulta',
      '16 · Cajero',
      '17 · Supervisor',
      '18 · Autorizador',
      '20 · Administrador',
    ]);
    const labels = ['Usuario', 'Administrador'];
    for (const l of LEVEL_NAMES) {
      // A name that is one of the spec's labels is that level's label ('Usuario' never names an Administrador).
      if (labels.includes(l.name)) expect(l.name).toBe(userLevelLabel(l.level));
    }
    expect(levelText(12)).toBe('12');
    expect(effectiveLevelName(12)?.name).toBe('Consulta');
    expect(effectiveLevelName(3)).toBeUndefined();
  });

  it('API key profiles: the same table at level 20, then the profile (docs/access.md)', () => {
    expect(API_KEY_LEVEL).toBe(20);
    // What each profile may do, action by action, for a read (GET) and a change (POST).
    const never = ['session.check', 'notifications.own', 'users.read', 'users.manage', 'apikeys.manage'];
    const financial = (a: string) => a.startsWith('finance.') || a.startsWith('payments.');
    const contracts = (a: string) =>
      ['customers.', 'contracts.', 'support.', 'logs.', 'visits.', 'agenda.'].some((p) => a.startsWith(p));
    for (const action of Object.keys(ACTIONS) as ActionKey[]) {
      const banned = never.includes(action);
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        const read = method === 'GET' && action !== 'contracts.authorize';
        expect(apiKeyAllows('admin', action, method, 20), `admin ${method} ${action}`).toBe(!banned);
        expect(apiKeyAllows('readonly', action, method, 20), `readonly ${method} ${action}`).toBe(!banned && read);
        expect(apiKeyAllows('financial', action, method, 20), `financial ${method} ${action}`).toBe(
          !banned && (read || financial(action)),
        );
        expect(apiKeyAllows('contracts', action, method, 20), `contracts ${method} ${action}`).toBe(
          !banned && contracts(action),
        );
      }
    }
    // Spot checks written out.
    expect(apiKeyAllows('readonly', 'users.read', 'GET', 20)).toBe(false);
    expect(apiKeyAllows('readonly', 'customers.read', 'GET', 20)).toBe(true);
    expect(apiKeyAllows('readonly', 'customers.read', 'head', 20)).toBe(true);
    expect(apiKeyAllows('readonly', 'customers.create', 'POST', 20)).toBe(false);
    expect(apiKeyAllows('readonly', 'contracts.authorize', 'GET', 20)).toBe(false);
    expect(apiKeyAllows('financial', 'payments.register', 'POST', 20)).toBe(true);
    expect(apiKeyAllows('financial', 'finance.report', 'GET', 20)).toBe(true);
    expect(apiKeyAllows('financial', 'customers.edit', 'PUT', 20)).toBe(false);
    expect(apiKeyAllows('financial', 'customers.read', 'GET', 20)).toBe(true);
    expect(apiKeyAllows('contracts', 'customers.edit', 'PUT', 20)).toBe(true);
    expect(apiKeyAllows('contracts', 'agenda.read', 'GET', 20)).toBe(true);
    expect(apiKeyAllows('contracts', 'finance.summaries', 'GET', 20)).toBe(false);
    expect(apiKeyAllows('admin', 'network.manage', 'DELETE', 20)).toBe(true);
    expect(apiKeyAllows('admin', 'users.manage', 'POST', 20)).toBe(false);
    expect(apiKeyAllows('admin', 'apikeys.manage', 'GET', 20)).toBe(false);
    expect(apiKeyAllows('admin', 'session.check', 'GET', 20)).toBe(false);
  });

  it("an API key never outranks its owner: it acts at the lower of level 20 and the owner's current level", () => {
    expect(apiKeyLevel(20)).toBe(20);
    expect(apiKeyLevel(16)).toBe(16);
    expect(apiKeyLevel(5)).toBe(5);
    for (const action of Object.keys(ACTIONS) as ActionKey[]) {
      for (const ownerLevel of [5, 10, 16, 17, 18, 19, 20]) {
        for (const method of ['GET', 'POST']) {
          // Never more than the owner may do now, and otherwise what the profile allows at level 20.
          expect(apiKeyAllows('admin', action, method, ownerLevel), `${ownerLevel} ${method} ${action}`).toBe(
            apiKeyAllows('admin', action, method, 20) && canDo(ownerLevel, action),
          );
        }
      }
    }
    // A cashier's (16) admin key registers payments but reaches no level-20 page; demoted to 10 it reads only what 10 reads.
    expect(apiKeyAllows('admin', 'payments.register', 'POST', 16)).toBe(true);
    expect(apiKeyAllows('admin', 'network.manage', 'POST', 16)).toBe(false);
    expect(apiKeyAllows('financial', 'payments.register', 'POST', 10)).toBe(false);
    expect(apiKeyProfileLabel('readonly')).toBe('Solo Lectura');
    expect(API_KEY_PROFILES.map((p) => p.label)).toEqual(['Administrador', 'Solo Lectura', 'Contratos', 'Financiero']);
    expect(DEFAULT_API_KEY_PROFILE).toBe('readonly');
  });
});
