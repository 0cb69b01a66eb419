import type { Device, Router, RouterProbe, Site } from '@airlink/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAirosServer, type FakeAirosServer } from '../src/demo/fakes/airos/fake-server';
import { startFakeRouterOs, type FakeRouterOs } from '../src/demo/fakes/routeros/fake-server';
import { auditLog, devices } from '../src/db/schema';
import { SEALED_PREFIX } from '../src/lib/secret-box';
import { createTestApp, type TestApp } from './test-app';

// Issue 22 part 3 (a stored password never goes to a new address) and part 6 (every change of a site, router or
// radio is in the audit trail, a password only as 'contraseña cambiada'), against the loopback fakes: the fake at
// the new address accepts the OLD password, so any login there would prove the stored one was sent.

const ROUTER_PASSWORD = 'clave-vieja-router';
const RADIO_PASSWORD = 'clave-vieja-radio';
const SITE_PASSWORD = 'clave-del-site';

let t: TestApp;
const tokens: Record<number, string> = {};
let original: FakeRouterOs;
let impostor: FakeRouterOs;
let airos: FakeAirosServer;

beforeAll(async () => {
  t = await createTestApp();
  for (const [level, email] of [
    [10, 'usuario@test.mx'],
    [20, 'admin@test.mx'],
  ] as const)
    tokens[level] = (await t.login(email)).token;
  t.app.ctx.routerControl.configure({ connectTimeoutMs: 2_000, commandTimeoutMs: 2_000 });
  original = await startFakeRouterOs({ identity: 'original', users: [{ name: 'api', password: ROUTER_PASSWORD }] });
  impostor = await startFakeRouterOs({ identity: 'impostor', users: [{ name: 'api', password: ROUTER_PASSWORD }] });
  airos = await startFakeAirosServer({
    radios: [
      { id: 'propio', family: 8, username: 'tecnico', password: RADIO_PASSWORD },
      { id: 'propio-nuevo', family: 8, username: 'tecnico', password: RADIO_PASSWORD },
      { id: 'del-site', family: 8, username: 'ubnt', password: SITE_PASSWORD },
      { id: 'del-site-nuevo', family: 8, username: 'ubnt', password: SITE_PASSWORD },
    ],
  });
});

afterAll(async () => {
  await t?.close();
  await original?.stop();
  await impostor?.stop();
  await airos?.stop();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, payload?: unknown, level = 20): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: t.auth(tokens[level]!),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
async function ok<T>(res: LightMyRequestResponse, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}
const auditOf = (entity: string, id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));

describe('a router never sends its stored password to a new host, port or TLS', () => {
  it('moving it without the password is a Spanish 400; with a new one, the new place never sees the old', async () => {
    const base = { host: '127.0.0.1', port: original.port, username: 'api', hostname: 'Torre Oriente' };
    const r = await ok<Router>(await call('POST', '/api/MikrotikRouters', { ...base, password: ROUTER_PASSWORD }), 201);

    for (const moved of [{ port: impostor.port }, { host: 'localhost' }, { tls: true, port: original.port }]) {
      const res = await call('PUT', `/api/MikrotikRouters/${r.id}`, { ...base, ...moved, password: '' });
      expect(res.statusCode, JSON.stringify(moved)).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'bad_request',
        message: expect.stringMatching(
          /^Cambiaste el host, el puerto o TLS del router: escribe de nuevo su contraseña/,
        ),
        details: { password: ['Cambió la dirección: escribe de nuevo la contraseña'] },
      });
    }
    // Nothing moved: the router still answers at its old place, and the impostor saw no login.
    expect(await ok<RouterProbe>(await call('POST', `/api/MikrotikRouters/${r.id}/probar`))).toMatchObject({
      ok: true,
      identity: 'original',
    });
    expect(impostor.logins).toBe(0);

    // Other fields (and the same address written out) still save with the password left empty.
    const renamed = await ok<Router>(
      await call('PUT', `/api/MikrotikRouters/${r.id}`, { ...base, hostname: 'Torre Oriente 2', password: '' }),
    );
    expect(renamed).toMatchObject({ hostname: 'Torre Oriente 2', tienePassword: true });

    // Moved with a password typed again: the impostor, which would take the old one, only ever gets the new one.
    await ok<Router>(
      await call('PUT', `/api/MikrotikRouters/${r.id}`, { ...base, port: impostor.port, password: 'otra-clave' }),
    );
    expect(await ok<RouterProbe>(await call('POST', `/api/MikrotikRouters/${r.id}/probar`))).toMatchObject({
      ok: false,
      error: 'routeros_auth',
    });
    expect(impostor.logins).toBe(0);
  });

  it('a router without a stored password moves freely (nothing stored can leak)', async () => {
    const r = await ok<Router>(await call('POST', '/api/MikrotikRouters', { host: '10.9.0.1', username: 'api' }), 201);
    const moved = await ok<Router>(
      await call('PUT', `/api/MikrotikRouters/${r.id}`, { host: '10.9.0.2', username: 'api', tls: true }),
    );
    expect(moved).toMatchObject({ host: '10.9.0.2', port: 8729, tienePassword: false });
  });
});

describe('a radio never sends a stored password to a new URL or IP', () => {
  it('its own password: a new URL or IP needs it typed again; the radio at the new URL never sees the old one', async () => {
    const base = { hwaddr: '02:5E:C0:00:00:01', url: airos.urlOf('propio'), username: 'tecnico' };
    const d = await ok<Device>(await call('POST', '/api/devices', { ...base, password: RADIO_PASSWORD }), 201);
    expect(await ok(await call('POST', `/api/devices/${d.id}/poll`, {}, 10))).toMatchObject({ ok: true });

    for (const moved of [{ url: airos.urlOf('propio-nuevo') }, { ipaddr: '127.0.0.9' }]) {
      const res = await call('PUT', `/api/devices/${d.id}`, { ...base, ...moved });
      expect(res.statusCode, JSON.stringify(moved)).toBe(400);
      expect(res.json()).toMatchObject({
        message: expect.stringMatching(/^Cambiaste la URL o la IP del radio: escribe de nuevo su contraseña/),
        details: { password: ['Cambió la dirección: escribe de nuevo la contraseña'] },
      });
    }
    expect(await ok(await call('POST', `/api/devices/${d.id}/poll`, {}, 10))).toMatchObject({ ok: true });
    expect(airos.radio('propio-nuevo').logins).toBe(0);

    await ok<Device>(
      await call('PUT', `/api/devices/${d.id}`, { ...base, url: airos.urlOf('propio-nuevo'), password: 'nueva' }),
    );
    expect(await ok(await call('POST', `/api/devices/${d.id}/poll`, {}, 10))).toMatchObject({ ok: false });
    expect(airos.radio('propio-nuevo').logins).toBe(0);
  });

  it("its site's password: a new radio, URL or site needs the site's password typed (checked, not stored)", async () => {
    const site = await ok<Site>(
      await call('POST', '/api/site', { nombre: 'Torre Poniente', username: 'ubnt', password: SITE_PASSWORD }),
      201,
    );
    const base = { hwaddr: '02:5E:C0:00:00:02', url: airos.urlOf('del-site'), siteid: site.id };

    const blank = await call('POST', '/api/devices', base);
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      message: expect.stringMatching(/^El radio usa la contraseña de su site/),
      details: { password: ['Escribe la contraseña del site'] },
    });
    const wrong = await call('POST', '/api/devices', { ...base, password: 'no-es' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'No es la contraseña del site: escribe la del site «Torre Poniente».',
      details: { password: ['No es la contraseña del site'] },
    });
    expect(airos.radio('del-site').logins).toBe(0);

    const d = await ok<Device>(await call('POST', '/api/devices', { ...base, password: SITE_PASSWORD }), 201);
    // Confirmed, not copied: the radio still uses its site's password.
    expect(d).toMatchObject({ tienePassword: false, username: '' });
    const [raw] = await t.database.db.select().from(devices).where(eq(devices.id, d.id));
    expect(raw!.passwordEnc).toBeNull();
    expect(await ok(await call('POST', `/api/devices/${d.id}/poll`, {}, 10))).toMatchObject({ ok: true });

    const moved = { ...base, url: airos.urlOf('del-site-nuevo') };
    expect((await call('PUT', `/api/devices/${d.id}`, moved)).statusCode).toBe(400);
    expect((await call('PUT', `/api/devices/${d.id}`, { ...moved, password: 'no-es' })).statusCode).toBe(400);
    expect(await ok(await call('POST', `/api/devices/${d.id}/poll`, {}, 10))).toMatchObject({ ok: true });
    expect(airos.radio('del-site-nuevo').logins).toBe(0);

    // Another site with a password is a new way for that password too.
    const other = await ok<Site>(
      await call('POST', '/api/site', { nombre: 'Torre Otra', username: 'ubnt', password: 'otra-del-site' }),
      201,
    );
    expect((await call('PUT', `/api/devices/${d.id}`, { ...base, siteid: other.id })).statusCode).toBe(400);

    // The same place saves with the password left empty; the new one with the site's password typed.
    await ok<Device>(await call('PUT', `/api/devices/${d.id}`, { ...base, hostname: 'radio-poniente' }));
    await ok<Device>(await call('PUT', `/api/devices/${d.id}`, { ...moved, password: SITE_PASSWORD }));
    expect(await ok(await call('POST', `/api/devices/${d.id}/poll`, {}, 10))).toMatchObject({ ok: true });
    expect(airos.radio('del-site-nuevo').logins).toBe(1);
  });
});

describe('the audit trail of sites, routers and radios', () => {
  it('create, edit and delete each write a row saying what changed; a password only as changed', async () => {
    const site = await ok<Site>(await call('POST', '/api/site', { nombre: 'Torre Auditada', username: 'ubnt' }), 201);
    await ok(
      await call('PUT', `/api/site/${site.id}`, { nombre: 'Torre Auditada 2', username: 'ubnt', password: 's' }),
    );
    const r = await ok<Router>(
      await call('POST', '/api/MikrotikRouters', {
        host: '10.8.0.1',
        username: 'api',
        password: 'uno',
        siteId: site.id,
      }),
      201,
    );
    await ok(
      await call('PUT', `/api/MikrotikRouters/${r.id}`, {
        host: '10.8.0.2',
        username: 'api',
        password: 'dos',
        siteId: site.id,
        database: 'radius',
      }),
    );
    const d = await ok<Device>(
      await call('POST', '/api/devices', { hwaddr: '02:5E:C0:00:00:09', ipaddr: '10.8.1.9' }),
      201,
    );
    await ok(await call('PUT', `/api/devices/${d.id}`, { hwaddr: d.hwaddr, ipaddr: '10.8.1.10', product: 'LiteBeam' }));
    expect((await call('DELETE', `/api/devices/${d.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/MikrotikRouters/${r.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/site/${site.id}`)).statusCode).toBe(204);

    const admin = (await t.login('admin@test.mx')).user.id;
    const lines = (rows: Awaited<ReturnType<typeof auditOf>>) =>
      rows.map((row) => [row.action, (row.after as { cambios: string[] }).cambios]);

    const siteRows = await auditOf('site', site.id);
    expect(lines(siteRows)).toEqual([
      ['create', ['Nombre: Torre Auditada', 'Id del site: 0', 'Usuario: ubnt']],
      ['update', ['Nombre: Torre Auditada -> Torre Auditada 2', 'contraseña cambiada']],
      ['delete', ['Nombre: Torre Auditada 2', 'Id del site: 0', 'Usuario: ubnt']],
    ]);
    expect(siteRows.every((row) => row.userId === admin)).toBe(true);

    const routerRows = await auditOf('router', r.id);
    expect(lines(routerRows)).toEqual([
      [
        'create',
        [
          `Site: ${site.id}`,
          'Host: 10.8.0.1',
          'Puerto: 8728',
          'Usuario: api',
          'contraseña cambiada',
          'Lista de suspensión: airlink-cortados',
          'Modo de aprovisionamiento: ninguno',
          'Activo: sí',
        ],
      ],
      ['update', ['Host: 10.8.0.1 -> 10.8.0.2', 'contraseña cambiada', 'Base de datos: (vacío) -> radius']],
      // What was removed, never its password.
      [
        'delete',
        [
          `Site: ${site.id}`,
          'Host: 10.8.0.2',
          'Puerto: 8728',
          'Usuario: api',
          'Lista de suspensión: airlink-cortados',
          'Modo de aprovisionamiento: ninguno',
          'Base de datos: radius',
          'Activo: sí',
        ],
      ],
    ]);
    expect(routerRows[1]!.before).toMatchObject({ host: '10.8.0.1', tienePassword: true });
    expect(routerRows[1]!.after).toMatchObject({ host: '10.8.0.2', tienePassword: true });

    expect(lines(await auditOf('device', d.id))).toEqual([
      ['create', ['MAC: 02:5E:C0:00:00:09', 'IP: 10.8.1.9']],
      ['update', ['IP: 10.8.1.9 -> 10.8.1.10', 'Producto: (vacío) -> LiteBeam']],
      ['delete', ['MAC: 02:5E:C0:00:00:09', 'IP: 10.8.1.10', 'Producto: LiteBeam']],
    ]);

    // No password, sealed or not, is ever in the trail.
    const all = JSON.stringify(await t.database.db.select().from(auditLog));
    for (const secret of [SEALED_PREFIX, '"uno"', '"dos"', ROUTER_PASSWORD, SITE_PASSWORD, RADIO_PASSWORD])
      expect(all).not.toContain(secret);
  });

  it('a refused change writes no row', async () => {
    const r = await ok<Router>(
      await call('POST', '/api/MikrotikRouters', { host: '10.7.0.1', username: 'api', password: 'x' }),
      201,
    );
    expect((await call('PUT', `/api/MikrotikRouters/${r.id}`, { host: '10.7.0.2', username: 'api' })).statusCode).toBe(
      400,
    );
    expect((await auditOf('router', r.id)).map((row) => row.action)).toEqual(['create']);
  });
});
