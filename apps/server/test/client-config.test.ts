import { clientConfigSchema } from '@airlink/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { businessTz: 'America/Tijuana' } });
});
afterAll(() => t.close());

describe('GET /api/config', () => {
  it('tells the web the configured BUSINESS_TZ, without signing in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(clientConfigSchema.parse(res.json())).toEqual({
      businessTz: 'America/Tijuana',
      locale: 'es-MX',
      currency: 'MXN',
    });
  });

  it('is documented with the system routes', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(docs.json().paths as object)).toContain('/api/config');
  });
});
