import { AppError } from '../lib/errors';

export const DATABASE_UNAVAILABLE_MESSAGE =
  'La base de datos no está disponible en este momento. Intenta de nuevo en unos segundos.';

/** 503 for a request that could not reach the database (the client may retry; writes are all or nothing). */
export const databaseUnavailable = () => new AppError(503, 'database_unavailable', DATABASE_UNAVAILABLE_MESSAGE);

/** Socket-level codes of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL codes of a server that ended or refused the session: 57P01 admin_shutdown (also
 * pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, recovery), and
 * class 08 (connection exception).
 */
function isConnectionSqlState(code: string): boolean {
  return code === '57P01' || code === '57P02' || code === '57P03' || /^08[0-9A-Z]{3}$/.test(code);
}

/** What node-postgres and its pool say when a connection died, timed out, or was unusable. */
const LOST_CONNECTION_MESSAGES = [
  /^Connection terminated/i,
  /not queryable/i,
  /timeout exceeded when trying to connect/i,
  /Connection terminated due to connection timeout/i,
];

/**
 * True when an error (or any error it wraps: drizzle's `cause`, an AggregateError's `errors`) means the
 * database could not be reached or the connection was lost, as opposed to a failing statement.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [err];
  while (pending.length && seen.size < 20) {
    const e = pending.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isConnectionSqlState(code))) return true;
    if (typeof message === 'string' && LOST_CONNECTION_MESSAGES.some((r) => r.test(message))) return true;
    if (cause) pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}
