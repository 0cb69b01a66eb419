import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
const tokens: Record<number, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const [level, email] of [
    [5, 'soporte@test.mx'],
    [10, 'usuario@test.mx'],
    [16, 'cajero@test.mx'],
    [20, 'admin@test.mx'],
  ] as const) {
    tokens[level] = (await t.login(email)).token;
  }
});
afterAll(() => t.close());

describe('every API route is guarded by the access table', () => {
  it('refuses to register an /api route without config.access', async () => {
    const { buildApp } = await import('../src/app');
    const app = await buildApp({ config: t.config, database: t.database, logger: false });
    expect(() => app.get('/api/sin-acceso', async () => ({}))).toThrow(/config.access/);
    await app.close();
  });

  it('answers 401 JSON without a token', async () => {
    for (const url of ['/api/usuarios', '/api/notifications', '/api/ConnectedUsers']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'unauthorized', message: expect.stringMatching(/sesión/i) });
    }
  });

  it('answers 403 below the level', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ConnectedUsers', headers: t.auth(tokens[16]!) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'forbidden', message: 'No tienes permiso para realizar esta acción.' });
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: t.auth(tokens[16]!),
      payload: { email: 'x@test.mx', nombre: 'X', idPerfilUsuario: 5 },
    });
    expect(post.statusCode).toBe(403);
  });

  it('matches paths regardless of letter case', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/API/Usuarios', headers: t.auth(tokens[5]!) });
    expect(res.statusCode).toBe(200);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-existe', headers: t.auth(tokens[20]!) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'La ruta solicitada no existe.' });
  });

  it('answers malformed JSON with a Spanish 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: { ...t.auth(tokens[20]!), 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El cuerpo de la solicitud no es un JSON válido.');
  });

  it('documents every route at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as object);
    for (const p of [
      '/api/health',
      '/api/usuarios',
      '/api/usuarios/{id}',
      '/api/login/refresh-token',
      '/api/auth/authorize',
      '/api/notifications',
    ]) {
      expect(paths).toContain(p);
    }
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('health names the database and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', db: t.database.kind, version: '2.1.21' });
  });
});

describe('/api/usuarios', () => {
  it('is the session check: lower levels get only themselves', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/usuarios', headers: t.auth(tokens[10]!) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ email: 'usuario@test.mx', idPerfilUsuario: 10 })]);
  });

  it('level 20 gets every user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/usuarios', headers: t.auth(tokens[20]!) });
    expect((res.json() as unknown[]).length).toBeGreaterThanOrEqual(7);
  });

  it('level 20 adds a user, with field names in any case; a repeated email is a 409', async () => {
    const payload = { Email: 'Nuevo@Test.mx', Nombre: 'Nuevo', Apellidos: 'Cajero', IdPerfilUsuario: 16 };
    const res = await t.app.inject({ method: 'POST', url: '/api/usuarios', headers: t.auth(tokens[20]!), payload });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'nuevo@test.mx', userName: 'nuevo', idPerfilUsuario: 16, activo: true });
    const again = await t.app.inject({ method: 'POST', url: '/api/usuarios', headers: t.auth(tokens[20]!), payload });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'email_taken',
      details: { email: ['Este correo ya está registrado'] },
    });
  });

  it('validates levels and emails in Spanish', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: t.auth(tokens[20]!),
      payload: { email: 'malo', nombre: '', idPerfilUsuario: 99 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toMatchObject({
      email: ['Correo inválido'],
      nombre: ['El nombre es obligatorio'],
      idPerfilUsuario: ['El nivel máximo es 20'],
    });
  });

  it('changing a level takes effect at once; deactivating ends the sessions', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: t.auth(tokens[20]!),
      payload: { email: 'temporal@test.mx', nombre: 'Temporal', idPerfilUsuario: 5 },
    });
    const id = created.json().id as number;
    const { token } = await t.app
      .inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: 'temporal@test.mx' } })
      .then((r) => r.json());
    expect((await t.app.inject({ method: 'GET', url: '/api/ConnectedUsers', headers: t.auth(token) })).statusCode).toBe(
      403,
    );
    await t.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${id}`,
      headers: t.auth(tokens[20]!),
      payload: { idPerfilUsuario: 20 },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/ConnectedUsers', headers: t.auth(token) })).statusCode).toBe(
      200,
    );
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${id}`,
      headers: t.auth(tokens[20]!),
      payload: { activo: false },
    });
    expect(off.json()).toMatchObject({ activo: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/usuarios', headers: t.auth(token) })).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/login/refresh-token', payload: { token } });
    expect(refresh.statusCode).toBe(401);
  });

  it('an admin cannot deactivate or demote themself; unknown ids are 404', async () => {
    const me = (await t.app.inject({ method: 'GET', url: '/api/usuarios', headers: t.auth(tokens[20]!) }))
      .json()
      .find((u: { email: string }) => u.email === 'admin@test.mx');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${me.id}`,
      headers: t.auth(tokens[20]!),
      payload: { activo: false },
    });
    expect(res.statusCode).toBe(409);
    const demote = await t.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${me.id}`,
      headers: t.auth(tokens[20]!),
      payload: { idPerfilUsuario: 5 },
    });
    expect(demote.statusCode).toBe(409);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/usuarios/99999',
      headers: t.auth(tokens[20]!),
      payload: { nombre: 'X' },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/usuarios/abc',
      headers: t.auth(tokens[20]!),
      payload: { nombre: 'X' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('records user changes in the audit log', async () => {
    const { auditLog } = await import('../src/db/schema');
    const rows = await t.database.db.select().from(auditLog);
    expect(rows.some((r) => r.entity === 'user' && r.action === 'create')).toBe(true);
    expect(rows.some((r) => r.entity === 'user' && r.action === 'update')).toBe(true);
  });
});
