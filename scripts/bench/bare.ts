// The bench's yardstick: the SQL the app ran for a request, recorded at the driver, and a bare Fastify + pg
// server that runs exactly those statements again (session lookup included) and answers their rows as JSON.
// The ratio app/bare is then what the app adds on top of its SQL: hooks, plugins, validation, serialization.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { performance as nodePerformance, type EventLoopUtilization } from 'node:perf_hooks';
import pg from 'pg';
import { tsWorker } from './ts-worker';

export interface Statement {
  text: string;
  /** The name of a prepared statement (replayed under the same name, so the bare side prepares it too). */
  name?: string;
  values: unknown[];
  /** Column names and the first rows of the answer (to follow generated ids and uuids on replay). */
  fields: string[];
  rows: unknown[][];
  /** When the statement was sent and answered (performance.now(), for BENCH_SHOW_SQL). */
  sentAt: number;
  answeredAt: number;
}

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;

let recording: Statement[] | null = null;
let patched = false;
/** Statements of any pool on their way, and when the last one was sent or answered (see `quiet`). */
let inFlight = 0;
let lastActivity = 0;
const settled = () => {
  inFlight--;
  lastActivity = performance.now();
};

/** Wraps pg's Client#query once, so statements of every pool (the app's included) can be recorded. */
function patchDriver() {
  if (patched) return;
  patched = true;
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    inFlight++;
    lastActivity = performance.now();
    const target = recording;
    const cbAt = args.findIndex((a) => typeof a === 'function');
    if (!target) {
      if (cbAt >= 0) {
        const cb = args[cbAt] as (err: unknown, res: unknown) => void;
        const wrapped = [...args];
        wrapped[cbAt] = (err: unknown, res: unknown) => {
          settled();
          cb(err, res);
        };
        return original.apply(this, wrapped);
      }
      const result = original.apply(this, args) as Promise<unknown> | undefined;
      if (result?.then) result.then(settled, settled);
      else settled();
      return result;
    }
    const [config, second] = args;
    const text = typeof config === 'string' ? config : ((config as { text?: string }).text ?? '');
    const values = Array.isArray(second) ? second : ((config as { values?: unknown[] }).values ?? []);
    const name = typeof config === 'object' ? (config as { name?: string }).name : undefined;
    // The app's first statement of a transaction carries its BEGIN (db/fast-node-pg.ts WireQuery): the bare side
    // replays it as the statement of its own that it is.
    if (typeof config === 'object' && (config as { begin?: boolean }).begin === true) {
      const at = performance.now();
      target.push({ text: 'begin', values: [], fields: [], rows: [], sentAt: at, answeredAt: at });
    }
    const entry: Statement = {
      text,
      ...(name ? { name } : {}),
      values: [...values],
      fields: [],
      rows: [],
      sentAt: performance.now(),
      answeredAt: 0,
    };
    target.push(entry);
    const capture = (res: unknown) => {
      entry.answeredAt = performance.now();
      const r = res as { fields?: Array<{ name: string }>; rows?: unknown[] } | undefined;
      if (!r?.fields) return;
      entry.fields = r.fields.map((f) => f.name);
      entry.rows = (r.rows ?? [])
        .slice(0, 50)
        .map((row) => (Array.isArray(row) ? row : entry.fields.map((f) => (row as Record<string, unknown>)[f])));
    };
    const cbIndex = args.findIndex((a) => typeof a === 'function');
    if (cbIndex >= 0) {
      const cb = args[cbIndex] as (err: unknown, res: unknown) => void;
      const wrapped = [...args];
      wrapped[cbIndex] = (err: unknown, res: unknown) => {
        settled();
        capture(res);
        cb(err, res);
      };
      return original.apply(this, wrapped);
    }
    const result = original.apply(this, args) as Promise<unknown> | undefined;
    if (result?.then) result.then(capture, () => {}).finally(settled);
    else settled();
    return result;
  };
}

/**
 * Resolves once no statement of any pool has been on its way for `quietMs`: the requests a load left in flight when
 * its autocannon stopped (on a busy machine they finish long after) must not run into the next recording.
 */
async function quiet(quietMs = 300, capMs = 60_000) {
  const started = performance.now();
  while (performance.now() - started < capMs) {
    if (inFlight <= 0 && performance.now() - lastActivity >= quietMs) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every statement any pg client runs while `work` runs (the bench sends one request at a time). */
export async function recordSql(work: () => Promise<void>): Promise<Statement[]> {
  patchDriver();
  await quiet();
  const statements: Statement[] = [];
  recording = statements;
  try {
    await work();
  } finally {
    recording = null;
  }
  return statements;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Generated keys worth following from one statement's answer into the next statement's parameters. */
const FOLLOWED = /(^|_)(id|guid)$/i;
const key = (v: unknown) => (v instanceof Date ? `d:${v.toISOString()}` : `${typeof v}:${String(v)}`);

/**
 * Runs recorded statements again. `substitute` maps recorded parameter values to new ones (a payment's
 * contract and Idempotency-Key); ids and uuids the database generates are followed: where a recorded
 * answer had an id and the new answer has another, later parameters with the old id get the new one.
 * BEGIN … COMMIT run on one connection, like the app's transactions; other statements on any.
 */
async function replay(pool: pg.Pool, statements: Statement[], substitute?: Map<string, unknown>): Promise<unknown[]> {
  const map = substitute ?? new Map<string, unknown>();
  const out: unknown[] = [];
  let client: pg.PoolClient | null = null;
  try {
    for (const s of statements) {
      const values = map.size ? s.values.map((v) => (map.has(key(v)) ? map.get(key(v)) : v)) : s.values;
      if (/^\s*begin/i.test(s.text)) client = await pool.connect();
      const res = await (client ?? pool).query({ text: s.text, name: s.name, values });
      if (/^\s*(commit|rollback)/i.test(s.text)) {
        client?.release();
        client = null;
      }
      if (res.rows.length) out.push(res.rows);
      if (!substitute) continue;
      s.rows.forEach((recorded, i) => {
        const now = res.rows[i] as Record<string, unknown> | undefined;
        if (!now) return;
        s.fields.forEach((f, j) => {
          const before = recorded[j];
          const after = now[f];
          if (before !== after && (FOLLOWED.test(f) || (typeof before === 'string' && UUID.test(before))))
            map.set(key(before), after);
        });
      });
    }
  } catch (err) {
    if (client) {
      await client.query('ROLLBACK').catch(() => {});
      client.release();
    }
    throw err;
  }
  // A recording with a BEGIN and no COMMIT must not keep its connection: the pool would run dry and the bare side stall.
  if (client) {
    await client.query('ROLLBACK').catch(() => {});
    client.release();
  }
  return out;
}

export interface BareProbe {
  /** Variants of the request (one per contract or query), each the statements the app ran for it. */
  variants: Statement[][];
  /**
   * For a payment: the recorded contract and Idempotency-Key, swapped on each request for a contract of
   * `contracts` (by variant) and a fresh key. Plain data: the probe crosses into the bare server's thread.
   */
  payment?: { recordedContract: number; recordedKey: string; contracts: number[] };
}

/** The thread a server runs on: its event loop's use (its busy time per request) and a full collection of its heap. */
export interface ServerThread {
  eventLoopUtilization: (prev?: EventLoopUtilization) => EventLoopUtilization;
  /** Before each of the server's slices (`npm run bench` passes --expose-gc). */
  gc: () => Promise<void>;
}

/** The bench's own thread, where the app runs (and the bare server when one side is loaded alone). */
export const thisThread: ServerThread = {
  eventLoopUtilization: (prev) => nodePerformance.eventLoopUtilization(prev),
  gc: async () => (globalThis as { gc?: () => void }).gc?.(),
};

export interface BareServer extends ServerThread {
  url: string;
  close: () => Promise<void>;
}

/** The bare server on this thread: GET or POST /bare/:probe/:variant runs that variant's statements. */
export async function startBareHere(
  databaseUrl: string,
  probes: Map<string, BareProbe>,
  poolSize: number,
): Promise<BareServer> {
  // Both sides' statements go through the same driver wrapper (the app's pool is wrapped by the recorder).
  patchDriver();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const app: FastifyInstance = Fastify({ logger: false });
  const handler = async (req: { params: unknown }) => {
    const params = req.params as { probe: string; variant: string };
    const probe = probes.get(params.probe);
    if (!probe) throw new Error(`unknown probe ${params.probe}`);
    const variant = Number(params.variant);
    const statements = probe.variants[variant % probe.variants.length]!;
    const pay = probe.payment;
    const swaps = pay
      ? paymentSwaps(pay.recordedContract, pay.recordedKey, pay.contracts[variant % pay.contracts.length]!)
      : undefined;
    try {
      return await replay(pool, statements, swaps);
    } catch (err) {
      if (process.env.BENCH_DEBUG) console.error('bare', params.probe, err);
      throw err;
    }
  };
  app.get('/bare/:probe/:variant', handler);
  app.post('/bare/:probe/:variant', handler);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    ...thisThread,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

/**
 * The bare server in a worker thread of its own (scripts/bench/bare-worker.ts), as the app runs in a process of its
 * own in production. On one thread the two servers share one V8 isolate: the code of fastify, pg and node:http that
 * both run is optimised for whichever side ran last, and each change of side in the alternating slices threw away
 * the other's optimised code (deoptimisations of fastify's reply and hook paths and pg's query queue on every change,
 * `--trace-deopt`; docs/performance.md "Ninth round"). Alone, each side measured as fast as the other.
 */
export async function startBare(
  databaseUrl: string,
  probes: Map<string, BareProbe>,
  poolSize: number,
): Promise<BareServer> {
  const worker = tsWorker(new URL('./bare-worker.ts', import.meta.url), {
    databaseUrl,
    probes: [...probes],
    poolSize,
  } satisfies BareWorkerData);
  const answer = <K extends BareWorkerMessage['kind']>(kind: K) =>
    new Promise<Extract<BareWorkerMessage, { kind: K }>>((resolve, reject) => {
      const onMessage = (m: BareWorkerMessage) => {
        if (m.kind !== kind && m.kind !== 'error') return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        if (m.kind === 'error') reject(new Error(`servidor bare: ${m.message}`));
        else resolve(m as Extract<BareWorkerMessage, { kind: K }>);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  const { url } = await answer('ready');
  return {
    url,
    eventLoopUtilization: (prev) => worker.performance.eventLoopUtilization(prev),
    gc: async () => {
      const done = answer('collected');
      worker.postMessage('gc');
      await done;
    },
    close: async () => {
      const closed = answer('closed');
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}

export interface BareWorkerData {
  databaseUrl: string;
  probes: Array<[string, BareProbe]>;
  poolSize: number;
}

export type BareWorkerMessage =
  { kind: 'ready'; url: string } | { kind: 'collected' } | { kind: 'closed' } | { kind: 'error'; message: string };

/** Substitutions for one replayed payment: the recorded contract and key become this request's. */
function paymentSwaps(recordedContract: number, recordedKey: string, contract: number, newKey = randomUUID()) {
  return new Map<string, unknown>([
    [key(recordedContract), contract],
    [key(String(recordedContract)), String(contract)],
    [key(recordedKey), newKey],
  ]);
}
