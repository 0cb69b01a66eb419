// `npm run bench`: the API under load at the business scale, side by side with a bare route.
// Loads 20,000 customers and 1,000,000 payments (with their receipts) into a fresh PostgreSQL database, starts
// the app on a port, and for each measured request runs autocannon (16 connections) against the app and, in the
// same run, against a bare Fastify + pg server that runs the very statements the app ran for that request
// (recorded at the driver, session lookup included; scripts/bench/bare.ts; in a worker thread of its own, as the
// app runs in its own process in production), the two taking turns in short slices. Prints req/s, p50/p95/p99 of both,
// the ratios app/bare, and whether each target of issue 11 is met; then checks the money guarantees of the
// payments it registered.
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  PostgreSQL server (required): the database airlink_bench is
//                                              dropped and made again (no other database is touched)
//   BENCH_REUSE=1                              keep airlink_bench when it already holds the data (no reload)
//   BENCH_DB_NAME (airlink_bench)              the database's name (two engineers benching at once)
//   BENCH_CUSTOMERS (20000), BENCH_PAYMENTS (1000000)  data size
//   BENCH_CONNECTIONS (16), BENCH_SECONDS (8), BENCH_WARMUP_SECONDS (2)  load of each measurement
//   BENCH_ROUNDS (8)                           app and bare alternate in this many slices of the measured seconds
//   BENCH_ONLY=list,search,…                   measure only these probes (names in the first column; the
//                                              network's: poll, tsv, current; only those skips the money data)
//   BENCH_RADIOS (20000), BENCH_SAMPLES (2000000)  the network part (scripts/bench/network.ts)
//   BENCH_ONLY=provision,inventory             plans on the router (scripts/bench/plans.ts): provisioning
//                                              BENCH_PROVISION (500) contracts, inventory of BENCH_SECRETS (5000)
//   BENCH_SHOW_SQL=1                           print the statements recorded for each probe
//   BENCH_SIDE=app|bare                        load only that side (to profile it alone, with BENCH_PROFILE);
//                                              the other side's figures are then a copy and every ratio 1.00x
//   BENCH_PROFILE=dir                          with BENCH_SIDE: a CPU profile of the server's thread during the
//                                              measured slices of each probe, written to dir/<side>-<n>.cpuprofile
//   BENCH_PROFILE_INTERVAL (100)               µs between the CPU profile's samples (500: less of the profiler in it)
//   BENCH_PROFILE_HEAP=1                       an allocation profile instead (dir/<side>-<n>.heapprofile)
//   BENCH_STRICT=1                             exit 1 when a target is missed or a guarantee fails
//   BENCH_WEB_RUNS (5), BENCH_WEB_THROTTLE (4)  the web part (probe name 'web', scripts/bench/web.ts): click-to-
//                                              content of four pages in Chromium (CHROMIUM_PATH or /usr/bin/chromium)
//                                              with the CPU slowed this many times; it builds the web when stale
//   BENCH_SKIP_WEB=1                           leave the web part out (the only way to run without Chromium)
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { addDays, businessDate } from '@airlink/domain';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type App } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { sites, users } from '../apps/server/src/db/schema';
import { seedBase } from '../apps/server/src/db/base-data';
import { DEMO_USERS } from '../apps/server/src/demo/seed/build-staff';
import {
  recordSql,
  startBare,
  startBareHere,
  thisThread,
  type BareProbe,
  type BareServer,
  type ServerThread,
  type Statement,
} from './bench/bare';
import { loadBenchData, vacuumLeftovers } from './bench/load';
import { NETWORK_PROBES, networkBench } from './bench/network';
import { PLANS_PROBES, plansBench } from './bench/plans';
import { webBench } from './bench/web';
// @ts-expect-error plain ESM helper without types
import { buildWebIfStale, findChromium, root } from './lib.mjs';

const BENCH_DB = process.env.BENCH_DB_NAME ?? 'airlink_bench';
const TZ = 'America/Mexico_City';
/** The app's pool size (db/client.ts createPool); the bare server gets the same. */
const POOL_SIZE = 10;

function envInt(name: string, fallback: number, min = 1): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} debe ser un entero ≥ ${min} (recibido: ${raw})`);
  return n;
}
const flag = (name: string) => ['1', 'true', 'yes'].includes(process.env[name]?.trim() ?? '');

const serverUrl = process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim() || '';
const customers = envInt('BENCH_CUSTOMERS', 20_000);
const payments = envInt('BENCH_PAYMENTS', 1_000_000);
const connections = envInt('BENCH_CONNECTIONS', 16);
const seconds = envInt('BENCH_SECONDS', 8);
const warmupSeconds = envInt('BENCH_WARMUP_SECONDS', 2, 0);
const rounds = envInt('BENCH_ROUNDS', 8);
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const radios = envInt('BENCH_RADIOS', 20_000);
const samples = envInt('BENCH_SAMPLES', 2_000_000);
const isNetworkProbe = (name: string) => (NETWORK_PROBES as readonly string[]).includes(name);
const isPlansProbe = (name: string) => (PLANS_PROBES as readonly string[]).includes(name);
const webRuns = envInt('BENCH_WEB_RUNS', 5);
const webThrottle = envInt('BENCH_WEB_THROTTLE', 4);
const skipWeb = flag('BENCH_SKIP_WEB');
/** The web part's target: every click-to-content under this many milliseconds (issue 25, part 7). */
const WEB_TARGET_MS = 1000;
const strict = flag('BENCH_STRICT');
const reuse = flag('BENCH_REUSE');
const showSql = flag('BENCH_SHOW_SQL');
const onlySide = process.env.BENCH_SIDE?.trim() ?? '';
if (onlySide && onlySide !== 'app' && onlySide !== 'bare')
  throw new Error(`BENCH_SIDE debe ser app o bare (recibido: ${onlySide})`);
const profileDir = process.env.BENCH_PROFILE?.trim() ?? '';
if (profileDir && !onlySide)
  throw new Error('BENCH_PROFILE perfila un solo lado: define también BENCH_SIDE=app o bare.');
let profiles = 0;
const profileInterval = envInt('BENCH_PROFILE_INTERVAL', 100);
const heapProfile = flag('BENCH_PROFILE_HEAP');

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
const redact = (url: string) => url.replace(/\/\/[^@/]*@/, '//…@');

/** airlink_bench on the server, dropped and made again unless BENCH_REUSE finds it loaded. */
async function benchDatabase(url: string): Promise<{ database: Database; url: string; fresh: boolean }> {
  // Connect to the given database (or `postgres` when the given one is the bench database itself).
  const adminUrl = new URL(url).pathname.replace(/^\//, '') === BENCH_DB ? withDatabase(url, 'postgres') : url;
  const benchUrl = withDatabase(url, BENCH_DB);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let fresh = true;
  try {
    if (reuse) {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [BENCH_DB]);
      if (exists.rowCount) {
        const probe = new pg.Client({ connectionString: benchUrl });
        await probe.connect();
        const n = await probe
          .query<{ c: string; p: string }>(
            'SELECT (SELECT count(*) FROM contratos) AS c, (SELECT reltuples::bigint FROM pg_class WHERE relname = $1) AS p',
            ['pagos'],
          )
          .catch(() => ({ rows: [{ c: '0', p: '0' }] }));
        await probe.end();
        fresh = !(Number(n.rows[0]!.c) >= customers && Number(n.rows[0]!.p) >= payments * 0.95);
      }
    }
    if (fresh) {
      await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${BENCH_DB}`);
    }
  } finally {
    await admin.end();
  }
  return { database: await openDatabase({ databaseUrl: benchUrl }), url: benchUrl, fresh };
}

interface LoadResult {
  /** Busy milliseconds of the server's thread per answered request (the app's or the bare server's own work). */
  busyPerRequest: number;
  /** CPU milliseconds of the process per answered request (autocannon's share is alike on both sides). */
  cpuPerRequest: number;
  ok: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface Item {
  path: string;
  body?: string;
}

interface Slice {
  latencies: number[];
  duration: number;
  /** Bytes of every answer (headers and body) received during the slice. */
  bytes: number;
  /** Milliseconds the measured server's thread was busy during the slice. */
  busyMs: number;
  /** CPU milliseconds of the whole process (user + system, autocannon's worker included) during the slice. */
  cpuMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface Side {
  url: string;
  method: 'GET' | 'POST';
  items: Item[];
  headers: Record<string, string>;
  newKey: boolean;
  /** The server's thread (this one when not given). */
  thread?: ServerThread;
}

/**
 * The bare server for one probe: in a thread of its own (startBare), or on this thread when one side is loaded alone
 * (BENCH_SIDE), so that its profile is this thread's.
 */
function bareServer(databaseUrl: string, probes: Map<string, BareProbe>, poolSize: number): Promise<BareServer> {
  return onlySide ? startBareHere(databaseUrl, probes, poolSize) : startBare(databaseUrl, probes, poolSize);
}

/** autocannon in a worker thread (scripts/bench/load-gen.mjs) against one server: one slice of a measurement. */
async function load(side: Side, time: { warmupSeconds: number; seconds: number }): Promise<Slice> {
  const thread = side.thread ?? thisThread;
  // Each slice starts from collected heaps (`npm run bench` passes --expose-gc): the garbage one side left is not
  // collected in the other side's time, and a full collection falls in the slice whose own garbage called for it.
  await thisThread.gc();
  if (thread !== thisThread) await thread.gc();
  const { url, method, headers, items, newKey } = side;
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./bench/load-gen.mjs', import.meta.url), {
      workerData: { url, connections, ...time, method, headers, items, newKey },
    });
    const elu = thread.eventLoopUtilization();
    const cpu = process.cpuUsage();
    worker.once('message', (m: Omit<Slice, 'busyMs' | 'cpuMs'> | { error: string }) => {
      const busyMs = thread.eventLoopUtilization(elu).active;
      const used = process.cpuUsage(cpu);
      void worker.terminate();
      if ('error' in m) reject(new Error(m.error));
      else resolve({ ...m, busyMs, cpuMs: (used.user + used.system) / 1000 });
    });
    worker.once('error', reject);
  });
}

/**
 * The app and the bare server measured side by side: a warm-up of each, then BENCH_ROUNDS short slices that take
 * turns (which side goes first alternates too), so that both meet the same machine: on a shared machine the load
 * changes from one second to the next, and one long run of each compared two different machines.
 */
async function measurePair(app: Side, bare: Side): Promise<{ app: LoadResult; bare: LoadResult }> {
  const slice = { warmupSeconds: 0, seconds: Math.max(1, Math.round(seconds / rounds)) };
  if (onlySide) {
    // One side alone (BENCH_SIDE), for a profile of its own work: the same warm-up and measured seconds.
    const side = onlySide === 'app' ? app : bare;
    await load(side, { warmupSeconds, seconds: 0 });
    const profiler = profileDir ? await startProfile() : null;
    const slices: Slice[] = [];
    for (let round = 0; round < rounds; round++) slices.push(await load(side, slice));
    const result = joined(slices);
    if (profiler) {
      const bytes = slices.reduce((n, s) => n + s.bytes, 0);
      console.log(`  bytes por respuesta: ${(bytes / result.ok).toFixed(0)}`);
      const file = path.join(profileDir, `${onlySide}-${++profiles}.${heapProfile ? 'heapprofile' : 'cpuprofile'}`);
      await profiler.stop(file);
      console.log(`  perfil (${result.ok} respuestas): ${file}`);
    }
    return { app: result, bare: result };
  }
  await load(app, { warmupSeconds, seconds: 0 });
  await load(bare, { warmupSeconds, seconds: 0 });
  const appSlices: Slice[] = [];
  const bareSlices: Slice[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      appSlices.push(await load(app, slice));
      bareSlices.push(await load(bare, slice));
    } else {
      bareSlices.push(await load(bare, slice));
      appSlices.push(await load(app, slice));
    }
  }
  return { app: joined(appSlices), bare: joined(bareSlices) };
}

/**
 * V8's sampling profiler on this thread (the servers'), from now until `stop` writes the profile: CPU (a
 * .cpuprofile, one sample every BENCH_PROFILE_INTERVAL µs) or, with BENCH_PROFILE_HEAP=1, allocations (a
 * .heapprofile of every sampled allocation, collected or not: what each function allocates per answer).
 */
async function startProfile(): Promise<{ stop: (file: string) => Promise<void> }> {
  const { Session } = await import('node:inspector/promises');
  const { mkdir, writeFile } = await import('node:fs/promises');
  const session = new Session();
  session.connect();
  if (heapProfile) {
    await session.post('HeapProfiler.enable');
    // Node 20's typings lack the two flags V8 takes (without them the profile holds only what is still alive).
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    } as { samplingInterval: number });
  } else {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: profileInterval });
    await session.post('Profiler.start');
  }
  return {
    async stop(file) {
      const profile = heapProfile
        ? (await session.post('HeapProfiler.stopSampling')).profile
        : (await session.post('Profiler.stop')).profile;
      session.disconnect();
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, JSON.stringify(profile));
    },
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/** One side's slices joined: throughput over the measured time, percentiles over every 2xx latency. */
function joined(slices: Slice[]): LoadResult {
  const latencies = slices.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const duration = slices.reduce((sum, s) => sum + s.duration, 0);
  const sum = (k: 'non2xx' | 'errors' | 'timeouts') => slices.reduce((n, s) => n + s[k], 0);
  return {
    busyPerRequest: latencies.length ? slices.reduce((t, s) => t + s.busyMs, 0) / latencies.length : NaN,
    cpuPerRequest: latencies.length ? slices.reduce((t, s) => t + s.cpuMs, 0) / latencies.length : NaN,
    ok: latencies.length,
    rps: duration > 0 ? latencies.length / duration : 0,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
  };
}

type Target = { kind: 'ratio' } | { kind: 'p95'; ms: number } | { kind: 'payments'; perSecond: number; p99: number };

interface Probe {
  name: string;
  label: string;
  method: 'GET' | 'POST';
  /** What the app is asked, in turn. */
  items: Item[];
  target: Target;
}

function monthBefore(today: string): { desde: string; hasta: string } {
  const firstOfThis = `${today.slice(0, 8)}01`;
  const hasta = addDays(firstOfThis, -1);
  return { desde: `${hasta.slice(0, 8)}01`, hasta };
}

async function main(): Promise<number> {
  if (!serverUrl) {
    console.error('El banco de pruebas mide PostgreSQL: define BENCH_DATABASE_URL (o TEST_DATABASE_URL).');
    return 1;
  }
  const moneyOnly = only.filter((n) => !isNetworkProbe(n) && !isPlansProbe(n));
  const wantWeb = only.length === 0 || only.includes('web');
  const chromiumPath = (findChromium() as string | null) ?? null;
  if (wantWeb && skipWeb) {
    console.log(
      `Parte web (clic → contenido): omitida por BENCH_SKIP_WEB=1 (Chromium: ${chromiumPath ?? 'no encontrado'}).`,
    );
  } else if (wantWeb && !chromiumPath) {
    console.error(
      'La parte web del banco de pruebas necesita Chromium (CHROMIUM_PATH o /usr/bin/chromium) y no se encontró. ' +
        'Instálalo, o omite esa parte a propósito con BENCH_SKIP_WEB=1.',
    );
    return 1;
  }
  const web = wantWeb && !skipWeb && chromiumPath ? chromiumPath : null;
  let code = only.length === 0 || moneyOnly.length > 0 ? await moneyBench(moneyOnly, web) : 0;
  if (only.length === 0 || only.some(isPlansProbe)) {
    const misses = await plansBench({
      serverUrl,
      only: only.filter(isPlansProbe),
      provision: envInt('BENCH_PROVISION', 500),
      secrets: envInt('BENCH_SECRETS', 5_000),
    });
    console.log(
      misses.length ? `Planes en el router, NO CUMPLE: ${misses.join(', ')}` : 'Planes en el router: cumple.',
    );
    if (strict && misses.length > 0) code = 1;
  }
  if (only.length > 0 && !only.some(isNetworkProbe)) return code;
  const started = performance.now();
  const misses = await networkBench({
    serverUrl,
    radios,
    samples,
    only: only.filter(isNetworkProbe),
    reuse,
    poolSize: POOL_SIZE,
    startBare: bareServer,
    // Side by side in alternating slices, as the money probes.
    measure: (app, bare) =>
      measurePair({ ...app, method: 'GET', newKey: false }, { ...bare, method: 'GET', newKey: false }),
  });
  console.log(misses.length ? `\nRed, NO CUMPLE: ${misses.join(', ')}` : '\nRed: todos los objetivos se cumplen.');
  console.log(`Tiempo de la parte de red: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return strict && misses.length > 0 ? 1 : code;
}

async function moneyBench(only: string[], chromiumPath: string | null): Promise<number> {
  const started = performance.now();
  console.log(
    `Banco de pruebas de la API: ${customers.toLocaleString('en')} clientes, ${payments.toLocaleString('en')} pagos; ` +
      `autocannon con ${connections} conexiones, ${warmupSeconds} s de calentamiento + ${seconds} s medidos por ruta.`,
  );
  console.log(`PostgreSQL: ${redact(serverUrl)} → base de datos ${BENCH_DB}`);
  const { database, url: benchUrl, fresh } = await benchDatabase(serverUrl);
  let app: App | undefined;
  let bare: BareServer | undefined;
  const check = new pg.Client({ connectionString: benchUrl });
  try {
    const { db } = database;
    const today = businessDate(new Date(), TZ);
    if (fresh) {
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
    } else {
      console.log('BENCH_REUSE: la base de datos ya tiene los datos; no se vuelve a cargar.');
      // Every payment of an earlier run updated its contract: the dead rows slowed the list and the search of the
      // next run (18,789 dead rows in contratos after a few runs: the list fell from 807 to 279 req/s).
      await vacuumLeftovers(db, ['contratos', 'pagos', 'recibos', 'notifications', 'registros', 'audit_log']);
    }

    // Production settings (a real OIDC client is required there, never used here); the session is started
    // directly, as the identity provider's callback would.
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_SECRET: randomBytes(32).toString('base64url'),
      DATA_DIR: path.join(tmpdir(), 'airlink-bench-unused'),
      PUBLIC_URL: 'https://bench.invalid',
      OIDC_CLIENT_ID: 'bench',
      OIDC_CLIENT_SECRET: 'bench',
      BUSINESS_TZ: TZ,
      DATABASE_URL: benchUrl,
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      // No scheduled jobs: the recorder takes every statement of every pool while a probe's request runs, so a job
      // that ran then (a BEGIN without its COMMIT among them) made the bare side replay it and hold its connections.
      JOBS: 'false',
    });
    app = await buildApp({ config, database, logger: false });
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await app.ctx.auth.userForSignIn('admin@airlink.mx');
    if ('error' in admin) throw new Error(admin.error);
    const session = await app.ctx.auth.startSession(admin.user, 'dev', { userAgent: 'bench' });
    if (session.user.idPerfilUsuario !== 20) throw new Error('el usuario del banco de pruebas debe ser de nivel 20');
    const auth = { authorization: `Bearer ${session.token}` };

    await check.connect();
    // Contracts spread over the id range, active: 32 to read, and disjoint sets to pay (app, bare, recording), of a
    // fixed size so that every run pays the same sets (the bare side writes the recorded periods, not real ones).
    const payeesPerSide = 640;
    const sample = await check.query<{ id: number; monto: string }>(
      'SELECT id, monto FROM contratos WHERE activo ORDER BY md5(id::text) LIMIT $1',
      [32 + 2 * payeesPerSide + 1],
    );
    const ids = sample.rows.map((r) => ({ id: r.id, monto: Number(r.monto) }));
    const readIds = ids.slice(0, 32).map((c) => c.id);
    const appPayees = ids.slice(32, 32 + payeesPerSide);
    const barePayees = ids.slice(32 + payeesPerSide, 32 + 2 * payeesPerSide);
    const recordPayee = ids[32 + 2 * payeesPerSide]!;
    const month = monthBefore(today);
    const payBody = (c: { id: number; monto: number }) =>
      JSON.stringify({ idCliente: c.id, monto: c.monto, idCuenta: 4, nota: 'Banco de pruebas' });

    const probes: Probe[] = [
      {
        name: 'list',
        label: 'Lista de clientes  GET /api/customer',
        method: 'GET',
        items: [{ path: '/api/customer?page=0' }],
        target: { kind: 'ratio' },
      },
      {
        name: 'panel',
        label: 'Panel del cliente  GET /api/contratos/{id}',
        method: 'GET',
        items: readIds.map((id) => ({ path: `/api/contratos/${id}` })),
        target: { kind: 'ratio' },
      },
      {
        name: 'receipts',
        label: 'Recibos  GET /api/recibos',
        method: 'GET',
        items: [{ path: '/api/recibos?page=0' }],
        target: { kind: 'ratio' },
      },
      {
        name: 'summary',
        label: 'Resumen financiero  GET /api/WeatherForecast/financial',
        method: 'GET',
        items: [{ path: '/api/WeatherForecast/financial' }],
        target: { kind: 'ratio' },
      },
      {
        name: 'report',
        label: 'Reporte de finanzas (1 mes)  GET /api/finanzas/reporte',
        method: 'GET',
        items: [{ path: `/api/finanzas/reporte?desde=${month.desde}&hasta=${month.hasta}` }],
        target: { kind: 'ratio' },
      },
      {
        name: 'search',
        label: 'Buscador  GET /api/customer/search',
        method: 'GET',
        items: ['gonza', 'maría hernández', 'jose luis', 'lopez', 'ramirez cruz', 'guadalupe', 'sanchez', 'martin'].map(
          (q) => ({ path: `/api/customer/search?q=${encodeURIComponent(q)}` }),
        ),
        target: { kind: 'p95', ms: 50 },
      },
      {
        name: 'pay',
        label: 'Registrar pago  POST /api/Pagos/registrar',
        method: 'POST',
        items: appPayees.map((c) => ({ path: '/api/Pagos/registrar', body: payBody(c) })),
        target: { kind: 'payments', perSecond: 300, p99: 150 },
      },
    ].filter((p) => only.length === 0 || only.includes(p.name)) as Probe[];

    // The statements of each request, recorded one request at a time.
    const bareProbes = new Map<string, BareProbe>();
    const recordedKey = randomUUID();
    for (const probe of probes) {
      const variants: Statement[][] = [];
      const items = probe.name === 'pay' ? [{ path: '/api/Pagos/registrar', body: payBody(recordPayee) }] : probe.items;
      for (const item of items) {
        const send = async (key: string) => {
          const res = await fetch(`${appUrl}${item.path}`, {
            method: probe.method,
            headers: { ...auth, ...(item.body ? { 'content-type': 'application/json', 'idempotency-key': key } : {}) },
            body: item.body,
          });
          const text = await res.text();
          if (!res.ok) throw new Error(`${probe.method} ${item.path} respondió ${res.status}: ${text.slice(0, 300)}`);
        };
        // Once before recording, so that what is recorded (and timed by BENCH_SHOW_SQL) is a warm request.
        if (items.length === 1) await send(randomUUID());
        variants.push(await recordSql(() => send(recordedKey)));
      }
      if (showSql) {
        console.log(`\n${probe.name}: ${variants[0]!.length} sentencias`);
        let last = variants[0]![0]?.sentAt ?? 0;
        for (const st of variants[0]!) {
          const gap = st.sentAt - last;
          last = st.answeredAt;
          console.log(
            `  +${gap.toFixed(1)} ms, ${(st.answeredAt - st.sentAt).toFixed(1)} ms: ${st.text.replace(/\s+/g, ' ').slice(0, 160)}`,
          );
        }
      }
      bareProbes.set(probe.name, {
        variants,
        ...(probe.name === 'pay'
          ? { payment: { recordedContract: recordPayee.id, recordedKey, contracts: barePayees.map((c) => c.id) } }
          : {}),
      });
    }

    const load1 = await check.query<{ l: string }>("SELECT to_char(now(), 'YYYY-MM-DD HH24:MI') AS l");
    console.log(
      `\nMedición (${load1.rows[0]!.l}; carga del sistema al empezar: ${(await import('node:os'))
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}):`,
    );
    const payStarted = new Date();
    const rows: Array<{ probe: Probe; app: LoadResult; bare: LoadResult }> = [];
    for (const probe of probes) {
      const bareItems = probe.items.map((item, i) => ({ path: `/bare/${probe.name}/${i}`, body: item.body }));
      // A fresh bare server (and pool) for each probe: nothing one probe leaves in a pool carries into the next.
      bare = await bareServer(benchUrl, new Map([[probe.name, bareProbes.get(probe.name)!]]), POOL_SIZE);
      const isPay = probe.name === 'pay';
      const { app: appResult, bare: bareResult } = await measurePair(
        { url: appUrl, method: probe.method, items: probe.items, headers: auth, newKey: isPay },
        { url: bare.url, method: probe.method, items: bareItems, headers: {}, newKey: isPay, thread: bare },
      );
      await bare.close();
      bare = undefined;
      rows.push({ probe, app: appResult, bare: bareResult });
      const bad = appResult.non2xx + appResult.errors + appResult.timeouts;
      const badBare = bareResult.non2xx + bareResult.errors + bareResult.timeouts;
      console.log(
        `  ${probe.name}: app ${appResult.rps.toFixed(0)} req/s, bare ${bareResult.rps.toFixed(0)} req/s` +
          (bad
            ? `  ⚠ app: ${appResult.non2xx} no-2xx, ${appResult.errors} errores, ${appResult.timeouts} timeouts`
            : '') +
          (badBare ? `  ⚠ bare: ${bareResult.non2xx} no-2xx, ${bareResult.errors} errores` : ''),
      );
    }

    const misses: string[] = [];
    const f0 = (n: number) => n.toFixed(0).padStart(6);
    const f1 = (n: number) => n.toFixed(1).padStart(6);
    const w = Math.max(...rows.map((r) => r.probe.name.length), 6);
    console.log(
      `\n${'ruta'.padEnd(w)}  ${'req/s'.padStart(6)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)}` +
        ` | ${'bare/s'.padStart(6)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)}` +
        ` | ${'x req/s'.padStart(7)} ${'x p99'.padStart(6)}  objetivo`,
    );
    for (const { probe, app: a, bare: b } of rows) {
      const thr = a.rps / b.rps;
      const p99 = a.p99 / b.p99;
      const failed = a.non2xx + a.errors + a.timeouts > 0;
      // Every probe beside the bare route (issue 25, part 5); search and payments also keep issue 11's own targets.
      const ratioOk = thr >= 0.8 && p99 <= 1.25;
      const RATIO = 'req/s ≥ 0.8x, p99 ≤ 1.25x';
      let verdict: string;
      const t = probe.target;
      if (t.kind === 'ratio') {
        const ok = !failed && ratioOk;
        verdict = `${ok ? 'cumple' : 'NO CUMPLE'} (${RATIO})`;
        if (!ok) misses.push(probe.name);
      } else if (t.kind === 'p95') {
        const ok = !failed && ratioOk && a.p95 < t.ms;
        verdict = `${ok ? 'cumple' : 'NO CUMPLE'} (${RATIO}; p95 < ${t.ms} ms)`;
        if (!ok) misses.push(probe.name);
      } else {
        const ok = !failed && ratioOk && a.rps >= t.perSecond && a.p99 < t.p99;
        verdict = `${ok ? 'cumple' : 'NO CUMPLE'} (${RATIO}; ≥ ${t.perSecond} pagos/s, p99 < ${t.p99} ms)`;
        if (!ok) misses.push(probe.name);
      }
      console.log(
        `${probe.name.padEnd(w)}  ${f0(a.rps)} ${f1(a.p50)} ${f1(a.p95)} ${f1(a.p99)} | ${f0(b.rps)} ${f1(b.p50)} ${f1(b.p95)} ${f1(b.p99)}` +
          ` | ${thr.toFixed(2).padStart(6)}x ${p99.toFixed(2).padStart(5)}x  ${verdict}`,
      );
    }
    console.log(
      '\nTrabajo propio por petición (ms): hilo del servidor ocupado (incluye esperas por un núcleo en una máquina ' +
        'cargada) y CPU del proceso (autocannon incluido, igual en ambos lados):',
    );
    for (const { probe, app: a, bare: b } of rows)
      console.log(
        `  ${probe.name.padEnd(w)}  ocupado app ${a.busyPerRequest.toFixed(3)} / bare ${b.busyPerRequest.toFixed(3)}` +
          `  CPU app ${a.cpuPerRequest.toFixed(3)} / bare ${b.cpuPerRequest.toFixed(3)}` +
          `  (+${(a.cpuPerRequest - b.cpuPerRequest).toFixed(3)} ms de CPU por petición)`,
      );
    for (const { probe } of rows) console.log(`  ${probe.name.padEnd(w)}  ${probe.label}`);
    console.log('  (ms; "bare": Fastify + pg con las mismas sentencias SQL, sesión incluida; x = app / bare)');

    const problems = rows.some((r) => r.probe.name === 'pay')
      ? await paymentGuarantees(
          check,
          appUrl,
          auth,
          appPayees.map((c) => c.id),
          payStarted,
          appPayees[0]!,
        )
      : [];
    for (const p of problems) console.log(`✖ ${p}`);
    if (chromiumPath) misses.push(...(await webPart(database, benchUrl, chromiumPath)));
    if (rows.some((r) => r.probe.name === 'pay') && problems.length === 0)
      console.log(
        '\nGarantías del dinero: cumplen (clave de idempotencia, periodos sin traslape, un recibo por pago, recibos crecientes).',
      );
    if (misses.length) console.log(`\nNO CUMPLE: ${misses.join(', ')}`);
    else console.log('\nTodos los objetivos se cumplen.');
    console.log(`La base de datos ${BENCH_DB} se conserva para EXPLAIN ANALYZE; BENCH_REUSE=1 la reutiliza.`);
    console.log(`Tiempo total: ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return strict && (misses.length > 0 || problems.length > 0) ? 1 : 0;
  } finally {
    await check.end().catch(() => {});
    await bare?.close();
    await app?.close();
    await database.close();
  }
}

/** A free loopback port (the web part's app needs its address, PUBLIC_URL, before it listens). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The web part (issue 25, part 7): the built web served by the app over the bench's data, click-to-content of
 * four pages in Chromium with the CPU throttled (scripts/bench/web.ts). Answers the names of the pages over
 * WEB_TARGET_MS (the median of the runs).
 */
async function webPart(database: Database, benchUrl: string, chromiumPath: string): Promise<string[]> {
  console.log(
    `\nWeb: clic → contenido con la CPU ${webThrottle}x más lenta (Chrome DevTools), ${webRuns} corridas, ` +
      `cada una con la caché vacía después de iniciar sesión.`,
  );
  // Dispositivos needs radios to list: a site with 300 of them, once.
  const { db } = database;
  const [{ n } = { n: 0 }] = (
    (await db.execute(sql`SELECT count(*)::int AS n FROM devices`)) as unknown as { rows: { n: number }[] }
  ).rows;
  if (n === 0) {
    const [site] = await db.insert(sites).values({ nombre: 'Banco de pruebas', username: 'ubnt' }).returning();
    await db.execute(sql`
      INSERT INTO devices (hwaddr, siteid, hostname, ipaddr, product)
      SELECT '02:B1:00:00:' || lpad(to_hex(g / 256), 2, '0') || ':' || lpad(to_hex(g % 256), 2, '0'),
             ${site!.id}, 'radio-' || g, '10.20.' || (g / 256) || '.' || (g % 256), 'LiteBeam 5AC'
      FROM generate_series(1, 300) AS g`);
  }
  await buildWebIfStale();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('base64url'),
    DATA_DIR: path.join(tmpdir(), 'airlink-bench-unused'),
    PUBLIC_URL: publicUrl,
    OIDC_CLIENT_ID: 'bench',
    OIDC_CLIENT_SECRET: 'bench',
    BUSINESS_TZ: TZ,
    DATABASE_URL: benchUrl,
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(root as string, 'apps/web/dist'),
    JOBS: 'false',
  });
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.listen({ port, host: '127.0.0.1' });
    const admin = await app.ctx.auth.userForSignIn('admin@airlink.mx');
    if ('error' in admin) throw new Error(admin.error);
    const session = await app.ctx.auth.startSession(admin.user, 'dev', { userAgent: 'bench-web' });
    console.log(
      `  carga del sistema al empezar: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    const timings = await webBench({
      appUrl: publicUrl,
      session,
      chromiumPath,
      runs: webRuns,
      cpuThrottling: webThrottle,
      profileDir: process.env.BENCH_WEB_PROFILE?.trim() || undefined,
    });
    const misses: string[] = [];
    for (const t of timings) {
      const sorted = [...t.ms].sort((a, b) => a - b);
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      const ok = median < WEB_TARGET_MS;
      if (!ok) misses.push(`web ${t.name}`);
      console.log(
        `  ${t.name.padEnd(13)} mediana ${median.toFixed(0).padStart(5)} ms  (${t.ms.map((x) => x.toFixed(0)).join(', ')} ms)` +
          `  ${ok ? 'cumple' : 'NO CUMPLE'} (< ${WEB_TARGET_MS} ms)  ${t.label}`,
      );
      const outside = [...t.outside].sort((a, b) => a - b)[Math.floor((t.outside.length - 1) / 2)]!;
      console.log(
        `                visto desde Playwright (sus comprobaciones antes del clic incluidas): mediana ${outside.toFixed(0)} ms` +
          ` (${t.outside.map((x) => x.toFixed(0)).join(', ')} ms)`,
      );
      const hovered = [...new Set(t.hovered.flat())];
      if (hovered.length)
        console.log(`                pedido con el puntero encima, antes del clic: ${hovered.join(', ')}`);
      const asked = [...new Set(t.after.flat())];
      console.log(
        `                pedido después del clic: ${asked.length ? asked.join(', ') : 'nada (todo se trajo antes)'}`,
      );
    }
    console.log(
      `  carga del sistema al terminar: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    return misses;
  } finally {
    await app.close();
  }
}

/**
 * After the load: the money rules held for the payments the app registered. Periods of a contract never
 * overlap and follow each other; every payment has exactly one receipt and a contract's receipts grow with
 * its periods (the row lock ordered them); a repeated Idempotency-Key, sent again and sent by 8 requests at
 * once, makes no second payment.
 */
async function paymentGuarantees(
  check: pg.Client,
  appUrl: string,
  auth: Record<string, string>,
  contracts: number[],
  since: Date,
  payee: { id: number; monto: number },
): Promise<string[]> {
  const problems: string[] = [];
  const overlap = await check.query<{ n: string }>(
    `SELECT count(*) AS n FROM (
       SELECT p.fecha_inicio, lag(p.fecha_finalizacion) OVER w AS prev_fin, r.id AS recibo, lag(r.id) OVER w AS prev_recibo
       FROM pagos p JOIN recibos r ON r.pago_id = p.id
       WHERE p.contrato_id = ANY($1) AND p.fecha_pago >= $2 AND p.meses_cubiertos > 0
       WINDOW w AS (PARTITION BY p.contrato_id ORDER BY p.fecha_inicio, p.id)
     ) t WHERE prev_fin IS NOT NULL AND (fecha_inicio <> prev_fin + 1 OR recibo < prev_recibo)`,
    [contracts, since],
  );
  if (Number(overlap.rows[0]!.n) > 0)
    problems.push(`${overlap.rows[0]!.n} pagos con periodo traslapado, con hueco o con recibo fuera de orden`);
  const receipts = await check.query<{ pagos: string; recibos: string; distintos: string }>(
    `SELECT count(DISTINCT p.id) AS pagos, count(r.id) AS recibos, count(DISTINCT r.id) AS distintos
     FROM pagos p LEFT JOIN recibos r ON r.pago_id = p.id
     WHERE p.contrato_id = ANY($1) AND p.fecha_pago >= $2`,
    [contracts, since],
  );
  const rc = receipts.rows[0]!;
  if (rc.pagos !== rc.recibos || rc.recibos !== rc.distintos)
    problems.push(`pagos ${rc.pagos}, recibos ${rc.recibos} (${rc.distintos} distintos): debe ser uno por pago`);
  const paid = await check.query<{ n: string }>(
    `SELECT count(*) AS n FROM contratos c WHERE c.id = ANY($1) AND c.pagado_hasta <>
       (SELECT max(fecha_finalizacion) FROM pagos p WHERE p.contrato_id = c.id AND p.meses_cubiertos > 0)`,
    [contracts],
  );
  if (Number(paid.rows[0]!.n) > 0)
    problems.push(`${paid.rows[0]!.n} contratos con pagado_hasta distinto del último periodo`);

  const key = randomUUID();
  const send = () =>
    fetch(`${appUrl}/api/Pagos/registrar`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ idCliente: payee.id, monto: payee.monto, idCuenta: 4, nota: 'Banco de pruebas' }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { id?: number; repetido?: boolean } }));
  const answers = await Promise.all(Array.from({ length: 8 }, send));
  const again = await send();
  const created = answers.filter((a) => a.status === 201);
  const ids = new Set([...answers, again].map((a) => a.body.id));
  if (created.length !== 1 || ids.size !== 1 || again.status !== 200 || again.body.repetido !== true)
    problems.push(
      `clave de idempotencia: ${created.length} creados, ${ids.size} pagos distintos, repetición ${again.status}`,
    );
  return problems;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`\n✖ ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
