import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

// Runs only when TEST_REDIS_URL is set (vitest.config.ts leaves *.redis.test.ts out otherwise).
const redisUrl = process.env.TEST_REDIS_URL ?? '';
if (!redisUrl) throw new Error('api-keys.redis.test.ts needs TEST_REDIS_URL');

/** The per-key rate limit is one count across instances when they share Redis (docs/business-rules.md "Scale-out"). */
describe('API key rate limit across two instances', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ config: { redisUrl, apiKeyRatePerMinute: 4 } });
    b = await createTestApp({ config: { redisUrl, apiKeyRatePerMinute: 4 }, database: a.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('requests on either instance count against the same key', async () => {
    const { token } = await a.login('admin@test.mx');
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/ApiKey',
      headers: a.auth(token),
      payload: { name: 'Compartida' },
    });
    const { key } = created.json() as { key: string };
    const get = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/contratos', headers: { 'x-api-key': key } });
    expect((await get(a)).statusCode).toBe(200);
    expect((await get(b)).statusCode).toBe(200);
    expect((await get(a)).statusCode).toBe(200);
    expect((await get(b)).statusCode).toBe(200);
    const over = await get(a);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('Demasiadas solicitudes con esta API Key. Espera un momento e intenta de nuevo.');
    expect((await get(b)).statusCode).toBe(429);
  });
});
