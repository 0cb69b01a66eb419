// `npm run chaos`: the reliability suite (docs/reliability.md). Concurrent cashiers register payments with
// Idempotency-Keys against the real server (started as `npm start` starts it) on PostgreSQL, while the server is
// killed with SIGKILL and restarted and its database connections are terminated; then SQL checks that every
// acknowledged payment exists exactly once with one receipt, periods are contiguous and paid-until agrees.
//   CHAOS_DATABASE_URL   the database to use as is; otherwise airlink_chaos_<pid> is created on CHAOS_ADMIN_URL
//                        (or TEST_DATABASE_URL's server, or postgres://postgres@127.0.0.1:5432) and dropped after
//   --short, CHAOS_SHORT=1   the CI form: 2 kills in about 20 s
//   CHAOS_CASHIERS (8), CHAOS_KILLS (5; short 2), CHAOS_SECONDS (60; short 20), CHAOS_TERMINATE_MS (2500: mean
//   pause between connection terminations; 0 = none), CHAOS_DRAIN_SECONDS (60), CHAOS_SEED, CHAOS_KEEP=1
// Exits 1 on any violation.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDEMPOTENCY_KEY_HEADER, SERVICE_TYPES, paymentPeriod, searchTextOf } from '@airlink/domain';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { contratos, users } from '../apps/server/src/db/schema';
import { seedBase } from '../apps/server/src/db/base-data';
import { Rng } from '../apps/server/src/demo/seed/prng';
// @ts-expect-error plain ESM helper without types
import * as lib from './lib.mjs';

const { buildServerIfStale, root, serverEntry } = lib as {
  buildServerIfStale: () => Promise<void>;
  root: string;
  serverEntry: string;
};
/** The server command of `npm start` (scripts/start.mjs): the compiled entry, rebuilt first when its sources changed. */
const serverArgs = ['--enable-source-maps', serverEntry];

const truthy = (v: string | undefined) => ['1', 'true', 'yes'].includes(v?.trim().toLowerCase() ?? '');

function envInt(name: string, fallback: number, min = 1): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} debe ser un entero ≥ ${min} (recibido: ${raw})`);
  return n;
}

const short = process.argv.includes('--short') || truthy(process.env.CHAOS_SHORT);
const CASHIERS = envInt('CHAOS_CASHIERS', 8);
const KILLS = envInt('CHAOS_KILLS', short ? 2 : 5, 0);
const SECONDS = envInt('CHAOS_SECONDS', short ? 20 : 60);
const TERMINATE_MS = envInt('CHAOS_TERMINATE_MS', 2500, 0);
const DRAIN_SECONDS = envInt('CHAOS_DRAIN_SECONDS', 60);
const SEED = envInt('CHAOS_SEED', Math.floor(Math.random() * 1_000_000), 0);
const KEEP = truthy(process.env.CHAOS_KEEP);
/** Marks the server's connections, so the terminator ends only those (not the checker's, not other databases'). */
const APP_NAME = 'airlink-chaos-server';
/** Contracts every cashier pays into (row-lock contention on one contract). */
const SHARED_CONTRACTS = 2;
const ACCOUNTS = [4, 3, 2, 5, 6];
const REQUEST_TIMEOUT_MS = 30_000;

const rng = new Rng(SEED);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const redact = (url: string) => url.replace(/\/\/[^@/]*@/, '//…@');

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
const databaseOf = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Figures and violations

const stats = {
  attempted: 0,
  acknowledged: 0,
  /** Acknowledged as `repetido` on a retry: the first try committed but its answer was lost. */
  recoveredByKey: 0,
  unresolved: 0,
  rejected: 0,
  replays: 0,
  /** Attempts sent twice at the same moment with the same key. */
  twins: 0,
  retries: 0,
  networkErrors: 0,
  unavailable: 0,
  serverErrors: 0,
  unauthorized: 0,
  kills: 0,
  killsSurvived: 0,
  restartMs: [] as number[],
  unexpectedExits: 0,
  terminationRounds: 0,
  terminatedConnections: 0,
};
const violations: string[] = [];
const violation = (text: string) => violations.push(text);
/** First few unexpected answers (500s, rejections), to report precisely. */
const samples: string[] = [];
const sample = (text: string) => void (samples.length < 5 && samples.push(text));

// ---------------------------------------------------------------------------------------------------------------
// The server, started as `npm start` starts it (scripts/start.mjs: the compiled entry with source maps)

class ServerProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private expectExit = false;
  private failedStarts = 0;
  /** True while (re)starting: migrations run then, and the terminator leaves the database alone. */
  starting = false;
  stopping = false;

  constructor(
    readonly baseUrl: string,
    private readonly env: NodeJS.ProcessEnv,
    readonly logFile: string,
  ) {}

  async start(): Promise<void> {
    this.starting = true;
    try {
      for (;;) {
        const log = openSync(this.logFile, 'a');
        const child = spawn(process.execPath, serverArgs, {
          cwd: root,
          env: this.env,
          stdio: ['ignore', log, log],
        });
        closeSync(log);
        this.child = child;
        this.expectExit = false;
        this.exited = new Promise((resolve) =>
          child.once('exit', (code, signal) => {
            resolve();
            if (this.child !== child || this.expectExit || this.stopping) return;
            // Died on its own: that is a finding. Start it again so the cashiers can finish.
            stats.unexpectedExits++;
            violation(`el servidor terminó solo (${signal ?? `código ${code}`}); ver ${this.logFile}`);
            if (!this.starting) void this.start().catch((err: unknown) => violation(String(err)));
          }),
        );
        if (await this.waitHealthy(child)) {
          this.failedStarts = 0;
          return;
        }
        if (++this.failedStarts >= 3)
          throw new Error(`el servidor no arranca (3 intentos seguidos); ver ${this.logFile}`);
      }
    } finally {
      this.starting = false;
    }
  }

  private async waitHealthy(child: ChildProcess): Promise<boolean> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) return false;
      try {
        const res = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return true;
      } catch {
        // Not listening yet.
      }
      await sleep(100);
    }
    child.kill('SIGKILL');
    return false;
  }

  async kill(): Promise<void> {
    if (!this.child) return;
    this.expectExit = true;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM (graceful drain), SIGKILL after 15 s. */
  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    let forced = false;
    const timer = setTimeout(() => {
      forced = true;
      child.kill('SIGKILL');
    }, 15_000);
    await this.exited;
    clearTimeout(timer);
    // The graceful shutdown drains and exits 0 by itself (it forces its own exit after 10 s).
    if (forced || child.exitCode !== 0)
      violation(
        `el servidor no terminó limpio con SIGTERM (${forced ? 'sin salir en 15 s' : `código ${child.exitCode ?? child.signalCode}`})`,
      );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Cashiers

interface Contract {
  id: number;
  monto: number;
  pagadoHasta: string;
}

interface Attempt {
  key: string;
  cashier: number;
  contract: Contract;
  meses: number;
  idCuenta: number;
  ack?: { id: number; reciboId: number; idCliente: number; fechaInicio: string; fechaFinalizacion: string };
}

interface Cashier {
  index: number;
  email: string;
  token: string;
}

type Answer = { status: number; body: unknown; text: string } | { error: string };

async function call(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: unknown },
): Promise<Answer> {
  try {
    const res = await fetch(url, {
      method: init.method,
      headers: { 'content-type': 'application/json', ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a proxy page, a cut body): kept as text.
    }
    return { status: res.status, body, text };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    return { error: cause?.code ?? (err instanceof Error ? err.name : String(err)) };
  }
}

const backoff = (tries: number) => sleep(Math.min(1_000, 50 * 2 ** Math.min(tries, 5)) * (0.5 + rng.next()));

class Run {
  stopping = false;
  drainDeadline = Number.POSITIVE_INFINITY;
  readonly attempts: Attempt[] = [];

  constructor(
    private readonly baseUrl: string,
    private readonly runId: string,
    private readonly contracts: { own: Contract[]; shared: Contract[] },
  ) {}

  async signIn(email: string): Promise<string> {
    for (let tries = 0; ; tries++) {
      const r = await call(`${this.baseUrl}/api/auth/dev-login`, { method: 'POST', body: { email } });
      if ('status' in r && r.status === 200) return (r.body as { token: string }).token;
      if ('status' in r && r.status !== 503 && r.status !== 429)
        throw new Error(`dev-login ${email}: ${r.status} ${r.text.slice(0, 300)}`);
      if (Date.now() > this.drainDeadline) throw new Error(`dev-login ${email}: sin respuesta`);
      await backoff(tries);
    }
  }

  /** Registers payments until the run stops; each one is retried with its key until acknowledged. */
  async cashier(c: Cashier): Promise<void> {
    let n = 0;
    while (!this.stopping) {
      const shared = rng.chance(0.4);
      const contract = shared ? rng.pick(this.contracts.shared) : this.contracts.own[c.index]!;
      const attempt: Attempt = {
        key: `chaos-${this.runId}-c${c.index}-${++n}`,
        cashier: c.index,
        contract,
        meses: rng.pick([1, 1, 1, 2, 3]),
        idCuenta: rng.pick(ACCOUNTS),
      };
      this.attempts.push(attempt);
      stats.attempted++;
      if (rng.chance(0.05)) {
        // Two tabs sending the same payment at once: both must answer the same one payment.
        const twin: Attempt = { ...attempt };
        await Promise.all([this.settle(c, attempt), this.settle(c, twin, 'twin')]);
        stats.twins++;
        if (attempt.ack && twin.ack && twin.ack.id !== attempt.ack.id) {
          violation(
            `la clave ${attempt.key} enviada dos veces a la vez devolvió los pagos ${attempt.ack.id} y ${twin.ack.id}`,
          );
        }
      } else {
        await this.settle(c, attempt);
      }
      // A cashier's double click after the answer: the same key again must answer the same payment, create nothing.
      if (attempt.ack && rng.chance(0.1)) {
        const again: Attempt = { ...attempt, ack: undefined };
        await this.settle(c, again, 'replay');
        stats.replays++;
        if (again.ack && again.ack.id !== attempt.ack.id) {
          violation(`la clave ${attempt.key} devolvió el pago ${again.ack.id} al repetirla; antes ${attempt.ack.id}`);
        }
      }
    }
  }

  /** Sends `a` until it is acknowledged; a 'replay' must answer repetido, a 'twin' is the second of two at once. */
  private async settle(c: Cashier, a: Attempt, mode: 'first' | 'replay' | 'twin' = 'first'): Promise<void> {
    const body = {
      idCliente: a.contract.id,
      monto: a.contract.monto * a.meses,
      idCuenta: a.idCuenta,
      nota: `caos ${a.key}`,
    };
    for (let tries = 0; ; tries++) {
      if (tries > 0) stats.retries++;
      if (Date.now() > this.drainDeadline) {
        if (mode === 'first') stats.unresolved++;
        violation(`la clave ${a.key} nunca fue confirmada (${tries} intentos)`);
        return;
      }
      const r = await call(`${this.baseUrl}/api/Pagos/registrar`, {
        method: 'POST',
        headers: { authorization: `Bearer ${c.token}`, [IDEMPOTENCY_KEY_HEADER]: a.key },
        body,
      });
      if ('error' in r) {
        stats.networkErrors++;
      } else if (r.status === 200 || r.status === 201) {
        const p = r.body as Attempt['ack'] & { repetido: boolean };
        a.ack = {
          id: p.id,
          reciboId: p.reciboId,
          idCliente: p.idCliente,
          fechaInicio: p.fechaInicio,
          fechaFinalizacion: p.fechaFinalizacion,
        };
        if (mode === 'first') {
          stats.acknowledged++;
          // Repeated on a retry: an earlier try committed but its answer was lost (a kill, a cut connection).
          if (p.repetido && tries > 0) stats.recoveredByKey++;
        } else if (mode === 'replay' && !p.repetido) {
          violation(`la clave ${a.key} creó otro pago al repetirla (id ${p.id})`);
        }
        return;
      } else if (r.status === 503) {
        stats.unavailable++;
      } else if (r.status === 401) {
        stats.unauthorized++;
        sample(`401 ${r.text.slice(0, 200)}`);
        c.token = await this.signIn(c.email);
      } else if (r.status === 429) {
        // Rate limited: wait and retry.
      } else if (r.status >= 500) {
        stats.serverErrors++;
        sample(`${r.status} ${r.text.slice(0, 300)}`);
      } else {
        stats.rejected++;
        violation(`la clave ${a.key} fue rechazada: ${r.status} ${r.text.slice(0, 300)}`);
        return;
      }
      await backoff(tries);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The checks (SQL on the database the server wrote)

interface PaymentRow {
  id: number;
  guid: string;
  key: string | null;
  nota: string;
  contrato_id: number;
  fecha_inicio: string;
  fecha_finalizacion: string;
  meses_cubiertos: number;
  monto_base: string;
  saldo_a_favor: string;
  reconexion: boolean;
  recibos: number;
  recibo_id: number | null;
  recibo_guid: string | null;
  recibo_inicio: string | null;
  recibo_fin: string | null;
  audits: number;
}

interface CheckFigures {
  problems: string[];
  lost: number;
  duplicated: number;
  payments: number;
  receiptGaps: number;
}

async function check(client: pg.Client, attempts: Attempt[], contracts: Contract[]): Promise<CheckFigures> {
  const problems: string[] = [];
  const violation = (text: string) => problems.push(text);
  const ids = contracts.map((c) => c.id);
  const { rows } = await client.query<PaymentRow>(
    `SELECT p.id, p.guid::text, p.idempotency_key AS key, p.nota, p.contrato_id, p.fecha_inicio::text, p.fecha_finalizacion::text,
            p.meses_cubiertos, p.monto_base::text, p.saldo_a_favor::text, p.reconexion,
            (SELECT count(*)::int FROM recibos r2 WHERE r2.pago_id = p.id) AS recibos,
            r.id AS recibo_id, r.guid::text AS recibo_guid, r.fecha_inicio::text AS recibo_inicio, r.fecha_finalizacion::text AS recibo_fin,
            (SELECT count(*)::int FROM audit_log a WHERE a.entity = 'payment' AND a.action = 'register' AND a.entity_id = p.id::text) AS audits
       FROM pagos p LEFT JOIN recibos r ON r.pago_id = p.id
      WHERE p.contrato_id = ANY($1::int[])`,
    [ids],
  );
  const byKey = new Map<string, PaymentRow[]>();
  const byNota = new Map<string, number>();
  for (const p of rows) {
    if (p.key) byKey.set(p.key, [...(byKey.get(p.key) ?? []), p]);
    byNota.set(p.nota, (byNota.get(p.nota) ?? 0) + 1);
  }
  const attemptByKey = new Map(attempts.map((a) => [a.key, a]));

  // Every acknowledged payment exists exactly once, as it was acknowledged.
  let lost = 0;
  for (const a of attempts) {
    if (!a.ack) continue;
    const found = byKey.get(a.key) ?? [];
    if (found.length === 0) {
      lost++;
      violation(`pago confirmado perdido: clave ${a.key}, id ${a.ack.id}`);
      continue;
    }
    const p = found[0]!;
    if (p.id !== a.ack.id || p.recibo_id !== a.ack.reciboId || p.contrato_id !== a.ack.idCliente) {
      violation(
        `la clave ${a.key} se confirmó como pago ${a.ack.id}/recibo ${a.ack.reciboId} pero está guardada como ${p.id}/${p.recibo_id}`,
      );
    }
    if (p.fecha_inicio !== a.ack.fechaInicio || p.fecha_finalizacion !== a.ack.fechaFinalizacion) {
      violation(
        `pago ${p.id}: periodo confirmado ${a.ack.fechaInicio}..${a.ack.fechaFinalizacion}, guardado ${p.fecha_inicio}..${p.fecha_finalizacion}`,
      );
    }
  }
  // A key maps to at most one payment, every payment came from a key of this run and was acknowledged.
  let duplicated = 0;
  for (const [nota, n] of byNota) {
    if (n > 1) {
      duplicated += n - 1;
      violation(`pago duplicado: ${n} pagos con la nota «${nota}»`);
    }
  }
  for (const p of rows) {
    const a = p.key ? attemptByKey.get(p.key) : undefined;
    if (!a) violation(`pago ${p.id} sin una clave de esta corrida (clave ${p.key ?? 'ninguna'})`);
    else if (p.nota !== `caos ${a.key}`)
      violation(`pago ${p.id}: la clave ${a.key} guardada con la nota de otro pago («${p.nota}»)`);
    else if (!a.ack) violation(`pago ${p.id} guardado pero su clave ${a.key} nunca fue confirmada`);
    // One receipt per payment, the same guid and period; one audit entry (all in the same transaction).
    if (p.recibos !== 1) violation(`pago ${p.id}: ${p.recibos} recibos`);
    else if (p.recibo_guid !== p.guid || p.recibo_inicio !== p.fecha_inicio || p.recibo_fin !== p.fecha_finalizacion) {
      violation(`pago ${p.id}: el recibo ${p.recibo_id} no coincide con el pago`);
    }
    if (p.audits !== 1) violation(`pago ${p.id}: ${p.audits} registros de auditoría`);
    if (Number(p.saldo_a_favor) !== 0) violation(`pago ${p.id}: saldo a favor ${p.saldo_a_favor} con meses completos`);
  }
  const receiptIds = rows.map((p) => p.recibo_id).filter((id): id is number => id !== null);
  if (new Set(receiptIds).size !== receiptIds.length) violation('hay números de recibo repetidos');

  // Per contract: contiguous periods without overlap from the starting paid-until, receipts in the same order,
  // one log entry per payment, paid-until = the last period's end.
  const { rows: stored } = await client.query<{
    id: number;
    pagado_hasta: string;
    saldo_a_favor: string;
    logs: number;
  }>(
    `SELECT c.id, c.pagado_hasta::text, c.saldo_a_favor::text,
            (SELECT count(*)::int FROM registros g WHERE g.contrato_id = c.id AND g.log1 LIKE 'Pago registrado:%') AS logs
       FROM contratos c WHERE c.id = ANY($1::int[])`,
    [ids],
  );
  for (const c of contracts) {
    const s = stored.find((x) => x.id === c.id);
    const mine = rows
      .filter((p) => p.contrato_id === c.id)
      .sort((x, y) => x.fecha_inicio.localeCompare(y.fecha_inicio));
    let paidUntil = c.pagadoHasta;
    let last: PaymentRow | undefined;
    for (const p of mine) {
      const expected = paymentPeriod({
        paidUntil,
        paymentDate: paidUntil,
        months: p.meses_cubiertos,
        reconexion: false,
      });
      if (p.fecha_inicio !== expected.fechaInicio || p.fecha_finalizacion !== expected.fechaFinalizacion) {
        violation(
          `contrato ${c.id}: el pago ${p.id} cubre ${p.fecha_inicio}..${p.fecha_finalizacion}; tras ${paidUntil} debía ser ` +
            `${expected.fechaInicio}..${expected.fechaFinalizacion} (traslape o hueco)`,
        );
      }
      if (Number(p.monto_base) !== c.monto * p.meses_cubiertos)
        violation(`pago ${p.id}: ${p.meses_cubiertos} meses por ${p.monto_base}`);
      if (last && (p.id <= last.id || (p.recibo_id ?? 0) <= (last.recibo_id ?? 0))) {
        violation(
          `contrato ${c.id}: el pago ${p.id} (recibo ${p.recibo_id}) sigue al ${last.id} (recibo ${last.recibo_id}) fuera de orden`,
        );
      }
      paidUntil = p.fecha_finalizacion;
      last = p;
    }
    if (!s) {
      violation(`contrato ${c.id} desapareció`);
      continue;
    }
    if (s.pagado_hasta !== paidUntil)
      violation(`contrato ${c.id}: pagado_hasta ${s.pagado_hasta}, el último periodo termina ${paidUntil}`);
    if (Number(s.saldo_a_favor) !== 0) violation(`contrato ${c.id}: saldo a favor ${s.saldo_a_favor}`);
    if (s.logs !== mine.length) violation(`contrato ${c.id}: ${mine.length} pagos y ${s.logs} entradas de bitácora`);
  }

  // Receipt numbers come from a sequence: a transaction rolled back by a kill or a lost connection burns its
  // number (PostgreSQL never reuses sequence values), so gaps are expected and reported, never duplicates.
  const sorted = [...receiptIds].sort((x, y) => x - y);
  const receiptGaps = sorted.length ? sorted[sorted.length - 1]! - sorted[0]! + 1 - sorted.length : 0;
  return { problems, lost, duplicated, payments: rows.length, receiptGaps };
}

/**
 * Proves the checks catch what they look for: inside a transaction that is rolled back, deletes one acknowledged
 * payment, copies another (same key note, no key, no receipt) and moves a contract's paid-until, then expects the
 * checks to report each. Returns what they missed.
 */
async function selfTest(client: pg.Client, attempts: Attempt[], contracts: Contract[]): Promise<string[] | null> {
  const acked = attempts.filter((a) => a.ack);
  const victim = acked[0];
  const copied = acked.find((a) => a.contract.id !== victim?.contract.id);
  if (!victim || !copied) return null;
  await client.query('BEGIN');
  try {
    await client.query('DELETE FROM recibos WHERE pago_id = $1', [victim.ack!.id]);
    await client.query('DELETE FROM pagos WHERE id = $1', [victim.ack!.id]);
    await client.query(
      `INSERT INTO pagos (contrato_id, fecha_pago, fecha_inicio, fecha_finalizacion, monto, monto_base, meses_cubiertos, id_cuenta, nota, user_id)
       SELECT contrato_id, fecha_pago, fecha_inicio, fecha_finalizacion, monto, monto_base, meses_cubiertos, id_cuenta, nota, user_id
         FROM pagos WHERE id = $1`,
      [copied.ack!.id],
    );
    await client.query(`UPDATE contratos SET pagado_hasta = pagado_hasta + 1 WHERE id = $1`, [copied.contract.id]);
    const f = await check(client, attempts, contracts);
    const has = (text: string) => f.problems.some((p) => p.includes(text));
    const expected: Array<[string, boolean]> = [
      ['un pago confirmado perdido', f.lost === 1],
      ['un pago duplicado', f.duplicated === 1],
      ['un pago sin recibo', has('0 recibos')],
      ['un traslape de periodos', has('traslape o hueco')],
      ['pagado_hasta incorrecto', has('pagado_hasta')],
    ];
    return expected.filter(([, ok]) => !ok).map(([what]) => what);
  } finally {
    await client.query('ROLLBACK');
  }
}

// ---------------------------------------------------------------------------------------------------------------

async function seed(url: string, runId: string): Promise<{ cashiers: string[]; own: Contract[]; shared: Contract[] }> {
  const database = await openDatabase({ databaseUrl: url, log: { warn: () => {}, error: () => {} } });
  try {
    const { db } = database;
    await seedBase(db);
    const emails = Array.from({ length: CASHIERS }, (_, i) => `cajero${i + 1}.caos${runId}@airlink.mx`);
    await db.insert(users).values(
      emails.map((email, i) => ({
        email,
        userName: `caos${runId}.${i + 1}`,
        nombre: `Cajero ${i + 1}`,
        apellidos: 'Caos',
        idPerfilUsuario: 16,
      })),
    );
    const make = async (label: string, i: number): Promise<Contract> => {
      const type = SERVICE_TYPES[i % SERVICE_TYPES.length]!;
      const values = {
        nombre: `Cliente ${label} ${i + 1} (caos ${runId})`,
        calle: 'Av. Juárez',
        numero: String(i + 1),
        colonia: 'Centro',
        comunidad: 'Tizayuca',
        telefono: '7791234567',
        email: '',
        tipo: type.value,
        monto: type.monthly,
        costoInstalacion: 0,
        fechaContratacion: '2000-01-05',
        pagadoHasta: '2000-01-05',
      };
      const [row] = await db
        .insert(contratos)
        .values({ ...values, searchText: searchTextOf({ ...values, no: 0 }) })
        .returning({ id: contratos.id });
      return { id: row!.id, monto: values.monto, pagadoHasta: values.pagadoHasta };
    };
    const own: Contract[] = [];
    for (let i = 0; i < CASHIERS; i++) own.push(await make('propio', i));
    const shared: Contract[] = [];
    for (let i = 0; i < SHARED_CONTRACTS; i++) shared.push(await make('compartido', i));
    return { cashiers: emails, own, shared };
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const started = performance.now();
  const runId = `${process.pid}${Date.now().toString(36).slice(-4)}`;
  const tmp = mkdtempSync(path.join(tmpdir(), 'airlink-chaos-'));
  const given = process.env.CHAOS_DATABASE_URL?.trim();
  const testUrl = process.env.TEST_DATABASE_URL?.trim();
  if (given && testUrl && databaseOf(given) === databaseOf(testUrl) && new URL(given).host === new URL(testUrl).host) {
    throw new Error('CHAOS_DATABASE_URL no puede ser la base de datos de las pruebas (TEST_DATABASE_URL).');
  }
  const adminUrl = withDatabase(
    process.env.CHAOS_ADMIN_URL?.trim() || testUrl || 'postgres://postgres@127.0.0.1:5432/postgres',
    'postgres',
  );
  const ownDatabase = given ? null : `airlink_chaos_${process.pid}`;
  const url = given ?? withDatabase(adminUrl, ownDatabase!);
  const dbName = databaseOf(url);

  let server: ServerProcess | undefined;
  let checker: pg.Client | undefined;
  let killer: pg.Client | undefined;
  const cleanup = async () => {
    await server?.stop().catch(() => {});
    await checker?.end().catch(() => {});
    await killer?.end().catch(() => {});
    if (ownDatabase && !KEEP) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${ownDatabase} WITH (FORCE)`).finally(() => admin.end());
    }
    if (!KEEP) rmSync(tmp, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  }

  try {
    if (ownDatabase) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${ownDatabase} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${ownDatabase}`);
      } finally {
        await admin.end();
      }
    }
    console.log(
      `Caos: ${CASHIERS} cajeros, ${SECONDS} s, ${KILLS} SIGKILL, cortes de conexión cada ~${TERMINATE_MS} ms, semilla ${SEED}; ` +
        `PostgreSQL ${redact(url)}${ownDatabase && !KEEP ? ' (se borra al final)' : ''}`,
    );
    const seeded = await seed(url, runId);
    await buildServerIfStale();

    const port = await freePort();
    const serverUrl = new URL(url);
    serverUrl.searchParams.set('application_name', APP_NAME);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      DATABASE_URL: serverUrl.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      APP_SECRET: 'chaos-secret-chaos-secret-chaos-secret-0123456789',
      AUTH_DEV_LOGIN: 'true',
      DEMO_DATA: 'false',
      DEMO_OIDC: 'false',
      DATA_DIR: path.join(tmp, 'data'),
      WEB_DIST: path.join(tmp, 'no-web'),
      LOG_LEVEL: 'warn',
      // A file that does not exist is an error; an empty one keeps a developer's .env out of the run.
      ENV_FILE: path.join(tmp, 'empty.env'),
    };
    writeFileSync(env.ENV_FILE!, '');
    server = new ServerProcess(`http://127.0.0.1:${port}`, env, path.join(tmp, 'server.log'));
    await server.start();

    const run = new Run(server.baseUrl, runId, { own: seeded.own, shared: seeded.shared });
    const cashiers: Cashier[] = [];
    for (const [index, email] of seeded.cashiers.entries())
      cashiers.push({ index, email, token: await run.signIn(email) });

    killer = new pg.Client({ connectionString: url, application_name: 'airlink-chaos-killer' });
    killer.on('error', () => {});
    await killer.connect();
    let chaosOver = false;
    const chaosStart = Date.now();
    const durationMs = SECONDS * 1000;

    // Each task records what ends it early as a violation (and never leaves a rejection unhandled).
    const guard = (what: string) => (err: unknown) =>
      violation(`${what}: ${err instanceof Error ? err.message : String(err)}`);
    const killing = (async () => {
      for (let i = 0; i < KILLS; i++) {
        await sleep(Math.max(0, chaosStart + (durationMs * (i + 0.2 + 0.6 * rng.next())) / KILLS - Date.now()));
        await server!.kill();
        stats.kills++;
        await sleep(rng.int(0, 500));
        const t0 = Date.now();
        await server!.start();
        stats.restartMs.push(Date.now() - t0);
        stats.killsSurvived++;
      }
    })().catch(guard('reinicio del servidor'));
    const terminating = (async () => {
      if (!TERMINATE_MS) return;
      while (!chaosOver) {
        await sleep(rng.int(TERMINATE_MS / 2, (TERMINATE_MS * 3) / 2));
        if (chaosOver || server!.starting) continue;
        const r = await killer!.query<{ n: number }>(
          `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
            WHERE datname = $1 AND application_name = $2 AND pid <> pg_backend_pid()`,
          [dbName, APP_NAME],
        );
        stats.terminationRounds++;
        stats.terminatedConnections += r.rows[0]?.n ?? 0;
      }
    })().catch(guard('pg_terminate_backend'));
    const working = Promise.all(cashiers.map((c) => run.cashier(c).catch(guard(`cajero ${c.index + 1}`))));

    await sleep(durationMs);
    await killing; // the last restart may end after the planned duration
    chaosOver = true;
    await terminating;
    run.stopping = true;
    run.drainDeadline = Date.now() + DRAIN_SECONDS * 1000;
    await working;
    await server.stop();
    if (TERMINATE_MS && stats.terminationRounds > 2 && stats.terminatedConnections === 0) {
      violation(`pg_terminate_backend no encontró conexiones del servidor (application_name ${APP_NAME})`);
    }

    checker = new pg.Client({ connectionString: url });
    await checker.connect();
    const contracts = [...seeded.own, ...seeded.shared];
    const figures = await check(checker, run.attempts, contracts);
    violations.push(...figures.problems);
    const missed = await selfTest(checker, run.attempts, contracts);
    if (missed === null) violation('autoprueba imposible: hacen falta pagos confirmados en dos contratos');
    else for (const what of missed) violation(`autoprueba: las comprobaciones no detectaron ${what}`);

    const seconds = (performance.now() - started) / 1000;
    const chaosSeconds = (Date.now() - chaosStart) / 1000;
    const meanRestart = stats.restartMs.length
      ? stats.restartMs.reduce((s, x) => s + x, 0) / stats.restartMs.length / 1000
      : 0;
    console.log(
      `Pagos: ${stats.attempted} intentados, ${stats.acknowledged} confirmados (${stats.recoveredByKey} recuperados por su clave tras perder la respuesta), ` +
        `${figures.lost} perdidos, ${figures.duplicated} duplicados, ${stats.unresolved} sin confirmar, ${stats.rejected} rechazados; ` +
        `${stats.replays} repeticiones de clave y ${stats.twins} envíos dobles simultáneos; ${figures.payments} pagos en la base, ${figures.receiptGaps} números de recibo saltados (rollback).`,
    );
    console.log(
      `Caos: ${stats.killsSurvived}/${stats.kills} SIGKILL superados (reinicio medio ${meanRestart.toFixed(1)} s), ` +
        `${stats.terminationRounds} cortes de base de datos (${stats.terminatedConnections} conexiones terminadas), ` +
        `${stats.retries} reintentos (${stats.networkErrors} de red, ${stats.unavailable} 503, ${stats.serverErrors} 5xx, ${stats.unauthorized} 401), ` +
        `${stats.unexpectedExits} caídas inesperadas; ${chaosSeconds.toFixed(0)} s de caos, ${seconds.toFixed(0)} s en total.`,
    );
    for (const s of samples) console.log(`  respuesta inesperada: ${s}`);
    if (stats.serverErrors)
      violation(`${stats.serverErrors} respuestas 5xx distintas de 503 (un fallo de conexión debe ser 503)`);
    if (violations.length) {
      console.error(`✖ ${violations.length} violaciones:`);
      for (const v of violations.slice(0, 10)) console.error(`  - ${v}`);
      if (violations.length > 10) console.error(`  … y ${violations.length - 10} más`);
      const log = readFileSync(server.logFile, 'utf8').trim().split('\n').slice(-8).filter(Boolean);
      if (log.length)
        console.error(
          `Últimas líneas del servidor (${server.logFile}):\n${log.map((l) => `  ${l.slice(0, 240)}`).join('\n')}`,
        );
      return 1;
    }
    console.log(
      'OK: cada pago confirmado existe una vez con un recibo; recibos únicos y en orden; periodos contiguos sin traslape; ' +
        'pagado_hasta correcto (autoprueba: un pago borrado, uno duplicado y un pagado_hasta movido sí se detectan).',
    );
    return 0;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`✖ ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
