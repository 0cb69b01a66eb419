import type { Notification } from '@airlink/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
let cashier: string;
let support: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin@test.mx')).token;
  cashier = (await t.login('cajero@test.mx')).token;
  support = (await t.login('soporte@test.mx')).token;
});
afterAll(() => t.close());

const list = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: t.auth(token) })).json() as Notification[];

describe('stored notifications', () => {
  it('level 20 sends to active users from a level up; inactive users get nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: t.auth(admin),
      payload: { user: 'Aviso', message: 'Junta a las 9', recipients: { minLevel: 16 } },
    });
    // Active users at 16 or more: cajero, supervisor, gerente, admin (baja is inactive).
    expect(res.json()).toEqual({ sent: 4 });
    expect((await list(cashier)).map((n) => n.message)).toContain('Junta a las 9');
    expect((await list(support)).map((n) => n.message)).not.toContain('Junta a las 9');
  });

  it('given users get it when active (an inactive id is left out); no filter reaches every active user', async () => {
    const all = await t.database.db.select({ id: users.id, email: users.email, activo: users.activo }).from(users);
    const id = (email: string) => all.find((u) => u.email === email)!.id;
    const inactive = all.find((u) => !u.activo)!;
    const send = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/notifications', headers: t.auth(admin), payload });
    const given = await send({
      user: 'Aviso',
      message: 'Solo para dos',
      recipients: { userIds: [id('soporte@test.mx'), inactive.id] },
    });
    expect(given.json()).toEqual({ sent: 1 });
    expect((await list(support)).map((n) => n.message)).toContain('Solo para dos');
    expect((await list(cashier)).map((n) => n.message)).not.toContain('Solo para dos');
    const everyone = await send({ user: 'Aviso', message: 'Para todos' });
    expect(everyone.json()).toEqual({ sent: all.filter((u) => u.activo).length });
  });

  it('only level 20 may send, and the input is validated in Spanish', async () => {
    const low = await t.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: t.auth(cashier),
      payload: { user: 'x', message: 'y' },
    });
    expect(low.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: t.auth(admin),
      payload: { user: 'x', message: '   ', url: 'https://phishing.example' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toMatchObject({
      message: ['Escribe un texto'],
      url: ['La liga debe ser una ruta interna que empiece con /'],
    });
  });

  it('keeps HTML as text', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: t.auth(admin),
      payload: { user: '<b>x</b>', message: '<script>alert(1)</script>', recipients: { userIds: [3] } },
    });
    expect((await list(cashier))[0]).toMatchObject({ user: '<b>x</b>', message: '<script>alert(1)</script>' });
  });

  it('read, read-all, delete and clear act on the own list only', async () => {
    for (let i = 0; i < 3; i++) {
      await t.app.ctx.notifications.notify({ userIds: [3] }, { user: 'Pago', message: `Pago ${i}` });
    }
    const mine = await list(cashier);
    const first = mine[0]!;
    expect(first.message).toBe('Pago 2');

    const other = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${first.id}/read`,
      headers: t.auth(admin),
    });
    expect(other.statusCode).toBe(404);
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${first.id}/read`,
      headers: t.auth(cashier),
    });
    expect(read.json()).toMatchObject({ id: first.id, read: true, readAt: expect.any(String) });

    const all = await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: t.auth(cashier) });
    expect(all.json().updated).toBe(mine.length - 1);
    expect((await list(cashier)).every((n) => n.read)).toBe(true);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/notifications/${first.id}`, headers: t.auth(admin) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/notifications/${first.id}`, headers: t.auth(cashier) }))
        .statusCode,
    ).toBe(204);
    expect((await list(cashier)).find((n) => n.id === first.id)).toBeUndefined();
    const notUuid = await t.app.inject({
      method: 'DELETE',
      url: '/api/notifications/no-es-uuid',
      headers: t.auth(cashier),
    });
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().message).toBe('Revisa la ruta: id: Id inválido');

    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/notifications', headers: t.auth(cashier) })).statusCode,
    ).toBe(204);
    expect(await list(cashier)).toEqual([]);
    expect((await list(admin)).length).toBeGreaterThan(0);
  });

  it('keeps at most the newest 100 per user', async () => {
    for (let i = 0; i < 105; i++) {
      await t.app.ctx.notifications.notify({ userIds: [1] }, { user: 'Serie', message: `n${i}` });
    }
    const mine = await list(support);
    expect(mine).toHaveLength(100);
    expect(mine[0]?.message).toBe('n104');
    expect(mine.at(-1)?.message).toBe('n5');
  });
});
