import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuditEntry, AuditRepository } from './audit.repository';

export type { AuditActor, AuditEntry } from './audit.repository';

/** The audit trail other modules write to (docs/business-rules.md "Audit"). Pass the transaction when inside one. */
export class AuditService {
  constructor(private readonly repo: AuditRepository) {}

  record(entry: AuditEntry, tx?: Db): Promise<void> {
    return this.repo.record(entry, tx);
  }

  /** An entry's INSERT for a use case's statement prepared once with its other writes (db/batch.ts `prepareTogether`). */
  recordPreparedSql(prefix: string): SQL {
    return this.repo.recordPreparedSql(prefix);
  }

  preparedValues(prefix: string, entry: AuditEntry): Record<string, unknown> {
    return this.repo.preparedValues(prefix, entry);
  }
}
