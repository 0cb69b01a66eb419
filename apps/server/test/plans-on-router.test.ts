import type { LiveSpeed, Plan, ReconcileSummary, Router, RouterEvent, RouterInventory } from '@airlink/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { routers } from '../src/db/schema';
import type { FakeRouterOs } from '../src/demo/fakes/routeros/fake-server';
import { startDemoRouters } from '../src/demo/routers';
import { DEMO_ROUTER_USER, demoRouterCustomer } from '../src/demo/seed/build-network';
import { ok, ROUTER_PASSWORD, SUSPENSION_LIST, useNetworkTestApp, type Method } from './network-fixtures';
import { freePort } from './test-app';

const LIST = SUSPENSION_LIST;
const PROFILE_1 = 'airlink-1-residencial-hasta-3-mbps';
const PROFILE_4 = 'airlink-4-extremo-hasta-20-mbps';

const net = useNetworkTestApp();
const { call, idle, getContract, editContract, authorize } = net;

async function fakeRouter(version: string, users = [{ name: 'airlink', password: ROUTER_PASSWORD }]) {
  return net.fakeRouter({ version, users });
}

const createRouter = (fake: FakeRouterOs, mode: 'pppoe' | 'cola' | 'ninguno', user = 'airlink') =>
  net.createRouter(fake.port, { username: user, modoAprovisionamiento: mode });

describe('access levels on every new route', () => {
  it('plans: read by everyone signed in, edited at 20; inventory, adoption, events 20; live speed 5', async () => {
    const table: Array<[Method, string, number, unknown?]> = [
      ['GET', '/api/planes', 0],
      ['PUT', '/api/planes/1', 20, {}],
      ['GET', '/api/MikrotikRouters/1/inventario', 20],
      ['POST', '/api/MikrotikRouters/1/adoptar', 20, {}],
      ['GET', '/api/MikrotikRouters/1/eventos', 20],
      ['GET', '/api/contratos/1/velocidad', 5],
    ];
    for (const [method, url, min, payload] of table) {
      expect((await call(method, url, null, payload)).statusCode, `${method} ${url} anonymous`).toBe(401);
      for (const level of [5, 10, 16, 17, 18, 20]) {
        const status = (await call(method, url, level, payload)).statusCode;
        if (level < min) expect(status, `${method} ${url} at ${level}`).toBe(403);
        else expect(status, `${method} ${url} at ${level}`).not.toBe(403);
      }
    }
  });
});

describe('plans', () => {
  it('lists the spec defaults; an edit keeps contracts’ amounts; bad speeds are Spanish 400s', async () => {
    const plans = await ok<Plan[]>(await call('GET', '/api/planes', 5));
    expect(plans.map((p) => [p.id, p.bajadaMbps, p.subidaMbps])).toEqual([
      [1, 3, 1],
      [2, 6, 2],
      [3, 10, 3],
      [4, 20, 5],
      [5, 3, 3],
      [6, 6, 6],
      [7, 10, 10],
      [8, 20, 20],
    ]);
    const id = await net.m.contract({ tipo: 7, monto: 1700 });
    const edited = await ok<Plan>(await call('PUT', '/api/planes/7', 20, { ...plans[6], monto: 1900, id: undefined }));
    expect(edited.monto).toBe(1900);
    expect((await getContract(id)).monto).toBe(1700);

    const bad = await call('PUT', '/api/planes/7', 20, { ...plans[6], bajadaMbps: 20_000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('La bajada va de 0.064 a 10,000 Mbps');
    const text = await call('PUT', '/api/planes/7', 20, { ...plans[6], subidaMbps: 'diez' });
    expect(text.statusCode).toBe(400);
    expect(text.body).toContain('La subida debe ser un número');
    expect((await call('PUT', '/api/planes/99', 20, { ...plans[6] })).statusCode).toBe(404);
  });
});

describe("a router's provisioning mode", () => {
  it('POST without it is ninguno; a PUT that leaves it out keeps the stored mode, one that names it changes it', async () => {
    const fake = await fakeRouter('7.18.2');
    const plain = await ok<Router>(
      await call('POST', '/api/MikrotikRouters', 20, {
        host: '127.0.0.1',
        port: fake.port,
        username: 'airlink',
        password: ROUTER_PASSWORD,
      }),
      201,
    );
    expect(plain.modoAprovisionamiento).toBe('ninguno');
    const router = await createRouter(fake, 'pppoe');
    const { modoAprovisionamiento, ...form } = router;
    expect(modoAprovisionamiento).toBe('pppoe');
    const kept = await ok<Router>(
      await call('PUT', `/api/MikrotikRouters/${router.id}`, 20, {
        ...form,
        hostname: 'Torre renombrada',
        password: '',
      }),
    );
    expect(kept).toMatchObject({ hostname: 'Torre renombrada', modoAprovisionamiento: 'pppoe' });
    const changed = await ok<Router>(
      await call('PUT', `/api/MikrotikRouters/${router.id}`, 20, {
        ...form,
        password: '',
        modoAprovisionamiento: 'cola',
      }),
    );
    expect(changed.modoAprovisionamiento).toBe('cola');
    const bad = await call('PUT', `/api/MikrotikRouters/${router.id}`, 20, {
      ...form,
      password: '',
      modoAprovisionamiento: 'radius',
    });
    expect(bad.statusCode).toBe(400);
    const stored = (await ok<Router[]>(await call('GET', '/api/MikrotikRouters', 20))).find((r) => r.id === router.id);
    expect(stored?.modoAprovisionamiento).toBe('cola');
  });
});

describe.each(['7.18.2', '6.49.17'])('PPPoE router (RouterOS %s)', (version) => {
  let fake: FakeRouterOs;
  let router: Router;
  const user = (n: number) => `v${version[0]}cli${n}`;
  const ip = (n: number) => `10.${version[0]}0.0.${n}`;

  beforeAll(async () => {
    fake = await fakeRouter(version);
    router = await createRouter(fake, 'pppoe');
  });

  it('authorizing provisions the profile and the secret (sealed generated password, IP, comment)', async () => {
    const id = await net.m.contract({ routerId: router.id, usuarioPppoe: user(1), ipCliente: ip(1), tipo: 1 });
    const c = await authorize(id);
    const after = await getContract(id);
    expect(after).toMatchObject({ estadoRed: 'aplicado', tienePasswordPppoe: true });
    expect(fake.profile(PROFILE_1)).toMatchObject({ rateLimit: '1M/3M' });
    const secret = fake.secret(user(1))!;
    expect(secret).toMatchObject({ profile: PROFILE_1, disabled: false, comment: c.idcliente });
    expect(secret.password).toMatch(/^[\w-]{12}$/);
    expect(fake.snapshot().secrets.find((s) => s.name === user(1))).toBeDefined();
    const events = await ok<RouterEvent[]>(await call('GET', `/api/MikrotikRouters/${router.id}/eventos`, 20));
    expect(events.map((e) => e.accion)).toEqual(
      expect.arrayContaining([`usuario PPPoE ${user(1)} creado con el perfil ${PROFILE_1}`]),
    );
  });

  it('a typed password is the secret’s; a PPPoE user or IP of another contract on the router is a 409', async () => {
    const id = await net.m.contract({ tipo: 2 });
    const res = await editContract(id, {
      idRouter: router.id,
      usuarioPppoe: user(2),
      ipCliente: ip(2),
      passwordPppoe: 'clave-del-cliente',
    });
    expect(res.statusCode, res.body).toBe(200);
    await idle();
    expect(fake.secret(user(2))).toMatchObject({
      password: 'clave-del-cliente',
      profile: 'airlink-2-oficina-hasta-6-mbps',
    });
    expect(JSON.stringify(await getContract(id))).not.toContain('clave-del-cliente');

    const other = await net.m.contract({ tipo: 1 });
    const taken = await editContract(other, { idRouter: router.id, usuarioPppoe: user(2), ipCliente: ip(9) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'pppoe_user_taken' });
    expect(taken.json().message).toContain(`El usuario PPPoE ${user(2)} ya lo usa otro contrato`);
    const ipTaken = await editContract(other, { idRouter: router.id, usuarioPppoe: user(9), ipCliente: ip(2) });
    expect(ipTaken.json()).toMatchObject({ error: 'ip_taken' });
  });

  it('a plan change sets the profile and drops the session, so the new speed applies now', async () => {
    const id = await net.m.contract({ routerId: router.id, usuarioPppoe: user(3), ipCliente: ip(3), tipo: 1 });
    await authorize(id);
    fake.addActiveSession({ name: user(3), address: ip(3) });
    const before = await ok<LiveSpeed>(await call('GET', `/api/contratos/${id}/velocidad`, 5));
    expect(before).toMatchObject({ estado: 'en_linea', limiteBajadaMbps: 3, limiteSubidaMbps: 1 });
    expect(before.bajadaBps).toBeGreaterThan(0);
    expect(before.bajadaBps).toBeLessThanOrEqual(3_000_000);
    expect(before.subidaBps).toBeLessThanOrEqual(1_000_000);

    expect((await editContract(id, { tipo: 4 })).statusCode).toBe(200);
    await idle();
    expect(fake.secret(user(3))!.profile).toBe(PROFILE_4);
    expect(fake.profile(PROFILE_4)).toMatchObject({ rateLimit: '5M/20M' });
    expect(fake.activeSessions(user(3))).toEqual([]);
    expect(await getContract(id)).toMatchObject({ estadoRed: 'aplicado' });

    // The radio redials: its session now runs under the new limit.
    fake.addActiveSession({ name: user(3), address: ip(3) });
    const after = await ok<LiveSpeed>(await call('GET', `/api/contratos/${id}/velocidad`, 5));
    expect(after).toMatchObject({ estado: 'en_linea', limiteBajadaMbps: 20, limiteSubidaMbps: 5 });
    expect(after.bajadaBps).toBeGreaterThan(3_000_000);
  });

  it('a plan’s new speed reaches the router: profile corrected, sessions at the old speed dropped', async () => {
    const id = await net.m.contract({ routerId: router.id, usuarioPppoe: user(4), ipCliente: ip(4), tipo: 3 });
    await authorize(id);
    fake.addActiveSession({ name: user(4), address: ip(4) });
    const plan = (await ok<Plan[]>(await call('GET', '/api/planes', 20))).find((p) => p.id === 3)!;
    await ok(await call('PUT', '/api/planes/3', 20, { ...plan, bajadaMbps: 12 }));
    await idle();
    expect(fake.profile('airlink-3-cybercafe-hasta-10-mbps')).toMatchObject({ rateLimit: '3M/12M' });
    expect(fake.activeSessions(user(4))).toEqual([]);
    await ok(await call('PUT', '/api/planes/3', 20, plan));
    await idle();
  });

  it('a cut contract stays cut through provisioning, a plan change and a move of its PPPoE user', async () => {
    const id = await net.m.contract({
      routerId: router.id,
      usuarioPppoe: user(5),
      ipCliente: ip(5),
      tipo: 1,
      cortado: true,
    });
    await authorize(id);
    expect(fake.secret(user(5))).toMatchObject({ disabled: true, profile: PROFILE_1 });
    expect(fake.addressList(LIST).map((e) => e.address)).toContain(ip(5));
    expect((await editContract(id, { tipo: 4, usuarioPppoe: user(55) })).statusCode).toBe(200);
    await idle();
    expect(fake.secret(user(5))).toBeUndefined();
    expect(fake.secret(user(55))).toMatchObject({ disabled: true, profile: PROFILE_4 });
    expect(await getContract(id)).toMatchObject({ cortado: true, estadoRed: 'aplicado' });
  });

  it('moving to another router removes the secret from the old one; cancelling removes it', async () => {
    const other = await fakeRouter(version);
    const router2 = await createRouter(other, 'pppoe');
    const id = await net.m.contract({ routerId: router.id, usuarioPppoe: user(6), ipCliente: ip(6), tipo: 1 });
    await authorize(id);
    fake.addActiveSession({ name: user(6), address: ip(6) });
    expect((await editContract(id, { idRouter: router2.id })).statusCode).toBe(200);
    await idle();
    expect(fake.secret(user(6))).toBeUndefined();
    expect(fake.activeSessions(user(6))).toEqual([]);
    expect(other.secret(user(6))).toMatchObject({ profile: PROFILE_1, disabled: false });

    await ok(await call('POST', `/api/contratos/${id}/cancelar`, 17, { motivo: 'Se mudó de ciudad' }));
    await idle();
    expect(other.secret(user(6))).toBeUndefined();
    expect(await getContract(id)).toMatchObject({ activo: false, estadoRed: 'aplicado' });
  });

  it('a router down mid-way leaves it pending; reconciliation finishes the job', async () => {
    const id = await net.m.contract({ routerId: router.id, usuarioPppoe: user(7), ipCliente: ip(7), tipo: 1 });
    fake.closeOn();
    try {
      await authorize(id);
      const c = await getContract(id);
      expect(c.estadoRed, c.estadoRedMensaje ?? '').toBe('pendiente');
      expect(c.estadoRedMensaje).toContain('Se completará en la próxima conciliación.');
      expect(fake.secret(user(7))).toBeUndefined();
    } finally {
      fake.clearHooks();
    }
    const summary = await ok<ReconcileSummary>(await call('POST', '/api/routercontrol/reconciliar', 17));
    expect(summary.correcciones.find((x) => x.idContrato === id)?.pasos).toEqual(
      expect.arrayContaining([`usuario PPPoE ${user(7)} creado con el perfil ${PROFILE_1}`]),
    );
    expect(fake.secret(user(7))).toMatchObject({ profile: PROFILE_1 });
    expect(await getContract(id)).toMatchObject({ estadoRed: 'aplicado' });
  });

  it('reconciliation repairs a drifted secret profile and a deleted profile, each recorded', async () => {
    const id = await net.m.contract({ routerId: router.id, usuarioPppoe: user(8), ipCliente: ip(8), tipo: 1 });
    await authorize(id);
    fake.setRow('secret', fake.secret(user(8))!.id, { profile: 'default' });
    const profileId = fake.profile(PROFILE_1)!.id;
    fake.setRow('profile', profileId, { 'rate-limit': '10M/10M' });
    await ok(await call('POST', '/api/routercontrol/reconciliar', 17));
    expect(fake.secret(user(8))!.profile).toBe(PROFILE_1);
    expect(fake.profile(PROFILE_1)!.rateLimit).toBe('1M/3M');
    fake.removeRow('profile', fake.profile(PROFILE_1)!.id);
    await ok(await call('POST', '/api/routercontrol/reconciliar', 17));
    expect(fake.profile(PROFILE_1)!.rateLimit).toBe('1M/3M');
    const events = await ok<RouterEvent[]>(await call('GET', `/api/MikrotikRouters/${router.id}/eventos`, 20));
    const actions = events.map((e) => e.accion);
    expect(actions).toContain(`Conciliación: usuario PPPoE ${user(8)} pasado al perfil ${PROFILE_1}`);
    expect(actions).toContain(`Conciliación: velocidad del perfil ${PROFILE_1} corregida (1M/3M)`);
    expect(actions).toContain(`Conciliación: perfil ${PROFILE_1} creado (1M/3M)`);
  });

  it('inventory classifies the router and adoption takes entries over (409 when linked elsewhere)', async () => {
    fake.addProfile({ name: 'viejo-3M', rateLimit: '1M/3M' });
    fake.addProfile({ name: 'viejo-10M', rateLimit: '10M/10M' });
    fake.addSecret({ name: 'huerfano', password: 'x', profile: 'viejo-3M', comment: 'de antes' });
    fake.addSecret({ name: 'rapido', password: 'x', profile: 'viejo-10M' });
    const rapido = await net.m.contract({
      routerId: router.id,
      usuarioPppoe: 'rapido',
      tipo: 1,
      no: 900 + Number(version[0]),
    });
    const nuevo = await net.m.contract({ tipo: 1 });
    const inv = await ok<RouterInventory>(await call('GET', `/api/MikrotikRouters/${router.id}/inventario`, 20));
    expect(inv.modoAprovisionamiento).toBe('pppoe');
    expect(inv.soloEnRouter.map((e) => e.nombre)).toContain('huerfano');
    expect(inv.velocidadDistinta.find((e) => e.nombre === 'rapido')).toMatchObject({
      idContrato: rapido,
      bajadaMbps: 10,
      planBajadaMbps: 3,
    });
    expect(inv.vinculados.map((e) => e.nombre)).toContain(user(1));

    const linked = await call('POST', `/api/MikrotikRouters/${router.id}/adoptar`, 20, {
      vinculos: [{ idContrato: nuevo, usuarioPppoe: 'rapido' }],
    });
    expect(linked.statusCode).toBe(409);
    expect(linked.json()).toMatchObject({ error: 'entry_linked' });
    expect(linked.json().message).toBe(`El usuario PPPoE rapido ya está vinculado al contrato ${rapido}.`);
    // A contract another router serves is not taken over either; nothing of the request is linked.
    const elsewhere = await net.m.contract({ routerId: (await createRouter(await fakeRouter(version), 'pppoe')).id });
    const moved = await call('POST', `/api/MikrotikRouters/${router.id}/adoptar`, 20, {
      vinculos: [
        { idContrato: nuevo, usuarioPppoe: 'huerfano' },
        { idContrato: elsewhere, usuarioPppoe: 'otro-huerfano' },
      ],
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(`El contrato ${elsewhere} ya está en otro router.`);
    expect((await getContract(nuevo)).idRouter).toBeNull();

    const adopted = await ok<{ adoptados: number }>(
      await call('POST', `/api/MikrotikRouters/${router.id}/adoptar`, 20, {
        vinculos: [{ idContrato: nuevo, usuarioPppoe: 'huerfano' }],
      }),
    );
    expect(adopted.adoptados).toBe(1);
    await idle();
    expect(fake.secret('huerfano')).toMatchObject({ profile: PROFILE_1, password: 'x' });
    const again = await ok<RouterInventory>(await call('GET', `/api/MikrotikRouters/${router.id}/inventario`, 20));
    expect(again.vinculados.find((e) => e.nombre === 'huerfano')).toMatchObject({ idContrato: nuevo });
    expect(again.soloEnRouter.map((e) => e.nombre)).not.toContain('huerfano');
  });
});

describe('queue router and refusals', () => {
  it.each(['7.18.2', '6.49.17'])(
    'RouterOS %s: a queue moves with the IP and the router, a cut contract stays cut, nothing left behind',
    async (version) => {
      const fake = await fakeRouter(version);
      const router = await createRouter(fake, 'cola');
      const other = await fakeRouter(version);
      const router2 = await createRouter(other, 'cola');
      const id = await net.m.contract({ routerId: router.id, ipCliente: '10.51.0.2', tipo: 1, cortado: true });
      const c = await authorize(id);
      const name = `airlink-${String(c.no).padStart(4, '0')}`;
      expect(fake.queue(name)).toMatchObject({ target: '10.51.0.2/32', maxLimit: '1000000/3000000' });
      expect(fake.addressList(LIST).map((e) => e.address)).toContain('10.51.0.2');

      // Another IP on the same router: the queue's target follows, the cut moves with it.
      expect((await editContract(id, { ipCliente: '10.51.0.3' })).statusCode).toBe(200);
      await idle();
      expect(fake.queue(name)).toMatchObject({ target: '10.51.0.3/32' });
      expect(fake.addressList(LIST).map((e) => e.address)).toEqual(expect.arrayContaining(['10.51.0.3']));
      expect(fake.addressList(LIST).map((e) => e.address)).not.toContain('10.51.0.2');

      // Another router: the queue leaves the old one and is made on the new one, still cut there.
      expect((await editContract(id, { idRouter: router2.id })).statusCode).toBe(200);
      await idle();
      expect(fake.queue(name)).toBeUndefined();
      expect(other.queue(name)).toMatchObject({ target: '10.51.0.3/32', maxLimit: '1000000/3000000' });
      expect(other.addressList(LIST).map((e) => e.address)).toContain('10.51.0.3');
      expect(await net.getContract(id)).toMatchObject({ cortado: true, estadoRed: 'aplicado' });
    },
  );

  it('reconciliation repairs a queue whose max-limit drifted or that was removed, each recorded; a PPPoE customer without a session is sin_sesion', async () => {
    const fake = await fakeRouter('6.49.17');
    const router = await createRouter(fake, 'cola');
    const id = await net.m.contract({ routerId: router.id, ipCliente: '10.52.0.2', tipo: 2 });
    const c = await authorize(id);
    const name = `airlink-${String(c.no).padStart(4, '0')}`;
    fake.setRow('queue', fake.queue(name)!.id, { 'max-limit': '10M/10M' });
    await ok(await call('POST', '/api/routercontrol/reconciliar', 17));
    expect(fake.queue(name)!.maxLimit).toBe('2000000/6000000');
    fake.removeRow('queue', fake.queue(name)!.id);
    await ok(await call('POST', '/api/routercontrol/reconciliar', 17));
    expect(fake.queue(name)).toMatchObject({ target: '10.52.0.2/32', maxLimit: '2000000/6000000' });
    const events = await ok<RouterEvent[]>(await call('GET', `/api/MikrotikRouters/${router.id}/eventos`, 20));
    expect(events.map((e) => e.accion)).toEqual(
      expect.arrayContaining([
        `Conciliación: velocidad de la cola ${name} corregida (2M/6M)`,
        `Conciliación: cola ${name} creada (2M/6M)`,
      ]),
    );

    // A PPPoE customer without a session: 'sin_sesion', with the plan's limits.
    const pppoe = await createRouter(await fakeRouter('6.49.17'), 'pppoe');
    const offline = await net.m.contract({ routerId: pppoe.id, usuarioPppoe: 'sinsesion', tipo: 2 });
    await authorize(offline);
    expect(await ok<LiveSpeed>(await call('GET', `/api/contratos/${offline}/velocidad`, 5))).toMatchObject({
      estado: 'sin_sesion',
      bajadaBps: 0,
      subidaBps: 0,
      limiteBajadaMbps: 6,
      limiteSubidaMbps: 2,
    });
  });

  it('a queue named after the contract number with max-limit upload/download; plan change and cancel', async () => {
    const fake = await fakeRouter('7.18.2');
    const router = await createRouter(fake, 'cola');
    const id = await net.m.contract({ routerId: router.id, ipCliente: '10.50.0.2', tipo: 4 });
    const c = await authorize(id);
    const name = `airlink-${String(c.no).padStart(4, '0')}`;
    expect(fake.queue(name)).toMatchObject({ target: '10.50.0.2/32', maxLimit: '5000000/20000000' });
    const speed = await ok<LiveSpeed>(await call('GET', `/api/contratos/${id}/velocidad`, 5));
    expect(speed.estado).toBe('en_linea');
    expect(speed.bajadaBps).toBeLessThanOrEqual(20_000_000);
    expect(speed.subidaBps).toBeLessThanOrEqual(5_000_000);

    expect((await editContract(id, { tipo: 1 })).statusCode).toBe(200);
    await idle();
    expect(fake.queue(name)!.maxLimit).toBe('1000000/3000000');
    await ok(await call('POST', `/api/contratos/${id}/cancelar`, 17, { motivo: 'Cancelación de prueba' }));
    await idle();
    expect(fake.queue(name)).toBeUndefined();
  });

  it('a read-only router user: a clear Spanish reason, nothing shown as done', async () => {
    const fake = await fakeRouter('6.49.17', [{ name: 'lector', password: ROUTER_PASSWORD, readOnly: true }] as never);
    const router = await createRouter(fake, 'pppoe', 'lector');
    const id = await net.m.contract({ routerId: router.id, usuarioPppoe: 'ro1', tipo: 1 });
    await authorize(id);
    expect(await getContract(id)).toMatchObject({
      estadoRed: 'error',
      estadoRedMensaje:
        'El router rechazó el cambio: el usuario de AirLink en el router no tiene permiso de escritura.',
    });
    expect(fake.secret('ro1')).toBeUndefined();
    // Recorded in the router's events in Spanish, as an error: nothing shown as done.
    const events = await ok<RouterEvent[]>(await call('GET', `/api/MikrotikRouters/${router.id}/eventos`, 20));
    expect(events.filter((e) => e.idContrato === id)).toEqual([
      expect.objectContaining({
        accion: 'Aprovisionar el contrato',
        estado: 'error',
        mensaje: 'El router rechazó el cambio: el usuario de AirLink en el router no tiene permiso de escritura.',
      }),
    ]);
  });

  it('a secret refused for a missing profile is a Spanish reason (the router’s words go to the log)', async () => {
    const fake = await fakeRouter('7.18.2');
    const router = await createRouter(fake, 'pppoe');
    const id = await net.m.contract({ routerId: router.id, usuarioPppoe: 'sinperfil', tipo: 1 });
    fake.trapOn('/ppp/secret/add', 'input does not match any value of profile', 1, { once: true });
    await authorize(id);
    expect(await getContract(id)).toMatchObject({
      estadoRed: 'error',
      estadoRedMensaje: 'El router rechazó el usuario PPPoE: el perfil del plan no existe en el router.',
    });
  });
});

// Last in the file: the demo's start gives every loopback router of the fakes' user a fake of its own.
describe('demo routers', () => {
  it("a PPPoE demo router comes provisioned, with entries 'solo en router' and 'velocidad distinta' to show", async () => {
    const db = net.m.t.database.db;
    const [row] = await db
      .insert(routers)
      .values({
        host: '127.0.0.1',
        port: await freePort(),
        username: DEMO_ROUTER_USER,
        hostname: 'RB-Demo-Planes',
        provisioningMode: 'pppoe',
      })
      .returning({ id: routers.id });
    const ids: number[] = [];
    for (let i = 1; i <= 30; i++)
      ids.push(await net.m.contract({ routerId: row!.id, tipo: (i % 8) + 1, ...demoRouterCustomer(row!.id, i) }));
    const demo = await startDemoRouters(db, net.m.t.app.ctx.secrets, '127.0.0.1');
    try {
      const inv = await ok<RouterInventory>(await call('GET', `/api/MikrotikRouters/${row!.id}/inventario`, 20));
      // Every 25th customer is left on the operator's old profile; three old secrets AirLink does not know.
      expect(inv.velocidadDistinta.map((e) => e.idContrato)).toEqual([ids[24]]);
      expect(inv.vinculados).toHaveLength(29);
      expect(inv.soloEnRouter).toHaveLength(3);
      expect(inv.soloEnAirlink).toEqual([]);
      // The first reconciliation repairs it, and says so in the router's events.
      await ok(await call('POST', '/api/routercontrol/reconciliar', 17));
      const after = await ok<RouterInventory>(await call('GET', `/api/MikrotikRouters/${row!.id}/inventario`, 20));
      expect(after.velocidadDistinta).toEqual([]);
      const events = await ok<RouterEvent[]>(await call('GET', `/api/MikrotikRouters/${row!.id}/eventos`, 20));
      expect(events.filter((e) => e.idContrato === ids[24]).map((e) => e.accion)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Conciliación: usuario PPPoE cli0025 pasado al perfil airlink-/),
        ]),
      );
    } finally {
      net.m.t.app.ctx.routerControl.forgetRouter(row!.id);
      await demo.stop();
    }
  });
});
