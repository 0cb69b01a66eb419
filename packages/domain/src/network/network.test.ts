import { describe, expect, it } from 'vitest';
import { contractInputSchema } from '../customers/contract';
import { deviceInputSchema, deviceUrl, RADIO_ONLINE_POLLS, radioOnlineSince } from './device';
import { isHostName, isIpv4 } from './ip';
import { MAC_INVALID_MESSAGE, normalizeMac } from './mac';
import {
  mustBeCutOnRouter,
  networkStateLabel,
  reconcileMessage,
  releaseTarget,
  routerPlan,
  routerTargetProblem,
  suspensionComment,
  type RouterObserved,
} from './network-state';
import { routerInputSchema, routerPort } from './router';
import { siteInputSchema } from './site';

describe('normalizeMac', () => {
  it('accepts every common notation and answers upper case with colons', () => {
    for (const text of [
      'aa:bb:cc:dd:ee:0f',
      'AA-BB-CC-DD-EE-0F',
      'aabb.ccdd.ee0f',
      'AABBCCDDEE0F',
      'aa bb cc dd ee 0f',
      '  aa:bb:cc:dd:ee:0f ',
    ])
      expect(normalizeMac(text), text).toBe('AA:BB:CC:DD:EE:0F');
  });
  it('refuses mixed separators, wrong lengths, non-hex digits and the all-zero address', () => {
    for (const text of [
      'aa:bb-cc:dd:ee:0f',
      'aa:bb:cc:dd:ee',
      'aa:bb:cc:dd:ee:0f:11',
      'gg:bb:cc:dd:ee:0f',
      'aabbccddee0',
      'a:b:c:d:e:f',
      '00:00:00:00:00:00',
      '',
    ])
      expect(normalizeMac(text), text).toBeNull();
  });
  it('the contract form stores the normalised MAC and refuses a bad one in Spanish', () => {
    const base = {
      nombre: 'Ana',
      calle: 'Centro',
      colonia: 'Centro',
      comunidad: 'Tizayuca',
      telefono: '7791234567',
      tipo: 1,
      monto: 300,
      costoInstalacion: 1300,
      fechaContratacion: '2026-01-01',
    };
    expect(contractInputSchema.parse({ ...base, mac: 'aabb.ccdd.ee0f' }).mac).toBe('AA:BB:CC:DD:EE:0F');
    expect(contractInputSchema.parse({ ...base }).mac).toBe('');
    const bad = contractInputSchema.safeParse({ ...base, mac: 'aa:bb' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(MAC_INVALID_MESSAGE);
  });
});

describe('contract network fields', () => {
  const base = {
    nombre: 'Ana',
    calle: 'Centro',
    colonia: 'Centro',
    comunidad: 'Tizayuca',
    telefono: '7791234567',
    tipo: 1,
    monto: 300,
    costoInstalacion: 1300,
    fechaContratacion: '2026-01-01',
  };
  it('absent fields stay absent (an older form keeps what is stored)', () => {
    const p = contractInputSchema.parse(base);
    expect(p.idRouter).toBeUndefined();
    expect(p.usuarioPppoe).toBeUndefined();
    expect(p.ipCliente).toBeUndefined();
  });
  it('validates the router id, the PPPoE user and the IPv4', () => {
    const p = contractInputSchema.parse({ ...base, idRouter: 2, usuarioPppoe: 'cli0042', ipCliente: '10.21.0.44' });
    expect(p).toMatchObject({ idRouter: 2, usuarioPppoe: 'cli0042', ipCliente: '10.21.0.44' });
    expect(contractInputSchema.parse({ ...base, idRouter: null }).idRouter).toBeNull();
    expect(contractInputSchema.safeParse({ ...base, idRouter: '2' }).success).toBe(false);
    expect(contractInputSchema.safeParse({ ...base, ipCliente: '10.21.0.256' }).success).toBe(false);
    expect(contractInputSchema.safeParse({ ...base, usuarioPppoe: 'a b' }).success).toBe(false);
    expect(contractInputSchema.safeParse({ ...base, usuarioPppoe: 'x=1' }).success).toBe(false);
  });
});

describe('addresses and hosts', () => {
  it('IPv4 is four octets 0-255 without leading zeros', () => {
    expect(isIpv4('10.21.0.2')).toBe(true);
    expect(isIpv4('255.255.255.0')).toBe(true);
    for (const bad of ['10.21.0', '10.21.0.256', '010.1.1.1', '1.2.3.4.5', 'a.b.c.d', ''])
      expect(isIpv4(bad), bad).toBe(false);
  });
  it('a host is an IPv4 or a DNS name', () => {
    expect(isHostName('127.0.0.1')).toBe(true);
    expect(isHostName('router-1.airlink.mx')).toBe(true);
    for (const bad of ['999.1.1.1', 'bad host', '-x.mx', 'http://x']) expect(isHostName(bad), bad).toBe(false);
  });
});

describe('site, router and device requests', () => {
  it('router defaults: port 8728 (8729 with TLS); no suspension list means the configured one', () => {
    const r = routerInputSchema.parse({ host: '10.0.0.1', username: 'api' });
    expect(r).toMatchObject({ tls: false, listaSuspension: '', password: '', activo: true });
    expect(routerPort(r.port, r.tls)).toBe(8728);
    expect(routerPort(undefined, true)).toBe(8729);
    expect(routerPort(18728, true)).toBe(18728);
    expect(routerInputSchema.parse({ host: 'x.mx', username: 'a', listaSuspension: ' morosos ' }).listaSuspension).toBe(
      'morosos',
    );
    expect(routerInputSchema.safeParse({ host: 'x.mx', username: 'a', port: 70000 }).success).toBe(false);
    expect(routerInputSchema.safeParse({ host: 'x.mx', username: 'a', listaSuspension: 'con espacio' }).success).toBe(
      false,
    );
    expect(routerInputSchema.safeParse({ host: 'no es host', username: 'a' }).success).toBe(false);
  });
  it("the spec's free fields of a router answer in Spanish (never 'Database', 'Table', 'Column', 'Value')", () => {
    const long = 'x'.repeat(201);
    const r = routerInputSchema.safeParse({
      host: 'x.mx',
      username: 'a',
      database: long,
      table: long,
      column: long,
      value: long,
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual([
      'La base de datos: máximo 100 caracteres',
      'La tabla: máximo 100 caracteres',
      'La columna: máximo 100 caracteres',
      'El valor: máximo 200 caracteres',
    ]);
    const typed = routerInputSchema.safeParse({ host: 'x.mx', username: 'a', database: 5 });
    expect(typed.error!.issues[0]!.message).toBe('La base de datos debe ser texto');
  });
  it('passwords are kept as typed (not trimmed)', () => {
    expect(siteInputSchema.parse({ nombre: 'Torre', password: ' s3cret ' }).password).toBe(' s3cret ');
  });
  it('a device needs a MAC and takes it in any notation', () => {
    expect(deviceInputSchema.parse({ hwaddr: '0418d6aabbcc' }).hwaddr).toBe('04:18:D6:AA:BB:CC');
    expect(deviceInputSchema.safeParse({}).success).toBe(false);
    expect(deviceInputSchema.safeParse({ hwaddr: '04:18:D6:AA:BB:CC', ipaddr: '1.2.3' }).success).toBe(false);
    expect(deviceInputSchema.safeParse({ hwaddr: '04:18:D6:AA:BB:CC', url: 'ftp://x' }).success).toBe(false);
  });
  it("a device's management address defaults to https://{ipaddr}", () => {
    expect(deviceUrl('', '192.168.21.5')).toBe('https://192.168.21.5');
    expect(deviceUrl('http://radio.local:8080', '192.168.21.5')).toBe('http://radio.local:8080');
    expect(deviceUrl('', '')).toBe('');
  });
});

describe('the cut and reconnect plan', () => {
  const full = { ip: '10.21.0.44', pppoeUser: 'cli0042' };
  const activeOnRouter: RouterObserved = { listEntries: 0, secret: { disabled: false }, activeSessions: 1 };
  const cutOnRouter: RouterObserved = { listEntries: 1, secret: { disabled: true }, activeSessions: 0 };

  it('a cut lists the IP, disables the secret and drops its sessions, in that order', () => {
    expect(routerPlan({ cortado: true, ...full }, activeOnRouter)).toEqual([
      'addToList',
      'disableSecret',
      'dropSessions',
    ]);
  });
  it('a reconnection unlists the IP and enables the secret (the radio redials by itself)', () => {
    expect(routerPlan({ cortado: false, ...full }, cutOnRouter)).toEqual(['removeFromList', 'enableSecret']);
  });
  it('is empty when the router already holds the state (idempotent)', () => {
    expect(routerPlan({ cortado: true, ...full }, cutOnRouter)).toEqual([]);
    expect(routerPlan({ cortado: false, ...full }, { ...activeOnRouter })).toEqual([]);
  });
  it('a session that redialed while cut is dropped again; duplicates in the list are all removed', () => {
    expect(routerPlan({ cortado: true, ...full }, { ...cutOnRouter, activeSessions: 2 })).toEqual(['dropSessions']);
    expect(
      routerPlan({ cortado: false, ...full }, { listEntries: 3, secret: { disabled: false }, activeSessions: 0 }),
    ).toEqual(['removeFromList']);
  });
  it('acts only on what the contract has: IP only, PPPoE only', () => {
    expect(routerPlan({ cortado: true, ip: '10.0.0.2', pppoeUser: '' }, activeOnRouter)).toEqual(['addToList']);
    expect(routerPlan({ cortado: true, ip: '', pppoeUser: 'u' }, activeOnRouter)).toEqual([
      'disableSecret',
      'dropSessions',
    ]);
    expect(routerTargetProblem({ cortado: true, ip: '', pppoeUser: '' })).toMatch(/no IP del cliente ni usuario PPPoE/);
    expect(routerTargetProblem({ cortado: true, ...full })).toBeNull();
  });
  it('comments name the contract number, or the customer id before authorization', () => {
    expect(suspensionComment({ id: 7, no: 42 })).toBe('AirLink contrato 42');
    expect(suspensionComment({ id: 7, no: 0 })).toBe('AirLink cliente 7');
  });
  it('labels never claim a cut the router did not confirm', () => {
    expect(networkStateLabel('aplicado', true)).toBe('Cortado en el router');
    expect(networkStateLabel('pendiente', true)).not.toMatch(/^Cortado/);
    expect(networkStateLabel('error', true)).toMatch(/no aplicó/);
    expect(networkStateLabel(null, true)).toBe('Sin router asignado');
  });
  it('a cancelled contract is cut on the router, like a cut one', () => {
    expect(mustBeCutOnRouter({ cortado: false, activo: true })).toBe(false);
    expect(mustBeCutOnRouter({ cortado: true, activo: true })).toBe(true);
    expect(mustBeCutOnRouter({ cortado: false, activo: false })).toBe(true);
  });
  it('a cut contract that moves gives back on the old router only what the new placement does not take over', () => {
    const old = { routerId: 1, ip: '10.0.0.2', pppoeUser: 'u' };
    expect(releaseTarget(old, false, { routerId: 2, ip: '10.0.0.2', pppoeUser: 'u' })).toBeNull();
    expect(releaseTarget(null, true, old)).toBeNull();
    expect(releaseTarget(old, true, { routerId: 2, ip: '10.0.0.2', pppoeUser: 'u' })).toEqual({
      cortado: false,
      ip: '10.0.0.2',
      pppoeUser: 'u',
    });
    expect(releaseTarget(old, true, null)).toEqual({ cortado: false, ip: '10.0.0.2', pppoeUser: 'u' });
    expect(releaseTarget(old, true, { routerId: 1, ip: '10.0.0.9', pppoeUser: 'u' })).toEqual({
      cortado: false,
      ip: '10.0.0.2',
      pppoeUser: '',
    });
    expect(releaseTarget(old, true, { routerId: 1, ip: '10.0.0.2', pppoeUser: 'v' })).toEqual({
      cortado: false,
      ip: '',
      pppoeUser: 'u',
    });
    expect(releaseTarget(old, true, { ...old })).toBeNull();
  });
  it('the reconciliation summary reads as Spanish', () => {
    expect(reconcileMessage({ routers: 1, contratos: 3, corregidos: 0, errores: 0 })).toBe(
      'Se revisaron 3 contratos en 1 router: todo coincide con el router.',
    );
    expect(reconcileMessage({ routers: 2, contratos: 1, corregidos: 1, errores: 2 })).toBe(
      'Se revisaron 1 contrato en 2 routers: 1 corregido, 2 con error.',
    );
  });
});

describe('radioOnlineSince', () => {
  it('is RADIO_ONLINE_POLLS poll intervals before now: one missed poll is no outage', () => {
    const now = new Date('2026-11-24T15:00:00Z');
    expect(RADIO_ONLINE_POLLS).toBe(3);
    expect(radioOnlineSince(now, 60).toISOString()).toBe('2026-11-24T14:57:00.000Z');
    expect(radioOnlineSince(now, 300).toISOString()).toBe('2026-11-24T14:45:00.000Z');
  });
});
