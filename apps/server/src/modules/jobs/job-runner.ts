import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { JobsRepository } from './jobs.repository';

export interface JobContext {
  /** Aborted when the runner stops: a long job should stop early and leave the rest to its next run. */
  signal: AbortSignal;
  attempt: number;
  log: FastifyBaseLogger;
}

/** A handler may answer what its run did, in one Spanish line: Tareas shows it beside the last run. */
export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<string | void>;

export interface JobDefinition {
  /** How long a run may go without the runner renewing its lease (renewed every third of it). Default 60 s. */
  leaseSeconds?: number;
  /** Attempts before a run is marked failed. Default 3. */
  maxAttempts?: number;
}

export interface JobRunnerOptions {
  log: FastifyBaseLogger;
  /** How often the runner looks for due schedules and queued runs. Default 1000 ms. */
  pollMs?: number;
  /** Runs executing at once in this instance. Default 2. */
  concurrency?: number;
  /** How long stop() waits for running jobs before giving them back to the queue. Default 5000 ms. */
  graceMs?: number;
  /** Finished runs are kept this long (diagnostics). Default 24 h. */
  keepFinishedMs?: number;
}

interface Running {
  id: number;
  leaseSeconds: number;
  done: Promise<void>;
}

/**
 * The project's job runner (docs/decisions.md, "Network: polling and history", for why not pg-boss): a
 * queue in the `jobs` table claimed with FOR UPDATE SKIP LOCKED and held by leases, and recurring
 * schedules in `job_schedules` enqueued under an advisory lock, so with several instances on one
 * PostgreSQL each slot runs once, and a run whose instance died is taken up again when its lease ends.
 * On PGlite (one process) it is the same code. Areas define handlers and schedules in createServices;
 * app.ts-level hooks start it when the app is ready and stop it before the database closes.
 */
export class JobRunner {
  readonly instanceId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly handlers = new Map<string, { handler: JobHandler; def: Required<JobDefinition> }>();
  private readonly schedules = new Map<string, { everySeconds: number; payload: unknown }>();
  private readonly running = new Map<number, Running>();
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly graceMs: number;
  private readonly keepFinishedMs: number;
  private timer: NodeJS.Timeout | null = null;
  private tickRunning: Promise<void> | null = null;
  private abort = new AbortController();
  private started = false;
  private lastPurge = 0;

  constructor(
    private readonly repo: JobsRepository,
    private readonly opts: JobRunnerOptions,
  ) {
    this.pollMs = opts.pollMs ?? 1000;
    this.concurrency = opts.concurrency ?? 2;
    this.graceMs = opts.graceMs ?? 5000;
    this.keepFinishedMs = opts.keepFinishedMs ?? 24 * 3_600_000;
  }

  get isStarted(): boolean {
    return this.started;
  }

  /** Registers the handler of a job name (before start). */
  define(name: string, handler: JobHandler, def: JobDefinition = {}): void {
    this.handlers.set(name, {
      handler,
      def: { leaseSeconds: def.leaseSeconds ?? 60, maxAttempts: def.maxAttempts ?? 3 },
    });
  }

  /** Runs `name` every `everySeconds`, on slots aligned to the epoch (every 300 s: at :00, :05, …). */
  schedule(name: string, everySeconds: number, payload: unknown = {}): void {
    if (!Number.isInteger(everySeconds) || everySeconds < 1) throw new RangeError(`every ${everySeconds} s`);
    this.schedules.set(name, { everySeconds, payload });
  }

  /** Queues one run now (or at `runAt`); with a singleton key, nothing when one is already queued or running. */
  async send(name: string, payload: unknown = {}, opts: { runAt?: Date; singletonKey?: string } = {}) {
    const def = this.handlers.get(name)?.def;
    return this.repo.enqueue(name, payload, { ...opts, maxAttempts: def?.maxAttempts });
  }

  /** The Tareas page. */
  tasks() {
    return this.repo.tasks();
  }

  /**
   * 'Ejecutar ahora' of a schedule: one run queued now with the schedule's payload and its singleton key, so
   * it never runs beside a scheduled run of the same job. False when one is already queued or running.
   */
  async runNow(name: string): Promise<'queued' | 'busy' | 'unknown'> {
    const schedule = await this.repo.schedulePayload(name);
    if (!schedule || !this.handlers.has(name)) return 'unknown';
    const id = await this.send(name, schedule.payload, { singletonKey: 'schedule' });
    return id === null ? 'busy' : 'queued';
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.abort = new AbortController();
    await this.repo.upsertSchedules(
      [...this.schedules].map(([name, s]) => ({ name, everySeconds: s.everySeconds, payload: s.payload })),
      new Date(),
    );
    this.arm(0);
  }

  /**
   * Stops claiming, asks running jobs to stop (their signal aborts) and waits for them up to the grace
   * time; runs still going then are given back to the queue (another instance, or the next start, runs
   * them), so nothing is left marked as running by a process that is gone.
   */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.tickRunning;
    this.abort.abort();
    const pending = [...this.running.values()];
    if (pending.length) {
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), this.graceMs);
      });
      await Promise.race([Promise.allSettled(pending.map((r) => r.done)), grace]);
      clearTimeout(timer);
    }
    const left = [...this.running.keys()];
    if (left.length) {
      this.opts.log.warn({ jobs: left }, 'jobs still running at shutdown were given back to the queue');
      await this.repo.release(left, this.instanceId).catch((err: unknown) => {
        this.opts.log.warn({ err }, 'could not give running jobs back to the queue (their leases will expire)');
      });
      this.running.clear();
    }
  }

  /** One pass: enqueue due schedules, renew leases, claim and start what fits. Exposed for tests. */
  async tick(): Promise<void> {
    const now = new Date();
    const scheduled = [...this.schedules.keys()].filter((n) => this.handlers.has(n));
    await this.repo.enqueueDueSchedules(scheduled, now);
    // Each run's lease is its own job's (a crashed instance's poll is taken up after its lease, not the longest one).
    const byLease = new Map<number, number[]>();
    for (const r of this.running.values()) byLease.set(r.leaseSeconds, [...(byLease.get(r.leaseSeconds) ?? []), r.id]);
    for (const [lease, ids] of byLease) await this.repo.extendLeases(ids, this.instanceId, lease);
    const groups = new Map<number, string[]>();
    for (const [name, h] of this.handlers)
      groups.set(h.def.leaseSeconds, [...(groups.get(h.def.leaseSeconds) ?? []), name]);
    for (const [lease, names] of groups) {
      const free = this.concurrency - this.running.size;
      if (free <= 0 || !this.started) break;
      const claimed = await this.repo.claim(names, this.instanceId, lease, free);
      for (const job of claimed) this.execute(job, lease);
    }
    if (now.getTime() - this.lastPurge > 3_600_000) {
      this.lastPurge = now.getTime();
      await this.repo.purgeFinished(new Date(now.getTime() - this.keepFinishedMs));
    }
  }

  /**
   * Runs every queued run that is due, in this instance, until none is left, without starting the poller or the
   * schedules (tests: a run that fails is queued again for later, so this ends).
   */
  async drain(): Promise<void> {
    for (;;) {
      const claimed = await this.repo.claim([...this.handlers.keys()], this.instanceId, 60, this.concurrency);
      if (claimed.length === 0) return;
      for (const job of claimed) this.execute(job, this.handlers.get(job.name)?.def.leaseSeconds ?? 60);
      await this.idle();
    }
  }

  /**
   * Resolves when no job is running in this instance and no poll is claiming one (tests): a poll that claimed a
   * job a moment before (its claim still on its way) has not put it among the running ones yet.
   */
  async idle(): Promise<void> {
    for (;;) {
      if (this.tickRunning) await this.tickRunning.catch(() => undefined);
      if (!this.running.size) return;
      await Promise.allSettled([...this.running.values()].map((r) => r.done));
    }
  }

  private arm(delay: number) {
    if (!this.started) return;
    this.timer = setTimeout(() => {
      this.tickRunning = this.tick()
        .catch((err: unknown) => this.opts.log.warn({ err }, 'job runner pass failed; retrying'))
        .finally(() => {
          this.tickRunning = null;
          this.arm(this.pollMs);
        });
    }, delay);
    this.timer.unref();
  }

  private execute(job: { id: number; name: string; payload: unknown; attempts: number }, leaseSeconds: number) {
    const entry = this.handlers.get(job.name);
    const log = this.opts.log;
    const done = (async () => {
      try {
        if (!entry) throw new Error(`no handler for ${job.name}`);
        const result = await entry.handler(job.payload, { signal: this.abort.signal, attempt: job.attempts, log });
        if (this.running.has(job.id)) await this.repo.complete(job.id, this.instanceId, result ?? null);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        log.warn({ err, job: job.name, attempt: job.attempts }, 'job failed');
        if (this.running.has(job.id))
          await this.repo.fail(job.id, this.instanceId, message, Math.min(300, 5 * 2 ** job.attempts)).catch(() => {});
      } finally {
        this.running.delete(job.id);
      }
    })();
    this.running.set(job.id, { id: job.id, leaseSeconds, done });
  }
}
