import type { FastifyBaseLogger } from 'fastify';

/** Where a failure after a commit is reported (what it follows is already saved; the request still succeeds). */
export type AfterCommitLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/**
 * Runs a side effect that follows a commit (a notification, a push to the hub). A failure is logged with
 * `message` at `level` and never thrown: it must not turn a saved change into an error.
 */
export async function afterCommit(
  log: AfterCommitLog | undefined,
  message: string,
  effect: () => unknown,
  level: 'warn' | 'error' = 'warn',
): Promise<void> {
  try {
    await effect();
  } catch (err) {
    log?.[level]({ err }, message);
  }
}
