import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuditEntry, AuditRepository } from './audit.repository';

export type { AuditEntry } from './audit.repository';

/** The audit trail other modules write to (docs/business-rules.md "Audit"). Pass the transaction when inside one. */
export class AuditService {
  constructor(private readonly repo: AuditRepository) {}

  record(entry: AuditEntry, tx?: Db): Promise<void> {
    return this.repo.record(entry, tx);
  }

  /** An entry's INSERT, for a use case that runs it with its other writes in one statement (db/batch.ts). */
  recordSql(entry: AuditEntry): SQL {
    return this.repo.recordSql(entry);
  }
}
