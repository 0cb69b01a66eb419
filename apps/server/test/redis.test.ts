import type { ConnectedUser, Notification } from '@airlink/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHub, nextEvent } from './hub-client';
import { createTestApp, type TestApp } from './test-app';

const redisUrl = process.env.TEST_REDIS_URL;

/** Two server processes' worth of app sharing one database and one Redis (DESIGN.md scale-out path). */
describe.runIf(redisUrl)('two server instances joined by the Redis adapter', () => {
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  beforeAll(async () => {
    a = await createTestApp({ config: { redisUrl } });
    b = await createTestApp({ config: { redisUrl }, database: a.database });
    baseA = await a.listen();
    baseB = await b.listen();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a notification sent through one instance reaches a socket on the other', async () => {
    const { token } = await a.login('admin@test.mx');
    const onB = await connectHub(baseB, token);
    try {
      const got = nextEvent<Notification>(onB, 'ReceiveMessage', (n) => n.message === 'Desde la instancia A');
      await a.app.ctx.notifications.notify({ minLevel: 20 }, { user: 'Sistema', message: 'Desde la instancia A' });
      expect((await got).user).toBe('Sistema');
    } finally {
      onB.close();
    }
  });

  it('presence and admin events span instances', async () => {
    const adminToken = (await a.login('admin@test.mx')).token;
    const watcherOnA = await connectHub(baseA, adminToken);
    try {
      const seen = nextEvent<ConnectedUser>(watcherOnA, 'UserConnected', (p) => p.userName === 'soporte');
      const onB = await connectHub(baseB, (await b.login('soporte@test.mx')).token);
      await seen;
      const list = await a.app.inject({ method: 'GET', url: '/api/ConnectedUsers', headers: a.auth(adminToken) });
      expect((list.json() as ConnectedUser[]).some((c) => c.connectionId === onB.id)).toBe(true);
      onB.close();
    } finally {
      watcherOnA.close();
    }
  });
});
