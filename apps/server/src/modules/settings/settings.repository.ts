import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

/** The key/value settings table: read and write one key (the only SQL of the settings module). */
export class SettingsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }

  /** The stored value of a key, or undefined; `lock` holds its row until the transaction ends. */
  async read(key: string, tx: Db = this.db, lock = false): Promise<unknown> {
    const query = tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row?.value;
  }

  async write(key: string, value: unknown, userId: number | null, tx: Db = this.db): Promise<void> {
    await tx
      .insert(settings)
      .values({ key, value, updatedBy: userId })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: userId, updatedAt: sql`now()` } });
  }
}
