import { apiKeyAllows, type ActionKey, type ApiKeyProfile } from '@airlink/domain';
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, apiKeys } from '../src/db/schema';
import { seedBase } from '../src/db/base-data';
import { hashApiKey } from '../src/modules/api-keys/api-keys.service';
import { createTestApp, type TestApp } from './test-app';

/**
 * API keys (issue 13, parts 1 and 3): keys issued, edited, regenerated and deleted by level 20; a key acts
 * through the same access table as users with its profile on every route Fastify has; stored as a hash only.
 */

let clock = new Date('2026-11-24T18:00:00Z');
let t: TestApp;
let admin: string;
const routes: Array<{ method: string; url: string; access: string }> = [];

const byAdmin = () => ({ authorization: `Bearer ${admin}` });
const json = { 'content-type': 'application/json' };

async function createKey(body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/ApiKey', headers: byAdmin(), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; key: string; keyPrefix: string; name: string; lastUsed: string | null };
}

const withKey = (key: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { 'x-api-key': key, ...(payload === undefined ? {} : json) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

/** A new contract's body for POST /api/contratos; `n` keeps phone, e-mail and MAC apart between tests. */
const newContract = (n: number, nombre: string) => ({
  nombre,
  calle: 'Av. Juárez',
  numero: String(10 + n),
  colonia: 'Centro',
  comunidad: 'Tizayuca',
  estado: 'Hidalgo',
  cp: '43800',
  telefono: `779123456${n}`,
  email: `api${n}@example.mx`,
  tipo: 1,
  monto: 300,
  costoInstalacion: 1300,
  mac: `AA:BB:CC:DD:EE:0${n}`,
  fechaContratacion: '2026-11-01',
  idGrupo: 0,
  facturar: false,
});

const keyRow = async (id: number) =>
  (
    await t.database.db
      .select()
      .from(apiKeys)
      .where(sql`${apiKeys.id} = ${id}`)
  )[0]!;

beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    onRoute: (r: RouteOptions) => {
      const methods = Array.isArray(r.method) ? r.method : [r.method];
      const access = (r.config as { access?: string } | undefined)?.access;
      for (const method of methods) {
        if (method === 'HEAD' || method === 'OPTIONS' || !r.url.toLowerCase().startsWith('/api/') || !access) continue;
        routes.push({ method, url: r.url, access });
      }
    },
  });
  await seedBase(t.database.db);
  admin = (await t.login('admin@test.mx')).token;
});
afterAll(() => t?.close());

describe('issuing keys (level 20)', () => {
  it('create answers the key once; it is stored only as its SHA-256 with a short prefix', async () => {
    const created = await createKey({ name: 'Contabilidad', profile: 'financial', description: 'ERP' });
    expect(created.key).toMatch(/^alk_[A-Za-z0-9_-]{43}$/);
    expect(created.keyPrefix).toBe(created.key.slice(0, 10));
    expect(created).toMatchObject({ profile: 'financial', neverExpires: true, expiresAt: null, isActive: true });
    const list = await t.app.inject({ method: 'GET', url: '/api/ApiKey', headers: byAdmin() });
    expect(list.body).not.toContain(created.key);
    expect(list.json()).toEqual([expect.objectContaining({ id: created.id, isExpired: false, lastUsed: null })]);
    expect(list.json()[0]).not.toHaveProperty('key');
    const row = await keyRow(created.id);
    expect(row.keyHash).toBe(hashApiKey(created.key));
    // The raw key is nowhere in the database: every row of every table, as text.
    const tables = (await t.database.db.execute(
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    )) as unknown as { rows: Array<{ name: string }> };
    expect(tables.rows.length).toBeGreaterThan(10);
    for (const { name } of tables.rows) {
      const dump = (await t.database.db.execute(
        sql`SELECT coalesce(string_agg(x::text, '|'), '') AS text FROM ${sql.identifier(name)} x`,
      )) as unknown as { rows: Array<{ text: string }> };
      const text = dump.rows[0]!.text;
      expect(text.includes(created.key), name).toBe(false);
      expect(text.includes(created.key.slice(4)), name).toBe(false);
    }
  });

  it('bad input: Spanish messages, nothing saved', async () => {
    const count = async () => (await t.database.db.select().from(apiKeys)).length;
    const before = await count();
    const post = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/ApiKey', headers: byAdmin(), payload: payload as object });
    const past = await post({ name: 'Vieja', neverExpires: false, expiresAt: '2026-11-24T11:59:59' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      message: 'La fecha de expiración ya pasó: elige una fecha futura',
      details: { expiresAt: ['La fecha de expiración ya pasó: elige una fecha futura'] },
    });
    const dup = await post({ name: '  contabilidad ' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      error: 'api_key_name_taken',
      message: 'Ya existe una API Key con el nombre "contabilidad".',
      details: { name: ['Ya existe una API Key con este nombre'] },
    });
    const long = await post({ name: 'Larga', description: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().details.description).toEqual(['La descripción admite como máximo 500 caracteres']);
    const noName = await post({ name: ' ', profile: 'admin' });
    expect(noName.json().details.name).toEqual(['El nombre es obligatorio']);
    const noDate = await post({ name: 'Sin fecha', neverExpires: false });
    expect(noDate.json().details.expiresAt).toEqual(['Elige la fecha de expiración o marca que nunca expira']);
    const badProfile = await post({ name: 'Raíz', profile: 'root' });
    expect(badProfile.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('an expiry carries seconds (business time without offset); it comes back to the second', async () => {
    const k = await createKey({ name: 'Con segundos', neverExpires: false, expiresAt: '2026-11-24T12:00:07' });
    expect((await keyRow(k.id)).expiresAt?.toISOString()).toBe('2026-11-24T18:00:07.000Z');
    const list = (await t.app.inject({ method: 'GET', url: '/api/ApiKey', headers: byAdmin() })).json() as Array<{
      id: number;
      expiresAt: string;
    }>;
    expect(list.find((x) => x.id === k.id)?.expiresAt).toBe('2026-11-24T18:00:07.000Z');
    // Seven seconds later it is expired, and says so.
    clock = new Date('2026-11-24T18:00:07Z');
    try {
      expect((await withKey(k.key, 'GET', '/api/contratos')).statusCode).toBe(401);
      const after = (await t.app.inject({ method: 'GET', url: '/api/ApiKey', headers: byAdmin() })).json() as Array<{
        id: number;
        isExpired: boolean;
      }>;
      expect(after.find((x) => x.id === k.id)?.isExpired).toBe(true);
      // Its form saved unchanged is fine; a new past expiry is not.
      const same = await t.app.inject({
        method: 'PUT',
        url: `/api/ApiKey/${k.id}`,
        headers: byAdmin(),
        payload: { description: 'igual', neverExpires: false, expiresAt: '2026-11-24T18:00:07.000Z' },
      });
      expect(same.statusCode, same.body).toBe(200);
      const moved = await t.app.inject({
        method: 'PUT',
        url: `/api/ApiKey/${k.id}`,
        headers: byAdmin(),
        payload: { neverExpires: false, expiresAt: '2026-11-24T12:00:05' },
      });
      expect(moved.statusCode).toBe(400);
      // Extending it brings it back.
      const extended = await t.app.inject({
        method: 'PUT',
        url: `/api/ApiKey/${k.id}`,
        headers: byAdmin(),
        payload: { neverExpires: true },
      });
      expect(extended.json()).toMatchObject({ neverExpires: true, expiresAt: null, isExpired: false });
      expect((await withKey(k.key, 'GET', '/api/contratos')).statusCode).toBe(200);
    } finally {
      clock = new Date('2026-11-24T18:00:00Z');
    }
  });

  it('edit refuses a name another key has; unknown ids are a Spanish 404', async () => {
    const k = await createKey({ name: 'Otra' });
    const taken = await t.app.inject({
      method: 'PUT',
      url: `/api/ApiKey/${k.id}`,
      headers: byAdmin(),
      payload: { name: 'CONTABILIDAD' },
    });
    expect(taken.statusCode).toBe(409);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/ApiKey/${k.id}`,
      headers: byAdmin(),
      payload: { name: 'otra', profile: 'admin', description: '' },
    });
    expect(renamed.json()).toMatchObject({ name: 'otra', profile: 'admin', description: null });
    for (const [method, url] of [
      ['PUT', '/api/ApiKey/999999'],
      ['DELETE', '/api/ApiKey/999999'],
      ['POST', '/api/ApiKey/999999/regenerate'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: byAdmin(),
        ...(method === 'PUT' ? { payload: { name: 'x' } } : {}),
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('La API Key no existe.');
    }
  });

  it('below level 20 the key routes are 403', async () => {
    const cajero = (await t.login('cajero@test.mx')).token;
    for (const [method, url] of [
      ['GET', '/api/ApiKey'],
      ['POST', '/api/ApiKey'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: t.auth(cajero), payload: { name: 'x' } });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('calling the API with a key', () => {
  it('X-API-Key and Authorization: ApiKey work, trimmed of spaces and line breaks; Bearer <key> is no key', async () => {
    const k = await createKey({ name: 'Lectura', profile: 'readonly' });
    const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/contratos', headers });
    expect((await get({ 'x-api-key': k.key })).statusCode).toBe(200);
    expect((await get({ 'x-api-key': `  ${k.key} \t` })).statusCode).toBe(200);
    expect((await get({ authorization: `ApiKey ${k.key}` })).statusCode).toBe(200);
    expect((await get({ authorization: `apikey   ${k.key}  ` })).statusCode).toBe(200);
    // A pasted key with line breaks around it (an HTTP client that folds them; the guard trims what it gets).
    const { presentedApiKey } = await import('../src/plugins/auth');
    expect(presentedApiKey({ 'x-api-key': `\n${k.key}\r\n` })).toBe(k.key);
    expect(presentedApiKey({ authorization: `ApiKey \n${k.key}\n` })).toBe(k.key);
    const bearer = await get({ authorization: `Bearer ${k.key}` });
    expect(bearer.statusCode).toBe(401);
    expect(bearer.json().message).toBe(
      'Una API Key no es un token Bearer: envíala en el encabezado X-API-Key o como Authorization: ApiKey <clave>.',
    );
    for (const wrong of ['', 'alk_nope', `${k.key}x`, k.key.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))]) {
      const res = await get({ 'x-api-key': wrong });
      expect(res.statusCode, wrong).toBe(401);
      expect(res.json().message).toBe('La API Key no es válida, está inactiva, expiró o fue eliminada.');
    }
    // A key and a session token together are ambiguous.
    expect((await get({ 'x-api-key': k.key, authorization: `Bearer ${admin}` })).statusCode).toBe(401);
  });

  it('regenerate: the old key stops at once, the new one works', async () => {
    const k = await createKey({ name: 'Rotada', profile: 'readonly' });
    expect((await withKey(k.key, 'GET', '/api/contratos')).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: `/api/ApiKey/${k.id}/regenerate`, headers: byAdmin() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const fresh = res.json() as { key: string; keyPrefix: string; id: number };
    expect(fresh.id).toBe(k.id);
    expect(fresh.key).not.toBe(k.key);
    expect(fresh.keyPrefix).toBe(fresh.key.slice(0, 10));
    expect((await withKey(k.key, 'GET', '/api/contratos')).statusCode).toBe(401);
    expect((await withKey(fresh.key, 'GET', '/api/contratos')).statusCode).toBe(200);
  });

  it('inactive, deleted, or owned by a deactivated user: 401', async () => {
    const k = await createKey({ name: 'Pausable', profile: 'readonly' });
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/ApiKey/${k.id}`, headers: byAdmin(), payload });
    expect((await put({ isActive: false })).json()).toMatchObject({ isActive: false });
    expect((await withKey(k.key, 'GET', '/api/contratos')).statusCode).toBe(401);
    await put({ isActive: true });
    expect((await withKey(k.key, 'GET', '/api/contratos')).statusCode).toBe(200);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/ApiKey/${k.id}`, headers: byAdmin() });
    expect(del.statusCode).toBe(204);
    expect((await withKey(k.key, 'GET', '/api/contratos')).statusCode).toBe(401);
    const list = (await t.app.inject({ method: 'GET', url: '/api/ApiKey', headers: byAdmin() })).json() as Array<{
      id: number;
    }>;
    expect(list.map((x) => x.id)).not.toContain(k.id);
    // Its name is free again; deleting twice is a 404.
    await createKey({ name: 'Pausable' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/ApiKey/${k.id}`, headers: byAdmin() })).statusCode).toBe(
      404,
    );

    // A key made by a user who is then deactivated stops with its owner.
    const gerenteId = (await t.login('gerente@test.mx')).user.id;
    await t.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${gerenteId}`,
      headers: byAdmin(),
      payload: { idPerfilUsuario: 20 },
    });
    const gerente = (await t.login('gerente@test.mx')).token;
    const owned = (
      await t.app.inject({
        method: 'POST',
        url: '/api/ApiKey',
        headers: t.auth(gerente),
        payload: { name: 'Del gerente' },
      })
    ).json() as { key: string };
    expect((await withKey(owned.key, 'GET', '/api/contratos')).statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${gerenteId}`,
      headers: byAdmin(),
      payload: { activo: false },
    });
    expect((await withKey(owned.key, 'GET', '/api/contratos')).statusCode).toBe(401);
  });

  it('a key never outranks its owner: demoting the owner lowers the key on its next request', async () => {
    const supervisor = await t.login('supervisor@test.mx');
    const setLevel = async (idPerfilUsuario: number) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/usuarios/${supervisor.user.id}`,
        headers: byAdmin(),
        payload: { idPerfilUsuario },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setLevel(20);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/ApiKey',
      headers: t.auth((await t.login('supervisor@test.mx')).token),
      payload: { name: 'Del supervisor', profile: 'admin' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { key } = made.json() as { key: string };
    // While its owner is level 20 the admin key reaches level-20 routes.
    expect((await withKey(key, 'GET', '/api/site')).statusCode).toBe(200);
    expect((await withKey(key, 'GET', '/api/MovimientoFinancieroGasto')).statusCode).toBe(200);

    // Owner demoted to cashier (16): the very next request acts at 16.
    await setLevel(16);
    const site = await withKey(key, 'GET', '/api/site');
    expect(site.statusCode).toBe(403);
    expect(site.json()).toEqual({ error: 'forbidden', message: 'El perfil de esta API Key no permite esta acción.' });
    expect((await withKey(key, 'GET', '/api/MovimientoFinancieroGasto')).statusCode).toBe(200);
    expect((await withKey(key, 'GET', '/api/recibos')).statusCode).toBe(200);

    // Down to support (5): expenses (16) and receipts (10) close too; customers (5) stay open.
    await setLevel(5);
    expect((await withKey(key, 'GET', '/api/MovimientoFinancieroGasto')).statusCode).toBe(403);
    expect((await withKey(key, 'GET', '/api/recibos')).statusCode).toBe(403);
    expect((await withKey(key, 'GET', '/api/contratos')).statusCode).toBe(200);

    // Promoted back: the key regains what its profile allows, never more than level 20.
    await setLevel(20);
    expect((await withKey(key, 'GET', '/api/site')).statusCode).toBe(200);
    await setLevel(17);
  });

  it('a key never opens the session, user-management or key-management routes', async () => {
    const k = await createKey({ name: 'Todo poderosa', profile: 'admin' });
    const cases: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['GET', '/api/usuarios'],
      ['POST', '/api/usuarios', { email: 'x@test.mx', nombre: 'X', idPerfilUsuario: 20 }],
      ['GET', '/api/ApiKey'],
      ['POST', '/api/ApiKey', { name: 'Hija' }],
      ['POST', `/api/ApiKey/${k.id}/regenerate`],
      ['DELETE', `/api/ApiKey/${k.id}`],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/notifications'],
      ['POST', '/api/docs/session'],
      ['POST', '/api/auth/dev-login', { email: 'admin@test.mx' }],
      ['POST', '/api/login/refresh-token', { token: admin }],
    ];
    for (const [method, url, payload] of cases) {
      const res = await withKey(k.key, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await withKey(k.key, 'GET', '/api/contratos')).statusCode).toBe(200);
  });

  it('a change made with a key is audited as made by that key', async () => {
    const k = await createKey({ name: 'Altas', profile: 'contracts' });
    const res = await withKey(k.key, 'POST', '/api/contratos', newContract(1, 'Cliente por API'));
    expect(res.statusCode, res.body).toBe(201);
    const id = String(res.json().id);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'contract' AND ${auditLog.entityId} = ${id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'create', apiKeyId: k.id, userId: null });
    // A user's own change still names the user and no key.
    const byUser = await t.app.inject({
      method: 'PUT',
      url: `/api/ApiKey/${k.id}`,
      headers: byAdmin(),
      payload: { description: 'Altas desde el portal' },
    });
    expect(byUser.statusCode).toBe(200);
    const [own] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.entity} = 'api_key' AND ${auditLog.entityId} = ${String(k.id)} AND ${auditLog.action} = 'update'`,
      );
    expect(own).toMatchObject({ apiKeyId: null, userId: expect.any(Number) });
    // The key's audit rows never hold its hash.
    const all = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'api_key'`);
    expect(JSON.stringify(all)).not.toContain((await keyRow(k.id)).keyHash);
  });

  it("a key's payment and its WhatsApp department are audited as the key's too (each service hands the audit its actor)", async () => {
    const altas = await createKey({ name: 'Altas para cobrar', profile: 'contracts' });
    const created = await withKey(altas.key, 'POST', '/api/contratos', newContract(2, 'Cliente que paga por API'));
    expect(created.statusCode, created.body).toBe(201);
    const fin = await createKey({ name: 'Cobros', profile: 'financial' });
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/Pagos/registrar',
      headers: { 'x-api-key': fin.key, 'idempotency-key': 'clave-api-pago-1', ...json },
      payload: JSON.stringify({ idCliente: created.json().id, monto: 300, idCuenta: 4 }),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const admin = await createKey({ name: 'Departamentos por API', profile: 'admin' });
    const dept = await withKey(admin.key, 'POST', '/api/whatsapp/instances', {
      department: 'Cobranza API',
      phone: '7711234567',
      instanceName: 'cobranza-api',
    });
    expect(dept.statusCode, dept.body).toBe(201);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(
        sql`(${auditLog.entity} = 'payment' AND ${auditLog.entityId} = ${String(paid.json().id)}) OR ${auditLog.entity} = 'whatsapp_instance'`,
      );
    expect(rows.map((r) => [r.entity, r.apiKeyId, r.userId])).toEqual(
      expect.arrayContaining([
        ['payment', fin.id, null],
        ['whatsapp_instance', admin.id, null],
      ]),
    );
  });

  it('lastUsed moves at most once a minute per key', async () => {
    const k = await createKey({ name: 'Frecuente', profile: 'readonly' });
    expect((await keyRow(k.id)).lastUsed).toBeNull();
    const start = clock;
    try {
      await withKey(k.key, 'GET', '/api/contratos');
      expect((await keyRow(k.id)).lastUsed?.toISOString()).toBe(start.toISOString());
      clock = new Date(start.getTime() + 30_000);
      await withKey(k.key, 'GET', '/api/contratos');
      await withKey(k.key, 'GET', '/api/contratos');
      expect((await keyRow(k.id)).lastUsed?.toISOString()).toBe(start.toISOString());
      clock = new Date(start.getTime() + 61_000);
      await withKey(k.key, 'GET', '/api/contratos');
      expect((await keyRow(k.id)).lastUsed?.toISOString()).toBe(clock.toISOString());
      const list = (await t.app.inject({ method: 'GET', url: '/api/ApiKey', headers: byAdmin() })).json() as Array<{
        id: number;
        lastUsed: string;
      }>;
      expect(list.find((x) => x.id === k.id)?.lastUsed).toBe(clock.toISOString());
    } finally {
      clock = start;
    }
  });
});

describe('each profile on every route (the access table, from Fastify own route list)', () => {
  const PROFILES: ApiKeyProfile[] = ['admin', 'financial', 'contracts', 'readonly'];
  /** Session routes whose handler refuses anything but a browser session (the docs cookie). */
  const SESSION_ONLY = new Set(['POST /api/docs/session']);

  it('enumerates the API', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes).toContainEqual({ method: 'GET', url: '/api/ApiKey', access: 'apikeys.manage' });
  });

  for (const profile of PROFILES) {
    it(`${profile}: allowed routes pass the guard, the others are 403`, async () => {
      const k = await createKey({ name: `Tabla ${profile}`, profile });
      let allowed = 0;
      let refused = 0;
      for (const r of routes) {
        if (r.access === 'public') {
          // Public routes ignore a key, except the session ones, which refuse it.
          const res = await t.app.inject({
            method: r.method as 'GET',
            url: r.url.replace(/:(\w+)/g, 'x'),
            headers: { 'x-api-key': k.key },
          });
          const session = /^\/api\/(auth|login)\//i.test(r.url);
          const where = `${profile} public ${r.method} ${r.url} -> ${res.statusCode} ${res.body.slice(0, 160)}`;
          if (session) {
            expect(res.statusCode, where).toBe(403);
            expect(res.json().message, where).toBe('Una API Key no puede iniciar ni renovar sesiones.');
          } else {
            // The key is not what is judged there (the webhook refuses an unknown token of its own).
            expect(res.statusCode, where).not.toBe(403);
            expect(res.json().message ?? '', where).not.toMatch(/API Key/);
          }
          continue;
        }
        if (r.access === 'portal') {
          // The customer portal opens only with a portal session: a key is refused (docs/access.md "Customer portal").
          const res = await t.app.inject({
            method: r.method as 'GET',
            url: r.url.replace(/:(\w+)/g, '1'),
            headers: { 'x-api-key': k.key },
          });
          expect(res.statusCode, `${profile} portal ${r.method} ${r.url}`).toBe(401);
          continue;
        }
        const url = r.url.replace(/:(\w+)/g, (_, name: string) => (name === 'instance' ? 'Ninguna' : '999999'));
        const res = await t.app.inject({
          method: r.method as 'GET',
          url,
          headers: { 'x-api-key': k.key, 'idempotency-key': `tabla-${profile}-${r.method}-${url}` },
        });
        const expectAllowed =
          apiKeyAllows(profile, r.access as ActionKey, r.method, 20) && !SESSION_ONLY.has(`${r.method} ${r.url}`);
        const where = `${profile} ${r.method} ${r.url} -> ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (expectAllowed) {
          expect([401, 403, 429], where).not.toContain(res.statusCode);
          expect(res.statusCode, where).toBeLessThan(500);
          allowed++;
        } else {
          expect(res.statusCode, where).toBe(403);
          expect(res.json().error, where).toBe('forbidden');
          refused++;
        }
      }
      expect(allowed).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    });
  }
});

describe('rate limit per key', () => {
  it('a key over its limit gets a Spanish 429; another key is not affected', async () => {
    const limited = await createTestApp({ config: { apiKeyRatePerMinute: 3 } });
    try {
      const adm = (await limited.login('admin@test.mx')).token;
      const mk = async (name: string) =>
        (
          await limited.app.inject({
            method: 'POST',
            url: '/api/ApiKey',
            headers: limited.auth(adm),
            payload: { name },
          })
        ).json() as { key: string };
      const a = await mk('A');
      const b = await mk('B');
      const get = (key: string) =>
        limited.app.inject({ method: 'GET', url: '/api/contratos', headers: { 'x-api-key': key } });
      for (let i = 0; i < 3; i++) expect((await get(a.key)).statusCode).toBe(200);
      const over = await get(a.key);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({
        error: 'rate_limited',
        message: 'Demasiadas solicitudes con esta API Key. Espera un momento e intenta de nuevo.',
      });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect((await get(b.key)).statusCode).toBe(200);
      // Users are not limited by the keys' counter.
      for (let i = 0; i < 5; i++)
        expect(
          (await limited.app.inject({ method: 'GET', url: '/api/contratos', headers: limited.auth(adm) })).statusCode,
        ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
