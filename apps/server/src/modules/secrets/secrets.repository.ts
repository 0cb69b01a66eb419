import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SealedColumn } from '../../db/sealed-columns';

export interface StoredSecret {
  id: number;
  value: string;
}

/** Reads and rewrites the sealed columns (db/sealed-columns.ts) for key rotation. */
export class SecretsRepository {
  constructor(private readonly db: Db) {}

  async list(col: SealedColumn): Promise<StoredSecret[]> {
    const res = (await this.db.execute(
      sql`select id, ${sql.identifier(col.column)} as value from ${sql.identifier(col.table)} where ${sql.identifier(col.column)} is not null order by id`,
    )) as unknown as { rows: Array<{ id: number | string; value: string }> };
    return res.rows.map((r) => ({ id: Number(r.id), value: r.value }));
  }

  /** Replaces one value if it is still the one read (a concurrent edit wins); true when it was replaced. */
  async replace(col: SealedColumn, id: number, from: string, to: string): Promise<boolean> {
    const res = (await this.db.execute(
      sql`update ${sql.identifier(col.table)} set ${sql.identifier(col.column)} = ${to} where id = ${id} and ${sql.identifier(col.column)} = ${from} returning id`,
    )) as unknown as { rows: unknown[] };
    return res.rows.length === 1;
  }
}
