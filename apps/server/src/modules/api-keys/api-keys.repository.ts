import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, users } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** The stored fields a create or an edit sets. */
export type ApiKeyValues = Pick<ApiKeyRow, 'name' | 'profile' | 'description' | 'neverExpires' | 'expiresAt'>;

/** The API keys table: the only SQL of the area. Deleted keys (`deleted_at`) are invisible here but for audit. */
export class ApiKeysRepository {
  /** Every request made with a key runs this one: built once, and prepared once per connection. */
  private readonly byHash;

  constructor(private readonly db: Db) {
    this.byHash = db
      .select({ key: apiKeys, owner: users })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.createdBy))
      .where(and(eq(apiKeys.keyHash, sql.placeholder('hash')), isNull(apiKeys.deletedAt)))
      .limit(1)
      .prepare('api_key_by_hash');
  }

  list(): Promise<ApiKeyRow[]> {
    return this.db.select().from(apiKeys).where(isNull(apiKeys.deletedAt)).orderBy(asc(apiKeys.id));
  }

  async findById(id: number, tx: Db = this.db): Promise<ApiKeyRow | undefined> {
    const [row] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.deletedAt)))
      .limit(1);
    return row;
  }

  /** The live key with this hash and its owner, whatever its state (the service decides). */
  async findByHash(hash: string): Promise<{ key: ApiKeyRow; owner: UserRow } | undefined> {
    const [row] = await this.byHash.execute({ hash });
    return row;
  }

  /** Whether a live key other than `exceptId` has this name, in any letter case. */
  async nameTaken(name: string, exceptId?: number, tx: Db = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(
        and(
          sql`lower(${apiKeys.name}) = ${name.toLowerCase()}`,
          isNull(apiKeys.deletedAt),
          exceptId === undefined ? undefined : sql`${apiKeys.id} <> ${exceptId}`,
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  async insert(
    values: ApiKeyValues & Pick<ApiKeyRow, 'keyHash' | 'keyPrefix' | 'createdBy'>,
    tx: Db = this.db,
  ): Promise<ApiKeyRow> {
    const [row] = await tx.insert(apiKeys).values(values).returning();
    return row!;
  }

  async update(
    id: number,
    changes: Partial<ApiKeyValues & Pick<ApiKeyRow, 'isActive' | 'keyHash' | 'keyPrefix'>>,
    tx: Db = this.db,
  ): Promise<ApiKeyRow | undefined> {
    const [row] = await tx
      .update(apiKeys)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.deletedAt)))
      .returning();
    return row;
  }

  /**
   * Marks a key deleted (its row stays for the audit trail that names it). Its hash is replaced by a
   * value no key hashes to, so nothing can authenticate with it even through a stale read.
   */
  async markDeleted(id: number, at: Date, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(apiKeys)
      .set({ deletedAt: at, isActive: false, keyHash: sql`'deleted:' || ${apiKeys.id}`, updatedAt: at })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.deletedAt)))
      .returning({ id: apiKeys.id });
    return rows.length > 0;
  }

  /** Moves `last_used` to `at` unless it already is newer than `since`: at most one write per key and interval. */
  async touch(id: number, at: Date, since: Date): Promise<void> {
    await this.db
      .update(apiKeys)
      .set({ lastUsed: at })
      .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsed), lt(apiKeys.lastUsed, since))));
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }
}
