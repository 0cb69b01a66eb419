import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobSchedules, jobs } from '../../db/schema';

/** Key of the advisory lock the scheduler takes (transaction level) to enqueue due schedules. */
const SCHEDULER_LOCK = 0x41_4c_4a_53; // 'ALJS'

export interface ClaimedJob {
  id: number;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

export interface ScheduleRow {
  name: string;
  everySeconds: number;
  payload: unknown;
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown): T[] => (result as Rows<T>).rows;

/** The first slot strictly after `now` on a grid of `everySeconds` aligned to the epoch. */
export function nextSlot(now: Date, everySeconds: number): Date {
  const step = everySeconds * 1000;
  return new Date((Math.floor(now.getTime() / step) + 1) * step);
}

/** SQL of the job queue and the schedules; the only Drizzle code of the jobs module. */
export class JobsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Creates or updates schedules. A schedule whose period changed starts on the new grid; an unchanged one
   * keeps its next slot (a restart neither skips nor repeats a slot).
   */
  async upsertSchedules(list: readonly ScheduleRow[], now: Date): Promise<void> {
    for (const s of list) {
      await this.db
        .insert(jobSchedules)
        .values({
          name: s.name,
          everySeconds: s.everySeconds,
          payload: s.payload ?? {},
          nextRunAt: nextSlot(now, s.everySeconds),
        })
        .onConflictDoUpdate({
          target: jobSchedules.name,
          set: {
            payload: sql`excluded.payload`,
            everySeconds: sql`excluded.every_seconds`,
            nextRunAt: sql`CASE WHEN ${jobSchedules.everySeconds} = excluded.every_seconds
              THEN ${jobSchedules.nextRunAt} ELSE excluded.next_run_at END`,
            updatedAt: sql`now()`,
          },
        });
    }
  }

  /**
   * Enqueues one run of every due schedule and moves it to its next slot, under a transaction-level
   * advisory lock: when several instances share the database, one of them does it and the others skip
   * (they find the lock taken). A schedule whose previous run is still queued or active gets no second
   * one (its singleton key). Returns the names enqueued.
   */
  async enqueueDueSchedules(names: readonly string[], now: Date): Promise<string[] | null> {
    if (names.length === 0) return [];
    return this.db.transaction(async (tx) => {
      const [lock] = rowsOf<{ ok: boolean }>(
        await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${SCHEDULER_LOCK}::bigint) AS ok`),
      );
      if (!lock?.ok) return null;
      const due = await tx
        .select()
        .from(jobSchedules)
        .where(and(inArray(jobSchedules.name, [...names]), sql`${jobSchedules.nextRunAt} <= ${now}`))
        .for('update');
      const enqueued: string[] = [];
      for (const s of due) {
        const inserted = await tx
          .insert(jobs)
          .values({ name: s.name, payload: s.payload ?? {}, runAt: s.nextRunAt, singletonKey: 'schedule' })
          .onConflictDoNothing()
          .returning({ id: jobs.id });
        if (inserted.length) enqueued.push(s.name);
        await tx
          .update(jobSchedules)
          .set({ nextRunAt: nextSlot(now, s.everySeconds), lastEnqueuedAt: now })
          .where(eq(jobSchedules.name, s.name));
      }
      return enqueued;
    });
  }

  /** Adds a run; with a singleton key, nothing when a run with that key is already queued or active. */
  async enqueue(
    name: string,
    payload: unknown,
    opts: { runAt?: Date; singletonKey?: string; maxAttempts?: number } = {},
  ): Promise<number | null> {
    const [row] = await this.db
      .insert(jobs)
      .values({
        name,
        payload: payload ?? {},
        runAt: opts.runAt ?? sql`now()`,
        singletonKey: opts.singletonKey ?? null,
        maxAttempts: opts.maxAttempts ?? 3,
      })
      .onConflictDoNothing()
      .returning({ id: jobs.id });
    return row?.id ?? null;
  }

  /**
   * Claims up to `limit` runs of the given names: queued ones that are due, and active ones whose lease
   * expired (their instance stopped without finishing). SKIP LOCKED lets instances claim side by side
   * without waiting for each other or taking the same run. A run out of attempts is marked failed instead.
   */
  async claim(names: readonly string[], owner: string, leaseSeconds: number, limit: number): Promise<ClaimedJob[]> {
    if (names.length === 0 || limit <= 0) return [];
    const nameList = sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    );
    await this.db.execute(sql`
      UPDATE ${jobs} SET state = 'failed', finished_at = now(), locked_by = NULL, locked_until = NULL,
        last_error = coalesce(last_error, 'Se agotaron los intentos (la instancia que lo ejecutaba se detuvo)')
      WHERE state = 'active' AND locked_until < now() AND attempts >= max_attempts AND name IN (${nameList})`);
    const result = await this.db.execute(sql`
      UPDATE ${jobs} SET state = 'active', locked_by = ${owner},
        locked_until = now() + make_interval(secs => ${leaseSeconds}::int),
        attempts = attempts + 1, started_at = now()
      WHERE id IN (
        SELECT id FROM ${jobs}
        WHERE name IN (${nameList})
          AND ((state = 'queued' AND run_at <= now()) OR (state = 'active' AND locked_until < now()))
        ORDER BY run_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, name, payload, attempts, max_attempts AS "maxAttempts"`);
    return rowsOf<ClaimedJob>(result).map((r) => ({ ...r, id: Number(r.id) }));
  }

  /** Extends the leases of the runs this instance is executing. */
  async extendLeases(ids: readonly number[], owner: string, leaseSeconds: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(jobs)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds}::int)` })
      .where(and(inArray(jobs.id, [...ids]), eq(jobs.lockedBy, owner), eq(jobs.state, 'active')));
  }

  async complete(id: number, owner: string, result: string | null = null): Promise<void> {
    await this.db
      .update(jobs)
      .set({
        state: 'done',
        finishedAt: sql`now()`,
        lockedBy: null,
        lockedUntil: null,
        lastError: null,
        result: result?.slice(0, 2000) ?? null,
      })
      .where(and(eq(jobs.id, id), eq(jobs.lockedBy, owner)));
  }

  /** A failed attempt: queued again after `retryInSeconds` while attempts remain, failed otherwise. */
  async fail(id: number, owner: string, error: string, retryInSeconds: number): Promise<void> {
    await this.db.execute(sql`
      UPDATE ${jobs} SET
        state = CASE WHEN attempts < max_attempts THEN 'queued' ELSE 'failed' END,
        run_at = now() + make_interval(secs => ${retryInSeconds}::int),
        finished_at = CASE WHEN attempts < max_attempts THEN NULL ELSE now() END,
        locked_by = NULL, locked_until = NULL, last_error = ${error.slice(0, 2000)}
      WHERE id = ${id} AND locked_by = ${owner}`);
  }

  /** Gives back runs this instance holds (shutdown): they are queued again, the attempt not counted. */
  async release(ids: readonly number[], owner: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(jobs)
      .set({ state: 'queued', lockedBy: null, lockedUntil: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
      .where(and(inArray(jobs.id, [...ids]), eq(jobs.lockedBy, owner), eq(jobs.state, 'active')));
  }

  /** Deletes finished runs older than `before`. */
  async purgeFinished(before: Date): Promise<number> {
    const deleted = await this.db
      .delete(jobs)
      .where(and(inArray(jobs.state, ['done', 'failed']), lt(jobs.finishedAt, before)))
      .returning({ id: jobs.id });
    return deleted.length;
  }

  /** Runs of one job name (tests and diagnostics), newest first. */
  async runsOf(name: string) {
    return this.db
      .select()
      .from(jobs)
      .where(eq(jobs.name, name))
      .orderBy(sql`${jobs.id} DESC`);
  }

  /** The Tareas page: every schedule with its last finished run, kept failures and whether a run is pending. */
  async tasks() {
    const schedules = await this.db.select().from(jobSchedules).orderBy(jobSchedules.name);
    const last = rowsOf<{
      name: string;
      state: 'done' | 'failed';
      finished_at: Date | string | null;
      last_error: string | null;
      result: string | null;
    }>(
      await this.db.execute(sql`SELECT DISTINCT ON (name) name, state, finished_at, last_error, result FROM ${jobs}
        WHERE state IN ('done', 'failed') ORDER BY name, finished_at DESC NULLS LAST, id DESC`),
    );
    const counts = rowsOf<{ name: string; failed: number; pending: number }>(
      await this.db.execute(sql`SELECT name, count(*) FILTER (WHERE state = 'failed')::int AS failed,
        count(*) FILTER (WHERE state IN ('queued', 'active'))::int AS pending FROM ${jobs} GROUP BY name`),
    );
    return schedules.map((s) => {
      const l = last.find((r) => r.name === s.name);
      const c = counts.find((r) => r.name === s.name);
      return {
        nombre: s.name,
        cadaSegundos: s.everySeconds,
        siguiente: s.nextRunAt.toISOString(),
        ultima: l
          ? {
              estado: l.state,
              terminada: l.finished_at ? new Date(l.finished_at).toISOString() : null,
              error: l.last_error,
              resultado: l.result,
            }
          : null,
        fallas: Number(c?.failed ?? 0),
        enCurso: Number(c?.pending ?? 0) > 0,
      };
    });
  }

  /** The payload of a schedule, or null when there is no schedule of that name. */
  async schedulePayload(name: string): Promise<{ payload: unknown } | null> {
    const [row] = await this.db
      .select({ payload: jobSchedules.payload })
      .from(jobSchedules)
      .where(eq(jobSchedules.name, name));
    return row ?? null;
  }
}
