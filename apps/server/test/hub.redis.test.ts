import type { ConnectedUser, Notification } from '@airlink/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { connectHub, nextEvent } from './hub-client';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';
import { createTestApp, type TestApp } from './test-app';

// Runs only when TEST_REDIS_URL is set (vitest.config.ts leaves *.redis.test.ts out otherwise).
const redisUrl = process.env.TEST_REDIS_URL ?? '';
if (!redisUrl) throw new Error('hub.redis.test.ts needs TEST_REDIS_URL');

/** Two server processes' worth of app sharing one database and one Redis (docs/business-rules.md "Scale-out"). */
describe('two server instances joined by the Redis adapter', () => {
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function eventually(probe: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`not true within ${ms} ms`);
    await sleep(250);
  }
}

/** Redis restarted or failed over: simulated by cutting a TCP proxy both instances reach it through. */
describe('Redis going away and coming back', () => {
  let proxy: TcpProxy;
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  const open: Socket[] = [];
  beforeAll(async () => {
    const target = new URL(redisUrl!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    const viaProxy = proxy.url(redisUrl!);
    a = await createTestApp({ config: { redisUrl: viaProxy } });
    b = await createTestApp({ config: { redisUrl: viaProxy }, database: a.database });
    baseA = await a.listen();
    baseB = await b.listen();
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await proxy?.restore();
    await b?.close();
    await a?.close();
    await proxy?.close();
  });
  const connect = async (base: string, token: string) => {
    const s = await connectHub(base, token);
    open.push(s);
    return s;
  };
  /** Sends a notice from instance A and resolves when `socket` receives it within `ms`. */
  const relayed = async (socket: Socket, message: string, ms = 1_500) => {
    const got = nextEvent<Notification>(socket, 'ReceiveMessage', (n) => n.message === message, ms);
    await a.app.ctx.notifications.notify({ minLevel: 20 }, { user: 'Sistema', message });
    await got;
    return true;
  };

  it('push keeps working on each instance while Redis is down (no crash), and spans instances again when it is back', async () => {
    const adminToken = (await a.login('admin@test.mx')).token;
    const onA = await connect(baseA, adminToken);
    const onB = await connect(baseB, adminToken);
    expect(await relayed(onB, 'Antes del corte')).toBe(true);

    await proxy.cut();
    await sleep(300);
    // This instance's sockets still get their pushes; the other instance's do not (nothing is queued for later).
    let bGot = false;
    onB.on('ReceiveMessage', (n: Notification) => {
      if (n.message === 'Sin Redis') bGot = true;
    });
    expect(await relayed(onA, 'Sin Redis')).toBe(true);
    // Presence lists this instance's connections instead of failing.
    const list = await a.app.inject({ method: 'GET', url: '/api/ConnectedUsers', headers: a.auth(adminToken) });
    expect(list.statusCode).toBe(200);
    expect((list.json() as ConnectedUser[]).some((c) => c.connectionId === onA.id)).toBe(true);
    // A logout still closes the session's sockets on this instance at once.
    const { token } = await a.login('soporte@test.mx');
    const leaving = await connect(baseA, token);
    const gone = new Promise<void>((resolve) => leaving.once('disconnect', () => resolve()));
    await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: a.auth(token) });
    await gone;
    // Readiness names Redis; rate-limited routes still answer (their counters skip Redis meanwhile).
    const ready = await a.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ error: 'not_ready', details: { redis: ['Redis no responde.'] } });
    expect(
      (await a.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: 'cajero@test.mx' } }))
        .statusCode,
    ).toBe(200);

    await proxy.restore();
    await eventually(async () => (await a.app.inject({ url: '/api/health/ready' })).statusCode === 200);
    await eventually(() => relayed(onB, `De vuelta ${Date.now()}`));
    expect(bGot).toBe(false);
    expect(onA.connected && onB.connected).toBe(true);
  });

  it('HTTP rate limits are counted in Redis, so the instances share them', async () => {
    // A client address of its own, so no other test's sign-ins count.
    const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    const login = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: 'cajero@test.mx' }, remoteAddress });
    for (let i = 0; i < 20; i++) expect((await login(a)).statusCode).toBe(200);
    const onB: number[] = [];
    for (let i = 0; i < 11; i++) onB.push((await login(b)).statusCode);
    // 30 a minute per address (auth routes): the 31st, on the other instance, is refused.
    expect(onB.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(onB[10]).toBe(429);
  });
});
