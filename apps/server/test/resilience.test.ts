import { mkdtempSync, statSync, chmodSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../src/app';
import { ensurePrivateFolder, type Database } from '../src/db/client';
import { users } from '../src/db/schema';
import { isDatabaseUnavailable } from '../src/db/unavailable';
import { gracefulShutdown } from '../src/lib/shutdown';
import { connectHub, nextEvent } from './hub-client';
import { TEST_USERS, createTestApp, testConfig, type TestApp } from './test-app';
import { createTestDatabase, testDbKind } from './test-db';

/** A request handler held until the test lets it finish, and a promise of its start. */
function held() {
  let markStarted = () => {};
  let finish = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const finished = new Promise<void>((resolve) => (finish = resolve));
  return { started, markStarted, finished, finish };
}

/** 'connected', or the error code of a TCP connection attempt to the port on loopback. */
function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const c = net.connect(port, '127.0.0.1');
    c.once('connect', () => {
      c.destroy();
      resolve('connected');
    });
    c.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
  });
}

describe('what counts as "database unavailable"', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  it.each([
    ['refused', withCode('ECONNREFUSED')],
    ['reset', withCode('ECONNRESET')],
    [
      'terminated by an administrator (pg_terminate_backend)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['crash shutdown', withCode('57P02')],
    ['starting up', withCode('57P03', 'the database system is starting up')],
    ['connection exception class 08', withCode('08006')],
    ['node-postgres lost connection', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['a broken client reused', new Error('Client has encountered a connection error and is not queryable')],
    ['wrapped by drizzle', Object.assign(new Error('Failed query: select 1'), { cause: withCode('ECONNREFUSED') })],
    ['inside an AggregateError', new AggregateError([withCode('ECONNREFUSED')], 'connect failed')],
  ])('%s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });
  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError('x is undefined')],
  ])('not %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe('embedded data folder', () => {
  it('is created with mode 0700, and an existing open one is restricted', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'airlink-dir-'));
    const fresh = path.join(root, 'a', 'data');
    ensurePrivateFolder(fresh);
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
    const open = path.join(root, 'open');
    mkdirSync(open, { mode: 0o755 });
    chmodSync(open, 0o755);
    ensurePrivateFolder(open);
    expect(statSync(open).mode & 0o777).toBe(0o700);
  });
});

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('/api/health says alive without touching the database; /api/health/ready checks it', async () => {
    const alive = await t.app.inject({ url: '/api/health' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toMatchObject({ status: 'ok', db: testDbKind });
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok', redis: 'sin_configurar' });
  });

  it('ready is a Spanish 503 naming the database when it does not answer in time; alive stays 200', async () => {
    const ping = vi
      .spyOn(t.database, 'ping')
      .mockImplementation(() => new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 10)));
    try {
      const ready = await t.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        error: 'not_ready',
        message: 'AirLink no está listo: no responde la base de datos.',
        details: { database: ['La base de datos no responde.'] },
      });
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      ping.mockRestore();
    }
  });
});

describe('graceful shutdown', () => {
  let database: Database;
  let app: App;
  let base: string;
  let releaseHung: () => void = () => undefined;
  /** The slow request: `started` resolves once its handler runs, and it answers when `finish` is called. */
  let slow = held();
  let onSlowAnswered = () => {};
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(users).values(TEST_USERS.map((u) => ({ ...u })));
    app = await buildApp({ config: testConfig(), database, logger: false });
    // Test-only routes: one slow request in flight, one that never ends by itself.
    app.get('/api/test/slow', { config: { access: 'public' } }, async (_request, reply) => {
      slow.markStarted();
      // Server-side: the answer handed to the socket (the client, in this same process, may read it later than
      // the shutdown goes on: its fetch resolving is no measure of the order on the server).
      reply.raw.once('finish', () => onSlowAnswered());
      await slow.finished;
      return { done: true };
    });
    app.get('/api/test/hung', { config: { access: 'public' } }, async () => {
      await new Promise<void>((resolve) => (releaseHung = resolve));
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    releaseHung();
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
  });

  it('drains: stops accepting, finishes the in-flight request, closes hub sockets and then the database, exits 0', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: 'admin@test.mx' } });
    const socket = await connectHub(base, login.json().token);
    const socketClosed = new Promise<string>((resolve) => socket.on('disconnect', resolve));

    const order: string[] = [];
    slow = held();
    onSlowAnswered = () => order.push('response');
    const inFlight = fetch(`${base}/api/test/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await slow.started; // the request is being handled
    const exit = vi.fn((code: number) => void order.push(`exit ${code}`));
    const shutdown = gracefulShutdown({
      app,
      closeDatabase: async () => {
        order.push('database closed');
        await database.close();
      },
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      exit,
    });
    const done = shutdown('SIGTERM');
    // No new connections while draining (the listener closes once the hub's sockets are told to go).
    await vi.waitFor(() => expect(connectOutcome(Number(new URL(base).port))).resolves.toBe('ECONNREFUSED'), {
      timeout: 20_000,
      interval: 20,
    });
    expect(await socketClosed).toBe('io server disconnect');
    // Still draining: the in-flight request has not answered yet, and nothing was closed under it.
    expect(order).toEqual([]);

    slow.finish();
    expect(await inFlight).toEqual({ status: 200, body: { done: true } });
    await done;
    expect(order).toEqual(['response', 'database closed', 'exit 0']);
    // A second signal does not start a second shutdown.
    await shutdown('SIGINT');
    expect(exit).toHaveBeenCalledTimes(1);
  });
});

describe('a request that arrives while draining', () => {
  it('gets a Spanish 503 and the connection is closed, while the in-flight request finishes', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    const hold = held();
    app.get('/api/test/hold', { config: { access: 'public' } }, async () => {
      hold.markStarted();
      await hold.finished;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as net.AddressInfo).port;
    try {
      const inFlight = fetch(`http://127.0.0.1:${port}/api/test/hold`).then((r) => r.status);
      await hold.started;
      // A second connection has started a request (headers not finished): it is not idle, so it stays open.
      const accepted = new Promise<net.Socket>((resolve) => app.server.once('connection', resolve));
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      // The server has read those bytes before it closes: a connection whose request has begun is not idle.
      const serverSide = await accepted;
      await vi.waitFor(() => expect(serverSide.bytesRead).toBeGreaterThan(0), { timeout: 20_000, interval: 10 });
      const closed = app.close();
      // Draining once the listener refuses new connections (the app marks itself closing before that).
      await vi.waitFor(() => expect(connectOutcome(port)).resolves.toBe('ECONNREFUSED'), {
        timeout: 20_000,
        interval: 20,
      });
      let raw = '';
      socket.on('data', (chunk) => (raw += chunk.toString('utf8')));
      socket.write('\r\n');
      await vi.waitFor(() => expect(raw.endsWith('}')).toBe(true), { timeout: 20_000, interval: 20 });
      socket.destroy();
      expect(raw).toMatch(/^HTTP\/1\.1 503/);
      expect(raw.toLowerCase()).toContain('connection: close');
      expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
        error: 'shutting_down',
        message: 'AirLink se está reiniciando. Intenta de nuevo en unos segundos.',
      });
      hold.finish();
      expect(await inFlight).toBe(200);
      app.server.closeIdleConnections(); // fetch's keep-alive connection (shutdown.ts does this on a timer)
      await closed;
    } finally {
      hold.finish();
      await app.close().catch(() => undefined);
      await database.close().catch(() => undefined);
    }
  });
});

describe('shutdown deadline', () => {
  it('exits with 1 when a request is still running after the deadline', async () => {
    let finish: () => void = () => undefined;
    const closing = new Promise<void>((resolve) => (finish = resolve));
    const exit = vi.fn();
    const started = Date.now();
    const shutdown = gracefulShutdown({
      app: { close: () => closing } as unknown as App,
      closeDatabase: async () => undefined,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      exit,
      timeoutMs: 200,
    });
    const done = shutdown('SIGTERM');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1), { timeout: 2000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    finish();
    await done;
  });
});

describe('starting while Redis is away', () => {
  it('starts within a few seconds, pushes on this instance, and readiness names Redis', async () => {
    const { freePort } = await import('./test-app');
    const t = await createTestApp({ config: { redisUrl: `redis://127.0.0.1:${await freePort()}` } });
    try {
      const started = Date.now();
      const base = await t.listen();
      // It does not wait for Redis (whose connection retries forever); room for a busy machine.
      expect(Date.now() - started).toBeLessThan(20_000);
      const { token } = await t.login('admin@test.mx');
      const socket = await connectHub(base, token);
      try {
        const got = nextEvent(socket, 'PaymentRegistered');
        t.app.ctx.hub.emitToAll('PaymentRegistered', { id: 1 });
        await got;
      } finally {
        socket.close();
      }
      const ready = await t.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ error: 'not_ready', details: { redis: ['Redis no responde.'] } });
      // Rate-limited routes answer (their counters skip Redis meanwhile).
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: 'cajero@test.mx' } }))
          .statusCode,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });
});
