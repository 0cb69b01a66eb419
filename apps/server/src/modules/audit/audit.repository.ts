import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  userId?: number | null;
  apiKeyId?: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

function auditValues(entry: AuditEntry) {
  return {
    userId: entry.userId ?? null,
    apiKeyId: entry.apiKeyId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
}

/** Records who changed what and when (DESIGN.md section 8). Pass the transaction when inside one. */
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
