import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

/**
 * Who made a change: the request's user (an `AuthUser` fits), with `apiKey` when an API key authenticated the
 * request; `null` for the system (jobs, webhooks). Services pass the actor they were given, so no request-wide
 * store is needed (an AsyncLocalStorage made every promise of the process pay Node 20's promise hooks).
 */
export interface AuditActor {
  id: number | null;
  apiKey?: { id: number } | undefined;
}

export interface AuditEntry {
  actor: AuditActor | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /**
   * What the change did in words, one line per field (the domain's `describeChanges`: 'Host: a -> b', a secret
   * only as 'contraseña cambiada'). Kept in the row's `after` as `cambios` (on a delete, `after` holds only them).
   */
  changes?: readonly string[];
}

/**
 * The row of an entry. A change made with an API key is recorded as made by that key (`api_key_id`, no user),
 * though the actor's id is the key's owner (who stands for it on business rows).
 */
function auditValues(entry: AuditEntry) {
  const apiKeyId = entry.actor?.apiKey?.id ?? null;
  return {
    userId: apiKeyId === null ? (entry.actor?.id ?? null) : null,
    apiKeyId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.changes === undefined ? (entry.after ?? null) : withChanges(entry.after, entry.changes),
  };
}

function withChanges(after: unknown, changes: readonly string[]): Record<string, unknown> {
  const base = after !== null && typeof after === 'object' && !Array.isArray(after) ? after : {};
  return { ...base, cambios: [...changes] };
}

/** Records who changed what and when (docs/business-rules.md "Audit"). Pass the transaction when inside one. */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  async record(entry: AuditEntry, tx: Db = this.db): Promise<void> {
    await tx.insert(auditLog).values(auditValues(entry));
  }

  /**
   * The INSERT of an entry for a statement prepared once with other writes (db/batch.ts `prepareTogether`): each value a placeholder named
   * `prefix` + the column's field; `preparedValues` gives what to fill them with for an entry.
   */
  recordPreparedSql(prefix: string): SQL {
    const ph = (field: keyof ReturnType<typeof auditValues>) => sql.placeholder(prefix + field);
    return this.db
      .insert(auditLog)
      .values({
        userId: ph('userId'),
        apiKeyId: ph('apiKeyId'),
        action: ph('action'),
        entity: ph('entity'),
        entityId: ph('entityId'),
        // Sent as JSON text (or SQL NULL): the column's encoder would turn a null into JSON null.
        before: sql`${ph('before')}::jsonb`,
        after: sql`${ph('after')}::jsonb`,
      })
      .getSQL();
  }

  /** The values of `recordPreparedSql(prefix)`'s placeholders for an entry (the row `record` inserts). */
  preparedValues(prefix: string, entry: AuditEntry): Record<string, unknown> {
    const row = auditValues(entry);
    const json = (v: unknown) => (v === null ? null : JSON.stringify(v));
    return Object.fromEntries(
      Object.entries({ ...row, before: json(row.before), after: json(row.after) }).map(([k, v]) => [prefix + k, v]),
    );
  }
}
