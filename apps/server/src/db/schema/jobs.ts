import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz } from './_common';

/**
 * The job queue (modules/jobs): one row per run. Instances claim queued rows with FOR UPDATE SKIP LOCKED
 * and hold them with a lease (`locked_until`); a run whose instance died is claimed again once its lease
 * expired, so work survives a restart. `singleton_key` keeps one queued-or-active run per (name, key).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** queued · active · done · failed */
    state: text('state').notNull().default('queued'),
    runAt: tstz('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    singletonKey: text('singleton_key'),
    lockedBy: text('locked_by'),
    lockedUntil: tstz('locked_until'),
    lastError: text('last_error'),
    /** What a finished run did, in one Spanish line, when its handler says (shown in Tareas). */
    result: text('result'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    index('jobs_claim_idx').on(t.state, t.runAt),
    index('jobs_finished_idx').on(t.finishedAt),
    uniqueIndex('jobs_singleton_uq')
      .on(t.name, t.singletonKey)
      .where(sql`${t.state} IN ('queued', 'active') AND ${t.singletonKey} IS NOT NULL`),
  ],
);

/**
 * Recurring jobs: every `every_seconds`, on slots aligned to the epoch (every 60 s: at each whole minute),
 * so every instance computes the same slots. The instance that enqueues a slot moves `next_run_at`
 * under a transaction-level advisory lock, so a slot is enqueued once however many instances run.
 */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  everySeconds: integer('every_seconds').notNull(),
  payload: jsonb('payload').notNull().default({}),
  nextRunAt: tstz('next_run_at').notNull(),
  lastEnqueuedAt: tstz('last_enqueued_at'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
