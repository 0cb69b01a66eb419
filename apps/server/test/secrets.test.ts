import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingInstances, routers, sites } from '../src/db/schema';
import { SecretBox } from '../src/lib/secret-box';
import { SecretsRepository } from '../src/modules/secrets/secrets.repository';
import { SecretsService } from '../src/modules/secrets/secrets.service';
import { createTestApp, type TestApp } from './test-app';

const OLD = 'old-secret-0123456789-abcdefghijklmnopqrstuv';
const NEW = 'new-secret-9876543210-zyxwvutsrqponmlkjihgfe';
const OTHER = 'lost-secret-aaaaaaaaaa-bbbbbbbbbbbbbbbbbbbbbb';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('key rotation', () => {
  it('reseals every sealed column with the current key, seals clear values, and reports what no key opens', async () => {
    const old = new SecretBox(OLD);
    const [site] = await t.app.ctx.db
      .insert(sites)
      .values({ nombre: 'Torre Norte', passwordEnc: old.seal('site-pass') })
      .returning();
    const [router] = await t.app.ctx.db
      .insert(routers)
      .values({ host: '10.0.0.1', passwordEnc: 'legacy-clear' })
      .returning();
    const [lost] = await t.app.ctx.db
      .insert(routers)
      .values({ host: '10.0.0.2', passwordEnc: new SecretBox(OTHER).seal('x') })
      .returning();
    const [wa] = await t.app.ctx.db
      .insert(messagingInstances)
      .values({
        department: 'Cobranza',
        phone: '5217711234567',
        instanceName: 'cobranza',
        apiKeyEnc: old.seal('evo-key'),
      })
      .returning();

    const box = new SecretBox(NEW, [OLD]);
    const service = new SecretsService(new SecretsRepository(t.app.ctx.db), box);
    const report = await service.rotate();
    expect(report).toEqual({ resealed: 2, sealed: 1, current: 0, unreadable: [`routers.password_enc#${lost!.id}`] });

    const fresh = new SecretBox(NEW);
    const siteRow = (await t.app.ctx.db.select().from(sites).where(eq(sites.id, site!.id)))[0]!;
    const routerRow = (await t.app.ctx.db.select().from(routers).where(eq(routers.id, router!.id)))[0]!;
    const waRow = (await t.app.ctx.db.select().from(messagingInstances).where(eq(messagingInstances.id, wa!.id)))[0]!;
    expect(fresh.open(siteRow.passwordEnc!)).toBe('site-pass');
    expect(fresh.open(routerRow.passwordEnc!)).toBe('legacy-clear');
    expect(fresh.open(waRow.apiKeyEnc!)).toBe('evo-key');

    // Idempotent: a second run finds everything current.
    expect(await service.rotate()).toMatchObject({ resealed: 0, sealed: 0, current: 3 });
    await t.app.ctx.db.delete(routers).where(eq(routers.id, lost!.id));
  });
});

describe('sealed values never leave the server', () => {
  it('an answer that would carry one becomes a Spanish 500', async () => {
    const { token } = await t.login('admin@test.mx');
    const sealed = t.app.ctx.secrets.seal('router-pass');
    // A user's name is the easiest stored text an answer echoes: put a sealed value there.
    await t.app.ctx.db.execute(sql`update users set nombre = ${sealed} where email = 'admin@test.mx'`);
    const res = await t.app.inject({ method: 'GET', url: '/api/usuarios', headers: t.auth(token) });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('$sb1$');
    expect(res.json()).toEqual({ error: 'internal', message: 'Ocurrió un error interno. Intenta de nuevo.' });
    await t.app.ctx.db.execute(sql`update users set nombre = 'Adriana' where email = 'admin@test.mx'`);
  });
});
