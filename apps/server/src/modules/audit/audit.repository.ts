import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { currentActor } from '../../lib/request-actor';

export interface AuditEntry {
  userId?: number | null;
  apiKeyId?: number | null;
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
 * whatever `userId` the service passed (for a key, the key's owner, who stands for it on business rows).
 */
function auditValues(entry: AuditEntry) {
  const apiKeyId = entry.apiKeyId ?? currentActor()?.apiKeyId ?? null;
  return {
    userId: apiKeyId === null ? (entry.userId ?? null) : null,
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

  /** The INSERT of an entry, to run together with other writes (db/batch.ts `writeTogether`). */
  recordSql(entry: AuditEntry): SQL {
    return this.db.insert(auditLog).values(auditValues(entry)).getSQL();
  }
}
