// PostgreSQL only (vitest.config.ts runs *.pg.test.ts in the server-postgres project alone): connections
// killed with pg_terminate_backend and the server cut off through a TCP proxy. PGlite has no connections.
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { openDatabase } from '../src/db/client';
import { pagos, users } from '../src/db/schema';
import { seedBase } from '../src/db/base-data';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../src/db/unavailable';
import { connectHub, nextEvent } from './hub-client';
import { createMoneyTestApp, type MoneyTestApp } from './money-fixtures';
import { TEST_USERS, createTestApp, type TestApp } from './test-app';
import { createTestDatabase, testDbKind } from './test-db';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

if (testDbKind !== 'postgres')
  throw new Error('resilience.pg.test.ts needs TEST_DB=postgres (the server-postgres project)');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries `probe` until it returns true (a reconnecting pool needs a moment), failing after `ms`. */
async function eventually(probe: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > until) throw new Error(`not true within ${ms} ms`);
    await sleep(200);
  }
}

describe('PostgreSQL connections that die', () => {
  let m: MoneyTestApp;
  let admin: pg.Client;
  let dbName: string;
  const now = new Date('2026-10-15T18:00:00Z');
  beforeAll(async () => {
    m = await createMoneyTestApp(() => now);
    const url = (m.t.database as Database & { url?: string }).url!;
    dbName = new URL(url).pathname.slice(1);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await m?.t.close();
  });

  const terminateAll = () =>
    admin.query(
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [dbName],
    );

  it('pg_terminate_backend of every pool connection: the process stays up and the next requests work', async () => {
    for (let i = 0; i < 3; i++) expect((await m.call('GET', '/api/usuarios', 20)).statusCode).toBe(200);
    const { rows } = await terminateAll();
    expect(rows[0].n).toBeGreaterThan(0);
    await sleep(200);
    await eventually(async () => (await m.call('GET', '/api/usuarios', 20)).statusCode === 200, 5000);
    for (let i = 0; i < 5; i++) expect((await m.call('GET', '/api/usuarios', 20)).statusCode).toBe(200);
  });

  it('a payment whose connection dies mid-transaction is a 503, nothing of it is kept, and its retry pays once', async () => {
    await seedBase(m.t.database.db);
    const contratoId = await m.contract();
    const key = `resilience-${Date.now()}`;
    const register = () =>
      m.t.app.inject({
        method: 'POST',
        url: '/api/Pagos/registrar',
        headers: { ...m.t.auth(m.tokens[16]!), 'idempotency-key': key },
        payload: { idCliente: contratoId, monto: 300, idCuenta: 2 },
      });
    // Another session holds the contract's row lock, so the payment transaction waits inside BEGIN … COMMIT.
    const locker = new pg.Client({ connectionString: (m.t.database as Database & { url?: string }).url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('SELECT id FROM contratos WHERE id = $1 FOR UPDATE', [contratoId]);
    const pending = register();
    await eventually(async () => {
      const { rows } = await admin.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND pid <> $2",
        [dbName, (locker as unknown as { processID: number }).processID],
      );
      return rows[0].n > 0;
    }, 5000);
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'",
      [dbName],
    );
    const res = await pending;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'database_unavailable', message: DATABASE_UNAVAILABLE_MESSAGE });
    expect(res.headers['cache-control']).toBe('no-store');
    await locker.query('ROLLBACK');
    await locker.end();

    const stored = async () =>
      (await m.t.database.db.select({ n: count() }).from(pagos).where(eq(pagos.contratoId, contratoId)))[0]!.n;
    expect(await stored()).toBe(0);

    const retry = await register();
    expect(retry.statusCode, retry.body).toBe(201);
    const again = await register();
    expect(again.json()).toMatchObject({ repetido: true });
    expect(await stored()).toBe(1);
  });
});

describe('PostgreSQL going away and coming back (TCP proxy)', () => {
  let direct: Database & { url?: string };
  let proxied: Database;
  let proxy: TcpProxy;
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    direct = await createTestDatabase();
    await direct.db.insert(users).values(TEST_USERS.map((u) => ({ ...u })));
    const target = new URL(direct.url!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    proxied = await openDatabase({
      databaseUrl: proxy.url(direct.url!),
      migrate: false,
      log: { warn: () => undefined, error: () => undefined },
    });
    t = await createTestApp({ database: proxied });
    admin = (await t.login('admin@test.mx')).token;
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.restore();
    await proxied?.close();
    await proxy?.close();
    await direct?.close();
  });

  it('answers the Spanish 503 while the database is down, and 200 again once it is back', async () => {
    const list = () => t.app.inject({ url: '/api/usuarios', headers: t.auth(admin) });
    for (let i = 0; i < 3; i++) expect((await list()).statusCode).toBe(200);

    await proxy.cut();
    for (let i = 0; i < 3; i++) {
      const res = await list();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: 'database_unavailable',
        message: 'La base de datos no está disponible en este momento. Intenta de nuevo en unos segundos.',
      });
    }
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().details).toEqual({ database: ['La base de datos no responde.'] });

    await proxy.restore();
    await eventually(async () => (await list()).statusCode === 200);
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('a push subscriber keeps its socket while the database is down', async () => {
    const base = await t.listen();
    const socket = await connectHub(base, admin);
    try {
      await proxy.cut();
      await sleep(300);
      const got = nextEvent(socket, 'PaymentRegistered');
      t.app.ctx.hub.emitToAll('PaymentRegistered', { id: 1 });
      await got;
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
      await proxy.restore();
    }
  });
});
