// `npm run bench`: loads the business scale (20,000 customers, 1,000,000 payments with their receipts) into a
// fresh database, builds the app (no listen; app.inject) and times the main API requests.
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  PostgreSQL server: the database airlink_bench is dropped and made again
//   otherwise                                   PGlite in a temporary folder (smaller defaults, see below)
//   BENCH_CUSTOMERS, BENCH_PAYMENTS             data size;  BENCH_RUNS (20), BENCH_WARMUP (3)
//   BENCH_BUDGET_MS (300)                       p95 budget per request;  BENCH_STRICT=1 exits 1 when one is over
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, businessDate, type SessionUser } from '@airlink/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type App } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { contratos, users } from '../apps/server/src/db/schema';
import { seedBase } from '../apps/server/src/db/seed/base';
import { DEMO_USERS } from '../apps/server/src/db/seed/build-staff';
import { loadBenchData } from './bench/load';

const BENCH_DB = 'airlink_bench';
const TZ = 'America/Mexico_City';

function envInt(name: string, fallback: number, min = 1): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} debe ser un entero ≥ ${min} (recibido: ${raw})`);
  return n;
}

const serverUrl = process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim() || '';
const engine = serverUrl ? 'postgres' : 'pglite';
// Measured on the 2-core machine: PGlite (single-threaded WASM) loads 1M payments in ~2.5 min and the whole run
// takes ~4.5 min (the slow receipt counts alone add a minute), so its default is a tenth of the business scale
// (~25 s). BENCH_PAYMENTS=1000000 runs the full scale on PGlite too.
const customers = envInt('BENCH_CUSTOMERS', 20_000);
const payments = envInt('BENCH_PAYMENTS', engine === 'postgres' ? 1_000_000 : 100_000);
const runs = envInt('BENCH_RUNS', 20);
const warmup = envInt('BENCH_WARMUP', 3, 0);
const budgetMs = envInt('BENCH_BUDGET_MS', 300);
const strict = ['1', 'true', 'yes'].includes(process.env.BENCH_STRICT?.trim() ?? '');

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const redact = (url: string) => url.replace(/\/\/[^@/]*@/, '//…@');

/** A fresh airlink_bench on the server (dropped first); never touches another database. */
async function freshPostgres(url: string): Promise<Database & { url: string }> {
  // Connect to the given database (or `postgres` when the given one is the bench database itself).
  const adminUrl = new URL(url).pathname.replace(/^\//, '') === BENCH_DB ? withDatabase(url, 'postgres') : url;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  } finally {
    await admin.end();
  }
  const benchUrl = withDatabase(url, BENCH_DB);
  return { ...(await openDatabase({ databaseUrl: benchUrl })), url: benchUrl };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

interface Probe {
  name: string;
  /** The request of run `i` (runs may vary the contract or the key). */
  request: (i: number) => { method: 'GET' | 'POST'; url: string; payload?: object; headers?: Record<string, string> };
}

interface Result {
  name: string;
  p50: number;
  p95: number;
  max: number;
  rows: string;
}

async function measure(app: App, auth: Record<string, string>, probe: Probe): Promise<Result> {
  const times: number[] = [];
  let rows = '';
  for (let i = 0; i < warmup + runs; i++) {
    const req = probe.request(i);
    const started = performance.now();
    const res = await app.inject({
      method: req.method,
      url: req.url,
      payload: req.payload,
      headers: { ...auth, ...req.headers },
    });
    const ms = performance.now() - started;
    if (res.statusCode < 200 || res.statusCode >= 300) {
      throw new Error(`${probe.name}: ${req.method} ${req.url} respondió ${res.statusCode}: ${res.body.slice(0, 500)}`);
    }
    if (i >= warmup) times.push(ms);
    if (i === warmup) {
      const body = res.json() as unknown;
      if (Array.isArray(body)) rows = `${body.length}`;
      else if (body && typeof body === 'object' && 'items' in body && 'total' in body) {
        const b = body as { items: unknown[]; total: number };
        rows = `${b.items.length}/${b.total.toLocaleString('en')}`;
      }
    }
  }
  times.sort((a, b) => a - b);
  return {
    name: probe.name,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    max: times[times.length - 1]!,
    rows,
  };
}

function monthBefore(today: string): { desde: string; hasta: string } {
  const firstOfThis = `${today.slice(0, 8)}01`;
  const hasta = addDays(firstOfThis, -1);
  return { desde: `${hasta.slice(0, 8)}01`, hasta };
}

async function main(): Promise<number> {
  const started = performance.now();
  let tmp: string | undefined;
  let database: Database;
  console.log(
    `Banco de pruebas de la API: ${customers.toLocaleString('en')} clientes, ${payments.toLocaleString('en')} pagos.`,
  );
  if (engine === 'postgres') {
    console.log(`PostgreSQL: ${redact(serverUrl)} → base de datos ${BENCH_DB} (se borra y se crea de nuevo)`);
    database = await freshPostgres(serverUrl);
  } else {
    tmp = mkdtempSync(path.join(tmpdir(), 'airlink-bench-'));
    console.log(`PGlite en ${tmp} (sin BENCH_DATABASE_URL).`);
    if (payments >= 500_000)
      console.log('⚠ PGlite es un solo proceso WASM: cargar un millón de pagos tarda varios minutos.');
    database = await openDatabase({ dataDir: tmp });
  }
  let app: App | undefined;
  try {
    const { db } = database;
    const today = businessDate(new Date(), TZ);
    await seedBase(db);
    await db.insert(users).values(DEMO_USERS.map((u) => ({ ...u })));
    const staff = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.idPerfilUsuario, [10, 16, 17, 20]));

    console.log('\nCarga de datos:');
    const loadStarted = performance.now();
    const counts = await loadBenchData(db, {
      customers,
      payments,
      pendingMovements: Math.max(100, Math.round(customers / 4)),
      today,
      tz: TZ,
      userIds: staff.map((u) => u.id),
      log: (line) => console.log(line),
    });
    console.log(`  total ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
    for (const [label, n] of Object.entries(counts))
      console.log(`  ${label.padEnd(44, '.')} ${n.toLocaleString('en')}`);

    const config = loadConfig(
      {
        NODE_ENV: 'production',
        APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
        DATA_DIR: tmp ?? path.join(tmpdir(), 'airlink-bench-unused'),
        PUBLIC_URL: 'http://localhost:3000',
        BUSINESS_TZ: TZ,
        ...(engine === 'postgres' ? { DATABASE_URL: (database as Database & { url: string }).url } : {}),
      },
      { devLogin: true, demoData: false, logLevel: 'warn', webDist: '/nonexistent' },
    );
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/dev-login',
      payload: { email: 'admin@airlink.mx' },
    });
    if (login.statusCode !== 200) throw new Error(`dev-login: ${login.statusCode} ${login.body}`);
    const session = login.json() as { token: string; user: SessionUser };
    if (session.user.idPerfilUsuario !== 20) throw new Error('el usuario del banco de pruebas debe ser de nivel 20');
    const auth = { authorization: `Bearer ${session.token}` };

    // Contracts to read and to pay: spread over the id range, active, one per run.
    const n = warmup + runs;
    const sample = await db
      .select({ id: contratos.id, monto: contratos.monto })
      .from(contratos)
      .where(eq(contratos.activo, true))
      .orderBy(sql`md5(${contratos.id}::text)`)
      .limit(n * 2);
    const readIds = sample.slice(0, n).map((c) => c.id);
    const payees = sample.slice(n);
    const month = monthBefore(today);
    const probes: Probe[] = [
      { name: 'GET /api/customer', request: () => ({ method: 'GET', url: '/api/customer?page=0' }) },
      {
        name: 'GET /api/customer?q=maria hernandez',
        request: () => ({ method: 'GET', url: '/api/customer?q=maria%20hernandez&page=0' }),
      },
      {
        name: 'GET /api/customer?estado=retraso&sort=diasRetraso',
        request: () => ({ method: 'GET', url: '/api/customer?estado=retraso&sort=diasRetraso&dir=desc' }),
      },
      {
        name: 'GET /api/customer/search?q=gonza',
        request: () => ({ method: 'GET', url: '/api/customer/search?q=gonza' }),
      },
      {
        name: 'GET /api/contratos/{id}',
        request: (i) => ({ method: 'GET', url: `/api/contratos/${readIds[i % readIds.length]}` }),
      },
      {
        name: 'GET /api/customer/{id}/payments',
        request: (i) => ({ method: 'GET', url: `/api/customer/${readIds[i % readIds.length]}/payments` }),
      },
      { name: 'GET /api/recibos', request: () => ({ method: 'GET', url: '/api/recibos?page=0' }) },
      {
        name: 'GET /api/recibos?desde&hasta (1 mes)',
        request: () => ({ method: 'GET', url: `/api/recibos?desde=${month.desde}&hasta=${month.hasta}&page=0` }),
      },
      { name: 'GET /api/recibos/reconexiones', request: () => ({ method: 'GET', url: '/api/recibos/reconexiones' }) },
      {
        name: 'GET /api/WeatherForecast/financial',
        request: () => ({ method: 'GET', url: '/api/WeatherForecast/financial' }),
      },
      {
        name: 'GET /api/contratos/getduecontractsservices',
        request: () => ({ method: 'GET', url: '/api/contratos/getduecontractsservices' }),
      },
      {
        name: 'GET /api/Cuentas/pagospendientes?q=abc',
        request: () => ({ method: 'GET', url: '/api/Cuentas/pagospendientes?q=abc' }),
      },
      { name: 'GET /api/soporte', request: () => ({ method: 'GET', url: '/api/soporte' }) },
      {
        name: 'GET /api/finanzas/reporte (1 mes)',
        request: () => ({ method: 'GET', url: `/api/finanzas/reporte?desde=${month.desde}&hasta=${month.hasta}` }),
      },
      {
        name: 'POST /api/Pagos/registrar',
        request: (i) => {
          const c = payees[i % payees.length]!;
          return {
            method: 'POST',
            url: '/api/Pagos/registrar',
            headers: { 'idempotency-key': randomUUID() },
            payload: { idCliente: c.id, monto: c.monto, idCuenta: 4, nota: 'Banco de pruebas' },
          };
        },
      },
    ];

    console.log(`\nPeticiones (${warmup} de calentamiento + ${runs} medidas cada una, ms; ${engine}):`);
    const results: Result[] = [];
    for (const probe of probes) results.push(await measure(app, auth, probe));

    const w = Math.max(...results.map((r) => r.name.length));
    const fmt = (ms: number) => ms.toFixed(1).padStart(8);
    console.log(
      `${'petición'.padEnd(w)}  ${'p50'.padStart(8)}  ${'p95'.padStart(8)}  ${'máx'.padStart(8)}  ${'filas'.padStart(12)}  presupuesto`,
    );
    const slow: Result[] = [];
    for (const r of results) {
      const over = r.p95 > budgetMs;
      if (over) slow.push(r);
      console.log(
        `${r.name.padEnd(w)}  ${fmt(r.p50)}  ${fmt(r.p95)}  ${fmt(r.max)}  ${r.rows.padStart(12)}  ${over ? 'SLOW' : 'ok'}`,
      );
    }
    console.log(
      `\nPresupuesto: p95 ≤ ${budgetMs} ms${engine === 'pglite' ? ' (pensado para PostgreSQL; en PGlite es orientativo)' : ''}.`,
    );
    if (slow.length) console.log(`SLOW: ${slow.map((r) => r.name).join('; ')}`);
    else console.log('Todas las peticiones dentro del presupuesto.');
    if (engine === 'postgres')
      console.log(`La base de datos ${BENCH_DB} se conserva para EXPLAIN ANALYZE; la próxima ejecución la borra.`);
    console.log(`Tiempo total: ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return slow.length && strict ? 1 : 0;
  } finally {
    await app?.close();
    await database.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`\n✖ ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
