import type { Account, BusinessSettings, Company, ExpenseCategory } from '@airlink/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categoriasGasto, cuentas, gastos, settings } from '../src/db/schema';
import { createMoneyTestApp, type MoneyTestApp } from './money-fixtures';

/** Tuesday 24 November 2026, noon in Mexico City. */
const NOW = new Date('2026-11-24T18:00:00Z');

let m: MoneyTestApp;
beforeAll(async () => {
  m = await createMoneyTestApp(() => NOW);
});
afterAll(() => m?.t.close());

const CATEGORIES = '/api/MovimientoFinancieroCategoria';

async function ok<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  status = 200,
): Promise<T> {
  const res = await m.call(method, url, 20, payload);
  expect(res.statusCode, res.body).toBe(status);
  return (res.body ? res.json() : undefined) as T;
}

async function auditRows(entity: string) {
  return m.t.database.db.select().from(auditLog).where(eq(auditLog.entity, entity)).orderBy(auditLog.id);
}

const company = {
  nombreComercial: 'AirLink Hidalgo',
  razonSocial: 'AirLink Telecomunicaciones Inalámbricas, S.A. de C.V.',
  rfc: 'ati150312kx4',
  direccion: 'Av. Juárez Norte 118, Centro, Tizayuca, Hgo.',
  telefonos: ['779 796 1000', '(771) 718-4010'],
  email: 'contacto@airlink.mx',
  logo: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
};

const settingsBody = {
  festivos: [{ fecha: '2026-11-18', nombre: 'Aniversario de AirLink' }],
  diasHabiles: [1, 2, 3, 4, 5],
  listaSuspension: 'morosos',
};

describe('access levels', () => {
  it('writes and the settings need level 20; reading the company stays open to every level that prints', async () => {
    const level20: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['PUT', '/api/empresa', company],
      ['PUT', '/api/cuentas/4', { nombre: 'x', grupo: 'tizayuca', activo: true, orden: 1 }],
      ['POST', CATEGORIES, { nombre: 'Agua', icono: 'Home' }],
      ['PUT', `${CATEGORIES}/1`, { nombre: 'Renta', icono: 'Home' }],
      ['DELETE', `${CATEGORIES}/1`],
      ['GET', '/api/configuracion'],
      ['PUT', '/api/configuracion', settingsBody],
    ];
    for (const [method, url, payload] of level20) {
      expect((await m.call(method, url, null, payload)).statusCode, `${method} ${url}`).toBe(401);
      for (const level of [16, 18]) {
        const res = await m.call(method, url, level, payload);
        expect(res.statusCode, `${method} ${url} ${level}`).toBe(403);
        expect(res.json().message).toBe('No tienes permiso para realizar esta acción.');
      }
    }
    for (const level of [5, 16, 20]) expect((await m.call('GET', '/api/empresa', level)).statusCode).toBe(200);
    expect((await m.call('GET', '/api/cuentas', 10)).statusCode).toBe(403);
    expect((await m.call('GET', '/api/cuentas', 16)).statusCode).toBe(200);
    expect((await m.call('GET', CATEGORIES, 16)).statusCode).toBe(200);
    // Nothing of the refused calls was written.
    expect(await m.t.database.db.select().from(auditLog)).toHaveLength(0);
  });
});

describe('GET|PUT /api/empresa', () => {
  it('saves the company data, keeps offices and bank accounts, and audits the change without the logo bytes', async () => {
    const before = await ok<Company>('GET', '/api/empresa');
    const saved = await ok<Company>('PUT', '/api/Empresa', { ...company, RFC: undefined });
    expect(saved).toMatchObject({
      nombreComercial: 'AirLink Hidalgo',
      rfc: 'ATI150312KX4',
      telefonos: ['779 796 1000', '(771) 718-4010'],
      logo: company.logo,
      oficinas: before.oficinas,
      cuentasBancarias: before.cuentasBancarias,
    });
    expect(saved.oficinas.length).toBeGreaterThan(0);
    // The stored value keeps keys the page does not edit (fiscal regime…).
    const [row] = await m.t.database.db.select().from(settings).where(eq(settings.key, 'company'));
    expect(row!.value).toMatchObject({ regimenFiscal: '601 General de Ley Personas Morales' });
    expect(await ok<Company>('GET', '/api/empresa', undefined)).toEqual(saved);
    // Level 16 (receipts) reads the new name at once.
    expect((await m.call('GET', '/api/empresa', 16)).json().nombreComercial).toBe('AirLink Hidalgo');
    const [audit] = await auditRows('company');
    expect(audit).toMatchObject({ action: 'update', userId: expect.any(Number) });
    expect(audit!.after).toMatchObject({ nombreComercial: 'AirLink Hidalgo', logo: '(imagen nueva)' });
    expect(JSON.stringify(audit!.after)).not.toContain('base64');
  });

  it('refuses bad input in Spanish and saves nothing', async () => {
    const stored = await ok<Company>('GET', '/api/empresa');
    const res = await m.call('PUT', '/api/empresa', 20, {
      ...company,
      rfc: 'XYZ',
      telefonos: [],
      logo: 'data:image/svg+xml;base64,PHN2Zz4=',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.details.rfc).toEqual(['RFC inválido: 12 o 13 caracteres, como ATI150312KX4']);
    expect(body.details.telefonos).toEqual(['Escribe al menos un teléfono']);
    expect(body.details.logo).toEqual(['El logotipo debe ser una imagen PNG, JPG o WebP de hasta 300 KB']);
    expect(await ok<Company>('GET', '/api/empresa')).toEqual(stored);
    expect(await auditRows('company')).toHaveLength(1);
  });
});

describe('GET /api/cuentas, PUT /api/cuentas/{id}', () => {
  it('lists the accounts in their order with the spec ids; a rename, order and active flag are stored and audited', async () => {
    const list = await ok<Account[]>('GET', '/api/cuentas');
    expect(list.map((a) => a.id)).toEqual([4, 3, 2, 5, 6, 8, 9, 10, 11]);
    const saved = await ok<Account>('PUT', '/api/cuentas/2', {
      Nombre: 'Banamex Principal',
      grupo: 'banco',
      activo: false,
      orden: 0,
    });
    expect(saved).toEqual({ id: 2, nombre: 'Banamex Principal', grupo: 'banco', activo: false, orden: 0 });
    const after = await ok<Account[]>('GET', '/api/Cuentas');
    expect(after[0]).toEqual(saved);
    expect(after.map((a) => a.id)).toEqual([2, 4, 3, 5, 6, 8, 9, 10, 11]);
    const [audit] = await auditRows('account');
    expect(audit).toMatchObject({ action: 'update', entityId: '2' });
    expect(audit!.before).toMatchObject({ nombre: 'Banamex Crispin', activo: true });
    expect(audit!.after).toMatchObject({ nombre: 'Banamex Principal', activo: false });
  });

  it('the finance report names and orders the accounts as Administración says', async () => {
    await ok('PUT', '/api/cuentas/6', { nombre: 'Banamex Empresa', grupo: 'banco', activo: true, orden: 0 });
    const report = await ok<{ ingresosPorCuenta: { idCuenta: number; cuenta: string }[] }>(
      'GET',
      '/api/finanzas/reporte?desde=2026-11-01&hasta=2026-11-24',
    );
    const banks = report.ingresosPorCuenta.filter((c) => [2, 5, 6].includes(c.idCuenta));
    // 6 and 2 share order 0: then by id.
    expect(banks.map((c) => c.cuenta)).toEqual(['Banamex Principal', 'Banamex Empresa', 'Tarjeta']);
  });

  it('an inactive account takes no payment (the payment dialog only offers active ones)', async () => {
    const contratoId = await m.contract({ pagadoHasta: '2026-11-20' });
    const res = await m.t.app.inject({
      method: 'POST',
      url: '/api/Pagos/registrar',
      headers: { ...m.t.auth(m.tokens[16]!), 'idempotency-key': 'admin-inactive-1' },
      payload: { idCliente: contratoId, monto: 300, idCuenta: 2, referencia: 'REF-1' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('El lugar de pago Banamex Principal está desactivado.');
  });

  it('keeps each id in its group, refuses unknown ids and bad input, and writes nothing then', async () => {
    const res = await m.call('PUT', '/api/cuentas/4', 20, { nombre: 'Caja', grupo: 'banco', activo: true, orden: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /^El grupo de la cuenta Oficina Aurrera es Efectivo Tizayuca y no se puede cambiar/,
    );
    const missing = await m.call('PUT', '/api/cuentas/7', 20, { nombre: 'X', grupo: 'banco', activo: true, orden: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('La cuenta no existe.');
    const bad = await m.call('PUT', '/api/cuentas/4', 20, { nombre: '', grupo: 'tizayuca', activo: 'sí', orden: 1000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toMatchObject({
      nombre: ['Escribe el nombre de la cuenta'],
      activo: ['Activa debe ser sí o no'],
      orden: ['El orden va de 0 a 999'],
    });
    const [four] = await m.t.database.db.select().from(cuentas).where(eq(cuentas.id, 4));
    expect(four).toMatchObject({ nombre: 'Oficina Aurrera', grupo: 'tizayuca', activo: true, orden: 1 });
    expect(await auditRows('account')).toHaveLength(2);
  });
});

describe('expense categories', () => {
  it('adds, renames and deletes a category, each audited', async () => {
    const created = await ok<ExpenseCategory>('POST', CATEGORIES, { Nombre: ' Agua potable ', Icono: 'Home' }, 201);
    expect(created).toMatchObject({ nombre: 'Agua potable', icono: 'Home' });
    const renamed = await ok<ExpenseCategory>('PUT', `${CATEGORIES}/${created.id}`, {
      nombre: 'Agua',
      icono: 'Bolt',
    });
    expect(renamed).toEqual({ id: created.id, nombre: 'Agua', icono: 'Bolt' });
    // A category may keep its own name with another case.
    await ok('PUT', `${CATEGORIES}/${created.id}`, { nombre: 'AGUA', icono: 'Bolt' });
    expect((await ok<ExpenseCategory[]>('GET', CATEGORIES)).find((c) => c.id === created.id)?.nombre).toBe('AGUA');
    await ok('DELETE', `${CATEGORIES}/${created.id}`, undefined, 204);
    expect((await ok<ExpenseCategory[]>('GET', CATEGORIES)).some((c) => c.id === created.id)).toBe(false);
    const audit = await auditRows('expense_category');
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(audit[3]!.before).toMatchObject({ nombre: 'AGUA' });
  });

  it('refuses a name already used, ignoring case and accents, on create and on rename', async () => {
    for (const nombre of ['renta', 'NOMINA', ' Nómina ']) {
      const res = await m.call('POST', CATEGORIES, 20, { nombre, icono: 'Category' });
      expect(res.statusCode, nombre).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'category_taken',
        details: { nombre: ['Ya existe una categoría con este nombre'] },
      });
    }
    const renta = (await ok<ExpenseCategory[]>('GET', CATEGORIES)).find((c) => c.nombre === 'Renta')!;
    const res = await m.call('PUT', `${CATEGORIES}/${renta.id}`, 20, { nombre: 'luz', icono: 'Home' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Ya existe la categoría Luz; elige otro nombre.');
    const bad = await m.call('POST', CATEGORIES, 20, { nombre: '', icono: 'Calavera' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toMatchObject({
      nombre: ['Escribe el nombre de la categoría'],
      icono: ['Elige un ícono de la lista'],
    });
    const missing = await m.call('DELETE', `${CATEGORIES}/9999`, 20);
    expect(missing.statusCode).toBe(404);
  });

  it('refuses deleting a category in use, in Spanish, and keeps it', async () => {
    const luz = (await ok<ExpenseCategory[]>('GET', CATEGORIES)).find((c) => c.nombre === 'Luz')!;
    const expense = await m.call('POST', '/api/MovimientoFinancieroGasto', 16, {
      monto: 100,
      descripcion: 'Recibo CFE',
      idGasto: luz.id,
      idCuenta: 4,
    });
    expect(expense.statusCode, expense.body).toBe(201);
    const res = await m.call('DELETE', `${CATEGORIES}/${luz.id}`, 20);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'category_in_use',
      message: 'No se puede eliminar la categoría Luz: la usa 1 gasto. Cámbiales la categoría o renómbrala.',
    });
    expect(await m.t.database.db.select().from(categoriasGasto).where(eq(categoriasGasto.id, luz.id))).toHaveLength(1);
    expect(await m.t.database.db.select().from(gastos).where(eq(gastos.idGasto, luz.id))).toHaveLength(1);
  });
});

describe('GET|PUT /api/configuracion', () => {
  it('starts with Monday to Friday, no own holidays and airlink-cortados', async () => {
    expect(await ok<BusinessSettings>('GET', '/api/configuracion')).toEqual({
      festivos: [],
      diasHabiles: [1, 2, 3, 4, 5],
      listaSuspension: 'airlink-cortados',
    });
  });

  it('the cut-off date uses the holidays of Administración at once (contract panel and due list)', async () => {
    const id = await m.contract({ nombre: 'Carla Corte', pagadoHasta: '2026-11-13' });
    // Friday 13 Nov + 3 business days: Monday 16 is a federal holiday, so Thursday 19.
    expect((await m.call('GET', `/api/contratos/${id}`, 16)).json().fechaCorte).toBe('2026-11-19');
    const saved = await ok<BusinessSettings>('PUT', '/api/configuracion', {
      ...settingsBody,
      festivos: [{ fecha: '2026-11-18', nombre: ' Aniversario de AirLink ' }],
      diasHabiles: [5, 4, 3, 2, 1, 1],
    });
    expect(saved).toEqual(settingsBody);
    expect(await ok<BusinessSettings>('GET', '/api/configuracion')).toEqual(settingsBody);
    // Wednesday 18 is now a holiday: the cut-off moves to Friday 20.
    expect((await m.call('GET', `/api/contratos/${id}`, 16)).json().fechaCorte).toBe('2026-11-20');
    const due = await m.call('GET', '/api/contratos/getduecontractsservices?page=0&pageSize=50', 10);
    const item = due.json().items.find((i: { clienteId: number }) => i.clienteId === id);
    expect(item).toMatchObject({ fechaCorte: '2026-11-20' });
    const [audit] = await auditRows('settings');
    expect(audit).toMatchObject({ action: 'update', entityId: 'configuracion' });
    expect(audit!.before).toMatchObject({ festivos: [] });
    expect(audit!.after).toEqual(settingsBody);
  });

  it('a Saturday made a business day counts in the cut-off date', async () => {
    const id = await m.contract({ nombre: 'Sergio Sábado', pagadoHasta: '2026-11-19' });
    await ok('PUT', '/api/configuracion', { ...settingsBody, diasHabiles: [1, 2, 3, 4, 5, 6] });
    // Thursday 19 + 3: Friday 20, Saturday 21, Monday 23.
    expect((await m.call('GET', `/api/contratos/${id}`, 16)).json().fechaCorte).toBe('2026-11-23');
    await ok('PUT', '/api/configuracion', settingsBody);
  });

  it('refuses bad settings in Spanish and keeps the stored ones', async () => {
    const res = await m.call('PUT', '/api/configuracion', 20, {
      festivos: [
        { fecha: '2026-12-24', nombre: 'Nochebuena' },
        { fecha: '2026-12-24', nombre: 'Otra' },
        { fecha: '2026-13-01', nombre: 'x' },
      ],
      diasHabiles: [],
      listaSuspension: 'lista con espacios',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toMatchObject({
      'festivos.1.fecha': ['El 2026-12-24 ya está en la lista'],
      'festivos.2.fecha': ['La fecha del día festivo no es válida (AAAA-MM-DD)'],
      diasHabiles: ['Elige al menos un día hábil'],
      listaSuspension: ['La lista de suspensión: usa letras, números, punto, guion o guion bajo'],
    });
    expect(await ok<BusinessSettings>('GET', '/api/configuracion')).toEqual(settingsBody);
    const unknown = await m.call('PUT', '/api/configuracion', 20, { ...settingsBody, extra: 1 });
    expect(unknown.statusCode).toBe(400);
  });

  it('a new router without its own list gets the configured one; one with its own keeps it', async () => {
    const create = (body: Record<string, unknown>) =>
      m.call('POST', '/api/MikrotikRouters', 20, { host: '10.9.0.1', username: 'api', password: 'pw', ...body });
    const plain = await create({});
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().listaSuspension).toBe('morosos');
    const empty = await create({ host: '10.9.0.2', listaSuspension: '' });
    expect(empty.json().listaSuspension).toBe('morosos');
    const own = await create({ host: '10.9.0.3', listaSuspension: 'suspendidos' });
    expect(own.json().listaSuspension).toBe('suspendidos');
    const rows = await m.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings')));
    expect(rows.length).toBeGreaterThan(0);
  });
});
