import { randomUUID } from 'node:crypto';
import type {
  Contract,
  ContractNetworkEvent,
  Device,
  Paged,
  ReconcileSummary,
  Router,
  RouterProbe,
  Site,
} from '@airlink/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contratos, devices, routers, sites } from '../src/db/schema';
import { RouterOsClient } from '../src/integrations/routeros/client';
import { buildDemoRouterSeed, startFakeRouterOs, type FakeRouterOs } from '../src/demo/fakes/routeros/fake-server';
import { SEALED_PREFIX, SecretBox } from '../src/lib/secret-box';
import { DEMO_ROUTER_USER, demoRouterCustomer } from '../src/demo/seed/build-network';
import { DEMO_ROUTER_PASSWORD, startDemoRouters } from '../src/demo/routers';
import { NETWORK_NOW, ok, ROUTER_PASSWORD, type Method, SUSPENSION_LIST, useNetworkTestApp } from './network-fixtures';
import { connectHub, nextEvent } from './hub-client';
import { freePort } from './test-app';

const NOW = NETWORK_NOW;
const LIST = SUSPENSION_LIST;

/** What the server logged (JSON lines): a router's own words go there, never into an answer. */
const logged: string[] = [];
const net = useNetworkTestApp({ logStream: { write: (line) => void logged.push(line) } });
const { call, getContract } = net;
let fake: FakeRouterOs;

beforeAll(async () => {
  fake = await net.fakeRouter({ identity: 'torre-norte', seed: buildDemoRouterSeed({ customers: 16, subnet: 21 }) });
});

/** A router on the suite's fake ('Torre Norte'), `over` replacing any field. */
const createRouter = (over: Record<string, unknown> = {}): Promise<Router> =>
  net.createRouter(fake.port, { hostname: 'Torre Norte', ...over });

async function contractOnRouter(routerId: number, i: number, over: Partial<typeof contratos.$inferInsert> = {}) {
  const name = `cli${String(i).padStart(4, '0')}`;
  const ip = `10.21.0.${(i % 250) + 2}`;
  return net.m.contract({ routerId, usuarioPppoe: name, ipCliente: ip, no: 100 + i, ...over });
}

/** Saves the contract form with `over` changed; the saved contract. */
const editContract = async (id: number, over: Record<string, unknown>): Promise<Contract> =>
  ok<Contract>(await net.editContract(id, over));

describe('access levels on every network route', () => {
  it('sites and routers need 20, devices 10 to read and 20 to write, reconciliation 17', async () => {
    const table: Array<[Method, string, number, unknown?]> = [
      ['GET', '/api/site', 20],
      ['GET', '/api/site/1', 20],
      ['POST', '/api/site', 20, {}],
      ['PUT', '/api/site/1', 20, {}],
      ['DELETE', '/api/site/1', 20],
      ['GET', '/api/MikrotikRouters', 20],
      ['POST', '/api/MikrotikRouters', 20, {}],
      ['PUT', '/api/MikrotikRouters/1', 20, {}],
      ['DELETE', '/api/MikrotikRouters/1', 20],
      ['POST', '/api/MikrotikRouters/1/probar', 20],
      ['GET', '/api/devices', 10],
      ['POST', '/api/devices', 20, {}],
      ['PUT', '/api/devices/1', 20, {}],
      ['DELETE', '/api/devices/1', 20],
      ['POST', '/api/routercontrol/reconciliar', 17],
    ];
    const levels = [5, 10, 16, 17, 18, 20];
    for (const [method, url, min, payload] of table) {
      expect((await call(method, url, null, payload)).statusCode, `${method} ${url} anonymous`).toBe(401);
      for (const level of levels) {
        const status = (await call(method, url, level, payload)).statusCode;
        if (level < min) expect(status, `${method} ${url} at ${level}`).toBe(403);
        else expect(status, `${method} ${url} at ${level}`).not.toBe(403);
      }
    }
  });
});

describe('sites', () => {
  it('CRUD with the password sealed at rest, never answered, kept when left empty', async () => {
    const created = await ok<Site>(
      await call('POST', '/api/site', 20, {
        Nombre: 'Torre Sur',
        url: 'https://unms.airlink.mx',
        idSite: 9,
        username: 'ubnt',
        password: 'site-pw',
      }),
      201,
    );
    expect(created).toMatchObject({
      nombre: 'Torre Sur',
      idSite: 9,
      username: 'ubnt',
      tienePassword: true,
      routers: 0,
    });
    expect(JSON.stringify(created)).not.toContain('site-pw');
    const [raw] = await net.m.t.database.db.select().from(sites).where(eq(sites.id, created.id));
    expect(raw!.passwordEnc!.startsWith(SEALED_PREFIX)).toBe(true);
    expect(net.m.t.app.ctx.secrets.open(raw!.passwordEnc!)).toBe('site-pw');

    const edited = await ok<Site>(
      await call('PUT', `/api/site/${created.id}`, 20, { nombre: 'Torre Sur 2', password: '' }),
    );
    expect(edited).toMatchObject({ nombre: 'Torre Sur 2', tienePassword: true });
    const [after] = await net.m.t.database.db.select().from(sites).where(eq(sites.id, created.id));
    expect(after!.passwordEnc).toBe(raw!.passwordEnc);

    const list = await ok<Site[]>(await call('GET', '/api/site', 20));
    expect(list.map((s) => s.id)).toContain(created.id);
    expect(JSON.stringify(list)).not.toContain(SEALED_PREFIX);
    expect((await call('GET', `/api/site/${created.id}`, 20)).json()).toMatchObject({ nombre: 'Torre Sur 2' });

    expect((await call('DELETE', `/api/site/${created.id}`, 20)).statusCode).toBe(204);
    expect((await call('GET', `/api/site/${created.id}`, 20)).statusCode).toBe(404);
  });

  it("counts each site's own routers and radios (a deleted radio does not count)", async () => {
    const busy = await ok<Site>(await call('POST', '/api/site', 20, { nombre: 'Torre contada' }), 201);
    const empty = await ok<Site>(await call('POST', '/api/site', 20, { nombre: 'Torre vacía' }), 201);
    await createRouter({ siteId: busy.id, host: '127.0.0.1' });
    await ok<Device>(await call('POST', '/api/devices', 20, { hwaddr: '02:CC:00:00:00:01', siteid: busy.id }), 201);
    const gone = await ok<Device>(
      await call('POST', '/api/devices', 20, { hwaddr: '02:CC:00:00:00:02', siteid: busy.id }),
      201,
    );
    expect((await call('DELETE', `/api/devices/${gone.id}`, 20)).statusCode).toBe(204);
    const list = await ok<Site[]>(await call('GET', '/api/site', 20));
    expect(list.find((s) => s.id === busy.id)).toMatchObject({ routers: 1, devices: 1 });
    expect(list.find((s) => s.id === empty.id)).toMatchObject({ routers: 0, devices: 0 });
    expect(await ok<Site>(await call('GET', `/api/site/${busy.id}`, 20))).toMatchObject({ routers: 1, devices: 1 });
  });

  it('refuses bad input in Spanish and a site in use with a 409', async () => {
    const bad = await call('POST', '/api/site', 20, { nombre: '', lat: 100 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toMatchObject({ nombre: [expect.any(String)], lat: ['La latitud va de -90 a 90'] });
    const site = await ok<Site>(await call('POST', '/api/site', 20, { nombre: 'Torre con equipo' }), 201);
    await ok<Device>(await call('POST', '/api/devices', 20, { hwaddr: '02:AA:00:00:00:01', siteid: site.id }), 201);
    const res = await call('DELETE', `/api/site/${site.id}`, 20);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'site_in_use', message: expect.stringContaining('1 dispositivo') });
  });
});

describe('routers', () => {
  it('CRUD: port 8728 by default, the suspension list, sealed password kept on an empty edit', async () => {
    const r = await ok<Router>(
      await call('POST', '/api/MikrotikRouters', 20, {
        host: '10.0.0.1',
        username: 'api',
        password: 'pw-1',
        AdditionalInfo3: 'rack 2',
      }),
      201,
    );
    expect(r).toMatchObject({
      port: 8728,
      tls: false,
      listaSuspension: LIST,
      tienePassword: true,
      additionalInfo3: 'rack 2',
    });
    expect(JSON.stringify(r)).not.toContain('pw-1');
    const [raw] = await net.m.t.database.db.select().from(routers).where(eq(routers.id, r.id));
    expect(raw!.passwordEnc!.startsWith(SEALED_PREFIX)).toBe(true);

    const same = await ok<Router>(
      await call('PUT', `/api/MikrotikRouters/${r.id}`, 20, {
        host: '10.0.0.1',
        username: 'api',
        AdditionalInfo3: 'rack 3',
      }),
    );
    expect(same).toMatchObject({ port: 8728, additionalInfo3: 'rack 3', tienePassword: true });
    const [kept] = await net.m.t.database.db.select().from(routers).where(eq(routers.id, r.id));
    expect(kept!.passwordEnc).toBe(raw!.passwordEnc);
    // TLS is another address: the password goes with it only typed again (network-secrets.test.ts).
    const tls = await ok<Router>(
      await call('PUT', `/api/MikrotikRouters/${r.id}`, 20, {
        host: '10.0.0.1',
        username: 'api',
        tls: true,
        password: 'pw-2',
      }),
    );
    expect(tls).toMatchObject({ port: 8729, tls: true, tienePassword: true });

    const bad = await call('POST', '/api/MikrotikRouters', 20, { host: 'no es host', username: 'a', siteId: 999 });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call('POST', '/api/MikrotikRouters', 20, { host: '10.0.0.9', username: 'a', siteId: 999 })).json(),
    ).toMatchObject({
      details: { siteId: ['El site elegido no existe'] },
    });

    expect((await call('DELETE', `/api/MikrotikRouters/${r.id}`, 20)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/MikrotikRouters/${r.id}`, 20)).statusCode).toBe(404);
  });

  it('a router that serves contracts cannot be deleted', async () => {
    const r = await createRouter();
    await net.m.contract({ routerId: r.id });
    const res = await call('DELETE', `/api/MikrotikRouters/${r.id}`, 20);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'router_in_use', message: expect.stringContaining('1 contrato lo usa') });
  });

  it('probar: identity, version and uptime; a wrong password or an unreachable host gives a Spanish reason', async () => {
    const good = await createRouter();
    const probe = await ok<RouterProbe>(await call('POST', `/api/MikrotikRouters/${good.id}/probar`, 20));
    expect(probe).toMatchObject({ ok: true, identity: 'torre-norte', version: expect.stringMatching(/^7\./) });
    if (probe.ok) expect(probe.uptimeSeconds).toBeGreaterThanOrEqual(0);

    const wrong = await createRouter({ password: 'otra' });
    expect((await call('POST', `/api/MikrotikRouters/${wrong.id}/probar`, 20)).json()).toEqual({
      ok: false,
      error: 'routeros_auth',
      message: 'Usuario o contraseña incorrectos en el router',
    });

    const foreign = await createRouter();
    const otherKey = new SecretBox('another-secret-another-secret-0123456789');
    await net.m.t.database.db
      .update(routers)
      .set({ passwordEnc: otherKey.seal(ROUTER_PASSWORD) })
      .where(eq(routers.id, foreign.id));
    expect((await call('POST', `/api/MikrotikRouters/${foreign.id}/probar`, 20)).json()).toMatchObject({
      ok: false,
      error: 'sealed_password',
      message: expect.stringMatching(/^No se pudo abrir la contraseña guardada del router\. La clave /),
    });

    const down = await createRouter({ port: await freePort() });
    const res = await ok<RouterProbe>(await call('POST', `/api/MikrotikRouters/${down.id}/probar`, 20));
    expect(res).toMatchObject({
      ok: false,
      error: 'routeros_unreachable',
      message: expect.stringMatching(/^No se pudo conectar/),
    });
  });
});

describe('devices', () => {
  it('normalises the MAC, refuses a duplicate in any notation, pages and searches', async () => {
    const site = await ok<Site>(
      await call('POST', '/api/site', 20, { nombre: 'Torre Radios', username: 'ubnt', password: 'x' }),
      201,
    );
    const d = await ok<Device>(
      await call('POST', '/api/devices', 20, {
        hwaddr: '04-18-d6-aa-00-01',
        ipaddr: '127.0.21.5',
        hostname: 'radio-ana',
        siteid: site.id,
        username: 'tecnico',
        password: 'radio-pw',
      }),
      201,
    );
    expect(d).toMatchObject({
      hwaddr: '04:18:D6:AA:00:01',
      url: 'https://127.0.21.5',
      urlPropia: false,
      tienePassword: true,
    });
    const [raw] = await net.m.t.database.db.select().from(devices).where(eq(devices.id, d.id));
    expect(raw!.passwordEnc!.startsWith(SEALED_PREFIX)).toBe(true);

    const dup = await call('POST', '/api/devices', 20, { hwaddr: '0418.d6aa.0001' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      error: 'mac_taken',
      message: 'Ya existe un dispositivo con la MAC 04:18:D6:AA:00:01.',
    });
    const badMac = await call('POST', '/api/devices', 20, { hwaddr: 'zz:zz' });
    expect(badMac.statusCode).toBe(400);
    expect(badMac.json().details.hwaddr).toEqual(['La MAC debe tener el formato AA:BB:CC:DD:EE:FF']);

    for (let i = 2; i <= 4; i++)
      await ok(
        await call('POST', '/api/devices', 20, {
          hwaddr: `04:18:D6:AA:00:0${i}`,
          hostname: `radio-${i}`,
          siteid: site.id,
        }),
        201,
      );
    const page = await ok<Paged<Device>>(
      await call('GET', `/api/devices?siteId=${site.id}&pageSize=2&sort=hwaddr`, 10),
    );
    expect(page.total).toBe(4);
    expect(page.items.map((x) => x.hwaddr)).toEqual(['04:18:D6:AA:00:01', '04:18:D6:AA:00:02']);
    const found = await ok<Paged<Device>>(await call('GET', '/api/devices?q=radio-ana', 10));
    expect(found.items.map((x) => x.id)).toEqual([d.id]);
    expect(JSON.stringify(found)).not.toContain(SEALED_PREFIX);

    const edited = await ok<Device>(
      await call('PUT', `/api/devices/${d.id}`, 20, {
        hwaddr: d.hwaddr,
        ipaddr: '127.0.21.6',
        url: 'http://radio.local:8080',
        siteid: site.id,
        username: 'tecnico',
        password: 'radio-pw-2',
      }),
    );
    expect(edited).toMatchObject({ url: 'http://radio.local:8080', urlPropia: true, tienePassword: true });
    expect((await call('PUT', `/api/devices/${d.id}`, 20, { hwaddr: '04:18:D6:AA:00:02' })).statusCode).toBe(409);

    expect((await call('DELETE', `/api/devices/${d.id}`, 20)).statusCode).toBe(204);
    expect((await ok<Paged<Device>>(await call('GET', '/api/devices?q=04:18:D6:AA:00:01', 10))).total).toBe(0);
    // The MAC can be added again: the deleted radio comes back (its history stays with it).
    const back = await ok<Device>(await call('POST', '/api/devices', 20, { hwaddr: '04:18:d6:aa:00:01' }), 201);
    expect(back.id).toBe(d.id);
  });
});

describe("the contract's network fields", () => {
  it('accepts idRouter (must exist), usuarioPppoe and ipCliente; a form without them keeps them', async () => {
    const r = await createRouter();
    const id = await net.m.contract();
    const before = await getContract(id);
    const body = {
      nombre: before.nombre,
      calle: before.calle,
      colonia: before.colonia,
      comunidad: before.comunidad,
      telefono: before.telefono,
      tipo: before.tipo,
      monto: before.monto,
      costoInstalacion: before.costoInstalacion,
      fechaContratacion: before.fechaContratacion,
    };
    const missing = await call('PUT', `/api/contratos/${id}`, 16, {
      ...body,
      version: before.version,
      idRouter: 99999,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual({ idRouter: ['El router elegido no existe'] });
    const badIp = await call('PUT', `/api/contratos/${id}`, 16, {
      ...body,
      version: before.version,
      ipCliente: '10.0.0.300',
    });
    expect(badIp.statusCode).toBe(400);

    const saved = await ok<Contract>(
      await call('PUT', `/api/contratos/${id}`, 16, {
        ...body,
        version: before.version,
        idRouter: r.id,
        usuarioPppoe: 'cli0011',
        ipCliente: '10.21.0.13',
      }),
    );
    expect(saved).toMatchObject({ idRouter: r.id, usuarioPppoe: 'cli0011', ipCliente: '10.21.0.13' });
    await net.m.t.app.ctx.routerControl.idle();
    // Active on the router already: the check confirms it.
    expect(await getContract(id)).toMatchObject({ estadoRed: 'aplicado', estadoRedMensaje: null });

    const again = await ok<Contract>(
      await call('PUT', `/api/contratos/${id}`, 16, { ...body, version: saved.version, nombre: 'Otro Nombre' }),
    );
    expect(again).toMatchObject({
      nombre: 'Otro Nombre',
      idRouter: r.id,
      usuarioPppoe: 'cli0011',
      ipCliente: '10.21.0.13',
    });
  });
});

describe("a router's own words stay in the server log", () => {
  const WORDS = 'failure: internal secret router words 7f3a';

  it('a !trap on a cut: the contract says a fixed Spanish reason, the log has the words', async () => {
    const r = await createRouter();
    const id = await contractOnRouter(r.id, 15);
    fake.trapOn((words) => words[0] === '/ip/firewall/address-list/add', WORDS, 1);
    try {
      const res = await call('POST', `/api/contratos/${id}/cortar`, 17, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('secret router words');
      expect(res.json()).toMatchObject({ estadoRed: 'error', estadoRedMensaje: 'El router rechazó la orden' });
      expect((await call('GET', `/api/contratos/${id}`, 17)).body).not.toContain('secret router words');
    } finally {
      fake.clearHooks();
    }
    expect(logged.some((l) => l.includes(WORDS) && l.includes('"contractId":' + id))).toBe(true);
  });

  it('a !trap or !fatal on probar: a fixed Spanish text and the code, the words only in the log', async () => {
    const r = await createRouter();
    fake.trapOn((words) => words[0] === '/system/resource/print', WORDS, 1);
    try {
      const res = await call('POST', `/api/MikrotikRouters/${r.id}/probar`, 20);
      expect(res.body).not.toContain('secret router words');
      expect(res.json()).toEqual({ ok: false, error: 'routeros_trap', message: 'El router rechazó la orden' });
    } finally {
      fake.clearHooks();
    }
    fake.fatalOn((words) => words[0] === '/system/resource/print', 'fatal secret router words', { once: true });
    try {
      const res = await call('POST', `/api/MikrotikRouters/${r.id}/probar`, 20);
      expect(res.body).not.toContain('secret router words');
      expect(res.json()).toEqual({ ok: false, error: 'routeros_fatal', message: 'El router cerró la conexión' });
    } finally {
      fake.clearHooks();
    }
    const lines = logged.filter((l) => l.includes('"routerId":' + r.id));
    expect(lines.some((l) => l.includes(WORDS))).toBe(true);
    expect(lines.some((l) => l.includes('fatal secret router words'))).toBe(true);
  });
});

describe('Cortar and Reconectar on the router', () => {
  it('a cut lists the IP, disables the PPPoE secret and drops its session; Reconectar undoes exactly that', async () => {
    const r = await createRouter();
    const id = await contractOnRouter(r.id, 1);
    expect(fake.activeSessions('cli0001')).toHaveLength(1);

    const cut = await ok<Contract>(await call('POST', `/api/contratos/${id}/cortar`, 17, { nota: 'Falta de pago' }));
    expect(cut).toMatchObject({
      cortado: true,
      estadoRed: 'aplicado',
      estadoRedMensaje: null,
      estadoRedFecha: NOW.toISOString(),
    });
    expect(fake.addressList(LIST).filter((e) => e.address === '10.21.0.3')).toEqual([
      expect.objectContaining({ address: '10.21.0.3', comment: 'AirLink contrato 101' }),
    ]);
    expect(fake.secret('cli0001')!.disabled).toBe(true);
    expect(fake.activeSessions('cli0001')).toHaveLength(0);

    const back = await ok<Contract>(await call('POST', `/api/contratos/${id}/reconectar`, 17, {}));
    expect(back).toMatchObject({ cortado: false, estadoRed: 'aplicado' });
    expect(fake.addressList(LIST).filter((e) => e.address === '10.21.0.3')).toEqual([]);
    expect(fake.secret('cli0001')!.disabled).toBe(false);
  });

  it('a PPPoE user the router does not have is an error, never a cut shown as done', async () => {
    const r = await createRouter();
    const id = await contractOnRouter(r.id, 2, { usuarioPppoe: 'nadie' });
    const cut = await ok<Contract>(await call('POST', `/api/contratos/${id}/cortar`, 17, {}));
    expect(cut).toMatchObject({
      cortado: true,
      estadoRed: 'error',
      estadoRedMensaje: 'El usuario PPPoE nadie no existe en el router.',
    });
  });

  it('a router that hangs ends in error with its Spanish reason; a reconnection payment still answers 201 at once', async () => {
    const r = await createRouter();
    const id = await contractOnRouter(r.id, 3);
    fake.hangOn();
    try {
      const cut = await ok<Contract>(await call('POST', `/api/contratos/${id}/cortar`, 17, {}));
      expect(cut).toMatchObject({
        cortado: true,
        estadoRed: 'error',
        estadoRedMensaje: expect.stringMatching(/^El router no respondió|^No se pudo conectar|^Se perdió/),
      });

      const paid = await net.m.t.app.inject({
        method: 'POST',
        url: '/api/Pagos/registrar',
        headers: { ...net.m.t.auth(net.m.tokens[16]!), 'idempotency-key': randomUUID() },
        payload: { idCliente: id, monto: 330, idCuenta: 4, reconexion: true },
      });
      expect(paid.statusCode, paid.body).toBe(201);
      // Answered without waiting for the hung router (no wall-clock bound: a busy machine must not fail this):
      // had the payment waited, the router's timeout would already have turned the state into 'error'.
      expect(await getContract(id)).toMatchObject({ cortado: false, estadoRed: 'pendiente' });
      await net.m.t.app.ctx.routerControl.idle();
      expect(await getContract(id)).toMatchObject({ cortado: false, estadoRed: 'error' });
    } finally {
      fake.clearHooks();
    }
  });

  it('a reconnection payment reconnects on the router in the background', async () => {
    const r = await createRouter();
    const id = await contractOnRouter(r.id, 4);
    await ok(await call('POST', `/api/contratos/${id}/cortar`, 17, {}));
    expect(fake.secret('cli0004')!.disabled).toBe(true);
    const paid = await net.m.t.app.inject({
      method: 'POST',
      url: '/api/Pagos/registrar',
      headers: { ...net.m.t.auth(net.m.tokens[16]!), 'idempotency-key': randomUUID() },
      payload: { idCliente: id, monto: 330, idCuenta: 4, reconexion: true },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await net.m.t.app.ctx.routerControl.idle();
    expect(await getContract(id)).toMatchObject({ cortado: false, estadoRed: 'aplicado' });
    expect(fake.secret('cli0004')!.disabled).toBe(false);
    expect(fake.addressList(LIST).filter((e) => e.address === '10.21.0.6')).toEqual([]);
  });
});

describe('push', () => {
  it('every signed-in socket hears the router outcome (ContractNetworkState)', async () => {
    const base = await net.m.t.listen();
    const socket = await connectHub(base, net.m.tokens[5]!);
    try {
      const r = await createRouter();
      const id = await contractOnRouter(r.id, 11);
      const event = nextEvent<ContractNetworkEvent>(socket, 'ContractNetworkState', (e) => e.id === id);
      await ok(await call('POST', `/api/contratos/${id}/cortar`, 17, {}));
      expect(await event).toEqual({
        id,
        cortado: true,
        estadoRed: 'aplicado',
        estadoRedMensaje: null,
        estadoRedFecha: NOW.toISOString(),
      });
    } finally {
      socket.close();
    }
  });
});

describe('router work details', () => {
  it('editing a router reopens its pool: a fixed password takes effect at the next cut', async () => {
    const r = await createRouter({ password: 'equivocada' });
    const id = await contractOnRouter(r.id, 8);
    const failed = await ok<Contract>(await call('POST', `/api/contratos/${id}/cortar`, 17, {}));
    expect(failed).toMatchObject({
      estadoRed: 'error',
      estadoRedMensaje: 'Usuario o contraseña incorrectos en el router',
    });
    await ok(
      await call('PUT', `/api/MikrotikRouters/${r.id}`, 20, {
        host: '127.0.0.1',
        port: fake.port,
        username: 'airlink',
        password: ROUTER_PASSWORD,
      }),
    );
    const back = await ok<Contract>(await call('POST', `/api/contratos/${id}/reconectar`, 17, {}));
    expect(back).toMatchObject({ cortado: false, estadoRed: 'aplicado' });
  });

  it('a cut and a reconnection sent back to back apply in order: the router ends reconnected', async () => {
    const r = await createRouter();
    const id = await contractOnRouter(r.id, 9);
    const control = net.m.t.app.ctx.routerControl;
    await net.m.t.database.db.update(contratos).set({ cortado: true }).where(eq(contratos.id, id));
    await control.enforce(id);
    await net.m.t.database.db.update(contratos).set({ cortado: false }).where(eq(contratos.id, id));
    await control.enforce(id);
    await control.idle();
    expect(fake.secret('cli0009')!.disabled).toBe(false);
    expect(fake.addressList(LIST).filter((e) => e.address === '10.21.0.11')).toEqual([]);
    expect(await getContract(id)).toMatchObject({ cortado: false, estadoRed: 'aplicado' });
  });

  it('taking the router off a contract clears its network state', async () => {
    const r = await createRouter();
    const id = await contractOnRouter(r.id, 10, { estadoRed: 'error', estadoRedMensaje: 'x' });
    const saved = await editContract(id, { idRouter: null });
    expect(saved).toMatchObject({ idRouter: null, estadoRed: null, estadoRedMensaje: null });
  });
});

describe("a contract's life on the router", () => {
  let fake2: FakeRouterOs;
  beforeAll(async () => {
    fake2 = await startFakeRouterOs({
      identity: 'torre-sur',
      users: [{ name: 'airlink', password: ROUTER_PASSWORD }],
      seed: buildDemoRouterSeed({ customers: 16, subnet: 21 }),
    });
  });
  afterAll(async () => {
    await fake2?.stop();
  });
  const listed = (f: FakeRouterOs, ip: string) => f.addressList(LIST).filter((e) => e.address === ip);

  it('a cut contract moved to another router, IP or PPPoE user: the old place gives the cut back, the new one holds it', async () => {
    const north = await createRouter();
    const south = await createRouter({ port: fake2.port, hostname: 'Torre Sur' });
    const id = await contractOnRouter(north.id, 12);
    await ok(await call('POST', `/api/contratos/${id}/cortar`, 17, {}));
    expect(listed(fake, '10.21.0.14')).toHaveLength(1);
    expect(fake.secret('cli0012')!.disabled).toBe(true);

    await editContract(id, { idRouter: south.id });
    await net.m.t.app.ctx.routerControl.idle();
    expect(listed(fake, '10.21.0.14')).toEqual([]);
    expect(fake.secret('cli0012')!.disabled).toBe(false);
    expect(listed(fake2, '10.21.0.14')).toEqual([expect.objectContaining({ comment: 'AirLink contrato 112' })]);
    expect(fake2.secret('cli0012')!.disabled).toBe(true);
    expect(fake2.activeSessions('cli0012')).toHaveLength(0);
    expect(await getContract(id)).toMatchObject({ idRouter: south.id, cortado: true, estadoRed: 'aplicado' });

    // A new IP on the same router: the old IP leaves the list, the new one enters; the secret stays disabled.
    await editContract(id, { ipCliente: '10.21.0.99' });
    await net.m.t.app.ctx.routerControl.idle();
    expect(listed(fake2, '10.21.0.14')).toEqual([]);
    expect(listed(fake2, '10.21.0.99')).toHaveLength(1);
    expect(fake2.secret('cli0012')!.disabled).toBe(true);

    // A new PPPoE user: the old secret is enabled again, the new one disabled.
    await editContract(id, { usuarioPppoe: 'cli0015' });
    await net.m.t.app.ctx.routerControl.idle();
    expect(fake2.secret('cli0012')!.disabled).toBe(false);
    expect(fake2.secret('cli0015')!.disabled).toBe(true);
    expect(await getContract(id)).toMatchObject({ estadoRed: 'aplicado' });

    // The router taken off the contract: nothing of the cut stays behind.
    const off = await editContract(id, { idRouter: null });
    expect(off).toMatchObject({ idRouter: null, estadoRed: null });
    await net.m.t.app.ctx.routerControl.idle();
    expect(listed(fake2, '10.21.0.99')).toEqual([]);
    expect(fake2.secret('cli0015')!.disabled).toBe(false);
  });

  it('an active contract that moves leaves nothing to give back; an old router that does not answer is an error', async () => {
    const north = await createRouter();
    const south = await createRouter({ port: fake2.port, hostname: 'Torre Sur' });
    const active = await contractOnRouter(north.id, 14);
    fake.hangOn();
    try {
      // Not cut: the old router is not asked anything, so its outage does not matter.
      await editContract(active, { idRouter: south.id });
      await net.m.t.app.ctx.routerControl.idle();
      expect(await getContract(active)).toMatchObject({ estadoRed: 'aplicado', estadoRedMensaje: null });
    } finally {
      fake.clearHooks();
    }

    const cut = await contractOnRouter(north.id, 16);
    await ok(await call('POST', `/api/contratos/${cut}/cortar`, 17, {}));
    expect(fake.secret('cli0016')!.disabled).toBe(true);
    fake.hangOn();
    try {
      await editContract(cut, { idRouter: south.id });
      await net.m.t.app.ctx.routerControl.idle();
    } finally {
      fake.clearHooks();
    }
    // The new router holds the cut, but the old one still does: shown as an error, never as done.
    expect(fake2.secret('cli0016')!.disabled).toBe(true);
    expect(await getContract(cut)).toMatchObject({
      cortado: true,
      estadoRed: 'error',
      estadoRedMensaje: expect.stringMatching(/^El router anterior no quitó el corte: /),
    });
  });

  it('a cancelled contract is cut on the router, and reconciliation keeps it cut', async () => {
    const r = await createRouter();
    const id = await contractOnRouter(r.id, 13);
    expect(fake.activeSessions('cli0013')).toHaveLength(1);
    const cancelled = await ok<Contract>(
      await call('POST', `/api/contratos/${id}/cancelar`, 17, { motivo: 'Se mudó de la zona' }),
    );
    expect(cancelled).toMatchObject({ activo: false, cortado: false, estadoRed: 'aplicado' });
    expect(listed(fake, '10.21.0.15')).toEqual([expect.objectContaining({ comment: 'AirLink contrato 113' })]);
    expect(fake.secret('cli0013')!.disabled).toBe(true);
    expect(fake.activeSessions('cli0013')).toHaveLength(0);

    // Someone enables the secret by hand: the next pass disables it again.
    const hand = new RouterOsClient({
      host: '127.0.0.1',
      port: fake.port,
      username: 'airlink',
      password: ROUTER_PASSWORD,
    });
    try {
      const secret = await hand.pppSecrets.find('cli0013');
      await hand.pppSecrets.setDisabled(secret!.id, false);
    } finally {
      hand.close();
    }
    const s = await ok<ReconcileSummary>(await call('POST', '/api/routercontrol/reconciliar', 17));
    expect(s.correcciones).toContainEqual({ idContrato: id, pasos: ['usuario PPPoE deshabilitado'] });
    expect(fake.secret('cli0013')!.disabled).toBe(true);
  });
});

describe('reconciliation', () => {
  it('repairs drift (entry removed, secret re-enabled, session up while cut; entry left after a reconnection) and is idempotent', async () => {
    // Only this test's contracts have routers from here on.
    await net.m.t.database.db.update(contratos).set({ routerId: null });
    const r = await createRouter();
    const cutId = await contractOnRouter(r.id, 5);
    const activeId = await contractOnRouter(r.id, 6);
    await ok(await call('POST', `/api/contratos/${cutId}/cortar`, 17, {}));

    // Someone works on the router by hand.
    const hand = new RouterOsClient({
      host: '127.0.0.1',
      port: fake.port,
      username: 'airlink',
      password: ROUTER_PASSWORD,
    });
    try {
      await hand.addressList.removeAddress(LIST, '10.21.0.7');
      const secret = await hand.pppSecrets.find('cli0005');
      await hand.pppSecrets.setDisabled(secret!.id, false);
    } finally {
      hand.close();
    }
    fake.addActiveSession({ name: 'cli0005', address: '10.21.0.7' });
    fake.addAddressListEntry({ list: LIST, address: '10.21.0.8', comment: 'a mano' });

    const first = await ok<ReconcileSummary>(await call('POST', '/api/routercontrol/reconciliar', 17));
    expect(first).toMatchObject({ routers: 1, contratos: 2, corregidos: 2, errores: 0 });
    expect(first.correcciones).toEqual([
      {
        idContrato: cutId,
        pasos: [
          'IP agregada a la lista de suspensión',
          'usuario PPPoE deshabilitado',
          'sesión PPPoE activa desconectada',
        ],
      },
      { idContrato: activeId, pasos: ['IP quitada de la lista de suspensión'] },
    ]);
    expect(first.mensaje).toBe('Se revisaron 2 contratos en 1 router: 2 corregidos.');
    expect(fake.addressList(LIST).filter((e) => e.address === '10.21.0.7')).toHaveLength(1);
    expect(fake.secret('cli0005')!.disabled).toBe(true);
    expect(fake.activeSessions('cli0005')).toHaveLength(0);
    expect(fake.addressList(LIST).filter((e) => e.address === '10.21.0.8')).toHaveLength(0);

    const second = await ok<ReconcileSummary>(await call('POST', '/api/routercontrol/reconciliar', 17));
    expect(second).toMatchObject({
      corregidos: 0,
      errores: 0,
      correcciones: [],
      mensaje: 'Se revisaron 2 contratos en 1 router: todo coincide con el router.',
    });
    expect(await getContract(cutId)).toMatchObject({ estadoRed: 'aplicado' });
  });

  it('an unreachable router is reported, its contracts marked error, nothing shown as done', async () => {
    await net.m.t.database.db.update(contratos).set({ routerId: null });
    const foreign = await createRouter();
    const otherKey = new SecretBox('another-secret-another-secret-0123456789');
    await net.m.t.database.db
      .update(routers)
      .set({ passwordEnc: otherKey.seal(ROUTER_PASSWORD) })
      .where(eq(routers.id, foreign.id));
    expect((await call('POST', `/api/MikrotikRouters/${foreign.id}/probar`, 20)).json()).toMatchObject({
      ok: false,
      error: 'sealed_password',
      message: expect.stringMatching(/^No se pudo abrir la contraseña guardada del router\. La clave /),
    });

    const down = await createRouter({ port: await freePort() });
    const id = await contractOnRouter(down.id, 7, { cortado: true });
    const s = await ok<ReconcileSummary>(await call('POST', '/api/routercontrol/reconciliar', 17));
    expect(s).toMatchObject({ routers: 1, contratos: 1, corregidos: 0, errores: 1 });
    expect(s.fallas[0]).toMatchObject({
      idContrato: id,
      mensaje: expect.stringMatching(/^No se pudo conectar con el router/),
    });
    expect(await getContract(id)).toMatchObject({
      estadoRed: 'error',
      estadoRedMensaje: expect.stringMatching(/^No se pudo conectar/),
    });
  });
});

describe('demo routers', () => {
  it("start on loopback with the seed's PPPoE users and IPs, get a sealed password, and Cortar works on them", async () => {
    await net.m.t.database.db.update(contratos).set({ routerId: null });
    const port = await freePort();
    const [row] = await net.m.t.database.db
      .insert(routers)
      .values({ host: '127.0.0.1', port, username: DEMO_ROUTER_USER, hostname: 'RB-Demo' })
      .returning({ id: routers.id });
    const ids: number[] = [];
    for (let i = 1; i <= 3; i++)
      ids.push(await net.m.contract({ routerId: row!.id, ...demoRouterCustomer(row!.id, i) }));
    const demo = await startDemoRouters(net.m.t.database.db, net.m.t.app.ctx.secrets, '127.0.0.1');
    try {
      const [stored] = await net.m.t.database.db.select().from(routers).where(eq(routers.id, row!.id));
      const fakeRouter = demo.byRouter.get(row!.id)!;
      expect(stored!.port).toBe(fakeRouter.port);
      expect(stored!.passwordEnc!.startsWith(SEALED_PREFIX)).toBe(true);
      expect(net.m.t.app.ctx.secrets.open(stored!.passwordEnc!)).toBe(DEMO_ROUTER_PASSWORD);
      const probe = await ok<RouterProbe>(await call('POST', `/api/MikrotikRouters/${row!.id}/probar`, 20));
      expect(probe).toMatchObject({ ok: true, identity: 'RB-Demo' });

      const c2 = await getContract(ids[1]!);
      expect(c2).toMatchObject({ usuarioPppoe: 'cli0002' });
      const cut = await ok<Contract>(await call('POST', `/api/contratos/${ids[1]}/cortar`, 17, {}));
      expect(cut).toMatchObject({ cortado: true, estadoRed: 'aplicado' });
      expect(fakeRouter.secret('cli0002')!.disabled).toBe(true);
      expect(fakeRouter.addressList(LIST).map((e) => e.address)).toContain(c2.ipCliente);
    } finally {
      net.m.t.app.ctx.routerControl.forgetRouter(row!.id);
      await demo.stop();
    }
  });
});
