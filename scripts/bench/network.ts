// `npm run bench`, the network part (issue 12): a poll cycle over BENCH_RADIOS fake airOS radios (20,000), and
// the spec's two stats calls (the TSV series and the current stats) at BENCH_CONNECTIONS against the app and, in
// the same run, against the bare route with the very statements the app ran, over BENCH_SAMPLES stored samples
// (2,000,000). It has its own database, airlink_bench_network (the money bench's data is not needed), and the
// fake radios run in a worker thread (scripts/bench/airos-farm.ts), as real radios do not share the poller's
// event loop. Probe names for BENCH_ONLY: poll, tsv, current.
import { randomBytes } from 'node:crypto';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type App } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { devices, sites, users } from '../../apps/server/src/db/schema';
import { seedBase } from '../../apps/server/src/db/base-data';
import { DEMO_USERS } from '../../apps/server/src/demo/seed/build-staff';
import { NetworkPoller } from '../../apps/server/src/modules/network-stats/network-poller';
import { NetworkStatsRepository } from '../../apps/server/src/modules/network-stats/network-stats.repository';
import { recordSql, type BareProbe, type BareServer, type ServerThread, type Statement } from './bare';
import { vacuumLeftovers } from './load';
import { tsWorker } from './ts-worker';

export const NETWORK_PROBES = ['poll', 'tsv', 'current'] as const;
const BENCH_DB = 'airlink_bench_network';
const POLL_GOAL_MS = 60_000;

export interface NetworkLoadResult {
  busyPerRequest: number;
  cpuPerRequest: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface NetworkBenchOptions {
  serverUrl: string;
  radios: number;
  samples: number;
  only: readonly string[];
  reuse: boolean;
  poolSize: number;
  /** Starts the bare server for one probe (in its own thread, or on the app's when one side is loaded alone). */
  startBare: (databaseUrl: string, probes: Map<string, BareProbe>, poolSize: number) => Promise<BareServer>;
  /** The app and the bare server measured side by side (alternating slices). */
  measure: (
    app: { url: string; items: Array<{ path: string }>; headers: Record<string, string> },
    bare: { url: string; items: Array<{ path: string }>; headers: Record<string, string>; thread: ServerThread },
  ) => Promise<{ app: NetworkLoadResult; bare: NetworkLoadResult }>;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const wanted = (only: readonly string[], name: string) => only.length === 0 || only.includes(name);

async function rowsOf<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The MAC of generated radio n (unique, locally administered). */
function macOf(n: number): string {
  const b = [2, 0xa1, (n >> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255];
  return b.map((x) => x.toString(16).padStart(2, '0').toUpperCase()).join(':');
}

async function networkDatabase(serverUrl: string, opts: NetworkBenchOptions) {
  const u = new URL(serverUrl);
  u.pathname = `/${BENCH_DB}`;
  const benchUrl = u.toString();
  const adminUrl = new URL(serverUrl);
  if (adminUrl.pathname === `/${BENCH_DB}`) adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  let fresh = true;
  try {
    if (opts.reuse && (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [BENCH_DB])).rowCount) {
      const probe = new pg.Client({ connectionString: benchUrl });
      await probe.connect();
      const n = await probe
        .query<{ d: string; s: string }>(
          `SELECT (SELECT count(*) FROM devices) AS d, (SELECT count(*) FROM radio_samples) AS s`,
        )
        .catch(() => ({ rows: [{ d: '0', s: '0' }] }));
      await probe.end();
      fresh = !(Number(n.rows[0]!.d) === opts.radios && Number(n.rows[0]!.s) >= opts.samples);
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

/** The radio farm in a worker thread; resolves with the URL of radio "0" and a stop function. */
function startFarm(count: number): Promise<{ first: string; stop: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const worker = tsWorker(new URL('./airos-farm.ts', import.meta.url), { count });
    worker.once('error', reject);
    worker.once('message', (m: { first: string }) =>
      resolve({
        first: m.first,
        stop: () =>
          new Promise<void>((done) => {
            worker.once('message', () => void worker.terminate().then(() => done()));
            worker.postMessage('stop');
          }),
      }),
    );
  });
}

/** Loads the site, the radios and the stored samples (a fresh database only). */
async function loadNetworkData(database: Database, opts: NetworkBenchOptions): Promise<void> {
  const { db } = database;
  await seedBase(db);
  await db.insert(users).values(DEMO_USERS.map((u) => ({ ...u })));
  const [site] = await db.insert(sites).values({ nombre: 'Banco de pruebas', username: 'ubnt' }).returning();
  let started = performance.now();
  for (let from = 0; from < opts.radios; from += 1000) {
    const rows = [];
    for (let n = from; n < Math.min(opts.radios, from + 1000); n++)
      rows.push({ hwaddr: macOf(n), siteid: site!.id, hostname: `radio-${n}`, url: `https://127.0.0.1:1/d/${n}/` });
    await db.insert(devices).values(rows);
  }
  console.log(`  radios ${opts.radios.toLocaleString('en')}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // Minute samples of the last minutes before this one (the poll writes the current minute), in steps.
  const perRadio = Math.ceil(opts.samples / opts.radios);
  started = performance.now();
  const step = Math.max(1, Math.floor(200_000 / perRadio));
  const [{ lo, hi } = { lo: 0, hi: -1 }] = await rowsOf<{ lo: number; hi: number }>(
    database,
    sql`SELECT min(id)::int AS lo, max(id)::int AS hi FROM devices`,
  );
  for (let a = lo; a <= hi; a += step) {
    await db.execute(sql`
      INSERT INTO radio_samples (device_id, interval, bucket, samples, signal, ccq, wlan_rx_rate, wlan_tx_rate,
                                 lan_rx_bytes, lan_tx_bytes, lan_speed, uptime)
      SELECT d.id, 'minute', date_trunc('minute', now()) - m * interval '1 minute', 1,
             -55 - (d.id % 20), 70 + (m % 30), 300000, 300000,
             (d.id::bigint * 7919 + m * 104729) % 60000000, (d.id::bigint * 104729 + m * 7919) % 8000000, 36,
             86400 + (${perRadio} - m) * 60
      FROM devices d CROSS JOIN generate_series(1, ${perRadio}) AS m
      WHERE d.id BETWEEN ${a} AND ${a + step - 1}`);
  }
  await db.execute(sql`ANALYZE`);
  const [{ n } = { n: 0 }] = await rowsOf<{ n: number }>(database, sql`SELECT count(*)::int AS n FROM radio_samples`);
  console.log(
    `  muestras ${n.toLocaleString('en')} (${perRadio} minutos por radio): ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * Runs the network part; prints its figures and answers the names of the targets it missed (the poll cycle
 * over 60 s; a stats call under 0.8x the bare route's throughput or over 1.25x its p99, as issue 11's rule).
 */
export async function networkBench(opts: NetworkBenchOptions): Promise<string[]> {
  const misses: string[] = [];
  console.log(
    `\nRed: ${opts.radios.toLocaleString('en')} radios airOS falsos (HTTPS en loopback, en otro hilo), ` +
      `${opts.samples.toLocaleString('en')} muestras guardadas. Base de datos ${BENCH_DB}.`,
  );
  const { database, url: benchUrl, fresh } = await networkDatabase(opts.serverUrl, opts);
  let app: App | undefined;
  let farm: Awaited<ReturnType<typeof startFarm>> | undefined;
  try {
    if (fresh) await loadNetworkData(database, opts);
    else {
      console.log('BENCH_REUSE: la base de datos de red ya tiene los datos; no se vuelve a cargar.');
      // Every poll round of an earlier run rewrote 20,000 radios' current readings: the dead rows slowed the series'
      // device lookup on both sides (159 req/s instead of 2,500).
      await vacuumLeftovers(database.db);
    }
    const { db } = database;
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_SECRET: randomBytes(32).toString('base64url'),
      DATA_DIR: path.join(tmpdir(), 'airlink-bench-unused'),
      PUBLIC_URL: 'https://bench.invalid',
      OIDC_CLIENT_ID: 'bench',
      OIDC_CLIENT_SECRET: 'bench',
      DATABASE_URL: benchUrl,
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      // The bench runs its own poll cycles; the app's scheduled poll would read the same radios meanwhile.
      JOBS: 'false',
    });
    app = await buildApp({ config, database, logger: false });
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const [site] = await db.select({ id: sites.id }).from(sites).limit(1);
    // This run's key seals the site's password; the radios point at this run's farm.
    await db
      .update(sites)
      .set({ passwordEnc: app.ctx.secrets.seal('ubnt') })
      .where(eq(sites.id, site!.id));

    if (wanted(opts.only, 'poll')) {
      farm = await startFarm(opts.radios);
      const port = new URL(farm.first).port;
      await db.execute(sql`UPDATE devices SET url = regexp_replace(url, ':[0-9]+/', ${`:${port}/`})`);
      const poller = new NetworkPoller(new NetworkStatsRepository(db), app.ctx.secrets, app.log, () => new Date());
      console.log(
        `\nCiclo de sondeo (carga del sistema al empezar: ${loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}):`,
      );
      for (const round of ['primero (inicia sesión en cada radio)', 'segundo (reutiliza las sesiones)']) {
        global.gc?.();
        const before = process.memoryUsage();
        let peakRss = before.rss;
        let peakHeap = before.heapUsed;
        const timer = setInterval(() => {
          const m = process.memoryUsage();
          peakRss = Math.max(peakRss, m.rss);
          peakHeap = Math.max(peakHeap, m.heapUsed);
        }, 100);
        const summary = await poller.pollAll();
        clearInterval(timer);
        const ok = summary.ms < POLL_GOAL_MS && summary.radiosOk === opts.radios;
        if (!ok) misses.push(`poll (${round.split(' ')[0]})`);
        console.log(
          `  ${round}: ${(summary.ms / 1000).toFixed(1)} s, ${summary.radiosOk.toLocaleString('en')} de ` +
            `${summary.radios.toLocaleString('en')} radios leídos, ${(summary.radios / (summary.ms / 1000)).toFixed(0)} radios/s; ` +
            `memoria: heap ${mb(before.heapUsed)} → pico ${mb(peakHeap)}, RSS del proceso (con los radios falsos) ` +
            `${mb(before.rss)} → pico ${mb(peakRss)}  ${ok ? 'cumple' : 'NO CUMPLE'} (< 60 s)`,
        );
      }
      poller.close();
      await farm.stop();
      farm = undefined;
    }

    const admin = await app.ctx.auth.userForSignIn('admin@airlink.mx');
    if ('error' in admin) throw new Error(admin.error);
    const session = await app.ctx.auth.startSession(admin.user, 'dev', { userAgent: 'bench' });
    const auth = { authorization: `Bearer ${session.token}` };
    const sample = await rowsOf<{ id: number; hwaddr: string }>(
      database,
      sql`SELECT id, hwaddr FROM devices ORDER BY md5(id::text) LIMIT 32`,
    );
    const probes = [
      {
        name: 'tsv',
        label: 'Serie TSV  GET /api/site/{siteId}/{hwaddr}/lanRxBytes/minute/60',
        items: sample.map((d) => ({ path: `/api/site/${site!.id}/${d.hwaddr}/lanRxBytes/minute/60` })),
      },
      {
        name: 'current',
        label: 'Lectura actual  GET /api/site/{siteId}/{deviceId}',
        items: sample.map((d) => ({ path: `/api/site/${site!.id}/${d.id}` })),
      },
    ].filter((p) => wanted(opts.only, p.name));
    if (probes.length)
      console.log(
        `\nLlamadas de estadísticas (carga: ${loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}):`,
      );
    for (const probe of probes) {
      const variants: Statement[][] = [];
      for (const item of probe.items) {
        variants.push(
          await recordSql(async () => {
            const res = await fetch(`${appUrl}${item.path}`, { headers: auth });
            const text = await res.text();
            if (!res.ok) throw new Error(`GET ${item.path} respondió ${res.status}: ${text.slice(0, 300)}`);
          }),
        );
      }
      const bare = await opts.startBare(benchUrl, new Map([[probe.name, { variants }]]), opts.poolSize);
      let a: NetworkLoadResult;
      let b: NetworkLoadResult;
      try {
        ({ app: a, bare: b } = await opts.measure(
          { url: appUrl, items: probe.items, headers: auth },
          {
            url: bare.url,
            items: probe.items.map((_, i) => ({ path: `/bare/${probe.name}/${i}` })),
            headers: {},
            thread: bare,
          },
        ));
      } finally {
        await bare.close();
      }
      const thr = a.rps / b.rps;
      const p99 = a.p99 / b.p99;
      const failed = a.non2xx + a.errors + a.timeouts > 0;
      const ok = !failed && thr >= 0.8 && p99 <= 1.25;
      if (!ok) misses.push(probe.name);
      console.log(
        `  ${probe.name.padEnd(8)} app ${a.rps.toFixed(0)} req/s p50 ${a.p50.toFixed(1)} p95 ${a.p95.toFixed(1)} p99 ${a.p99.toFixed(1)}` +
          ` | bare ${b.rps.toFixed(0)} req/s p50 ${b.p50.toFixed(1)} p95 ${b.p95.toFixed(1)} p99 ${b.p99.toFixed(1)}` +
          ` | ${thr.toFixed(2)}x req/s, ${p99.toFixed(2)}x p99  ${ok ? 'cumple' : 'NO CUMPLE'} (≥ 0.8x, ≤ 1.25x)` +
          (failed ? `  ⚠ ${a.non2xx} no-2xx, ${a.errors} errores, ${a.timeouts} timeouts` : ''),
      );
      console.log(
        `           ${probe.label}; ${variants[0]!.length} sentencias SQL por petición; hilo del servidor ocupado por ` +
          `petición: app ${a.busyPerRequest.toFixed(3)} ms, bare ${b.busyPerRequest.toFixed(3)} ms; CPU del proceso por ` +
          `petición: app ${a.cpuPerRequest.toFixed(3)} ms, bare ${b.cpuPerRequest.toFixed(3)} ms`,
      );
    }
  } finally {
    await farm?.stop();
    await app?.close();
    await database.close();
  }
  return misses;
}
