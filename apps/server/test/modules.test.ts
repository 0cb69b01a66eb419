import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../src/db/schema';
import type { AppContext, CoreContext } from '../src/lib/context';
import type { ModuleEnv } from '../src/lib/module';
import { MODULES } from '../src/modules';
import { createTestApp, type TestApp } from './test-app';

const CORE_KEYS: ReadonlyArray<keyof CoreContext> = ['config', 'db', 'dbKind', 'hub', 'secrets', 'auth'];

let t: TestApp;
const routes: RouteOptions[] = [];
beforeAll(async () => {
  t = await createTestApp({ onRoute: (r) => routes.push(r) });
});
afterAll(() => t?.close());

describe('the server module list', () => {
  it('names each module once', () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('builds every service a module declares into the context, under a name no other module uses', () => {
    const env: ModuleEnv = { log: t.app.log, database: t.database, redis: null };
    const seen = new Map<string, string>();
    for (const module of MODULES) {
      for (const [key, service] of Object.entries(module.createServices?.(t.app.ctx, env) ?? {})) {
        expect(seen.get(key), `${module.name} and ${seen.get(key)} both build ctx.${key}`).toBeUndefined();
        seen.set(key, module.name);
        expect(t.app.ctx[key as keyof AppContext]).toBeInstanceOf((service as object).constructor);
      }
    }
    expect([...seen.keys()]).toEqual(expect.arrayContaining(['audit', 'notifications', 'customers', 'company']));
  });

  it('lists a module after every module whose services it uses', () => {
    const env: ModuleEnv = { log: t.app.log, database: t.database, redis: null };
    const built = new Set<string>(CORE_KEYS);
    for (const module of MODULES) {
      // The context as it stands when this module is built: reading a later module's service throws.
      const partial = new Proxy(t.app.ctx, {
        get(target, key) {
          if (typeof key === 'string' && !built.has(key)) {
            throw new Error(`module ${module.name} reads ctx.${key} before it is built`);
          }
          return Reflect.get(target, key);
        },
      });
      const services = module.createServices?.(partial, env) ?? {};
      for (const key of Object.keys(services)) built.add(key);
    }
    expect(built.has('cashClose')).toBe(true);
  });

  it('registers each module’s routes: the company settings answer from their own module', async () => {
    expect(routes.some((r) => r.url === '/api/empresa' && r.method === 'GET')).toBe(true);
    await t.database.db.delete(settings).where(eq(settings.key, 'company'));
    await t.database.db.insert(settings).values({ key: 'company', value: { nombreComercial: 'AirLink Pruebas' } });
    const { token } = await t.login('admin@test.mx');
    const res = await t.app.inject({ method: 'GET', url: '/api/empresa', headers: t.auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ nombreComercial: 'AirLink Pruebas', rfc: '' });
  });
});
