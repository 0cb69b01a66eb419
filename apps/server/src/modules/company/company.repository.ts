import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

const KEY = 'company';

/** The company data in the settings table (key 'company'). */
export class CompanyRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }

  /** The stored company value, or undefined when it was never captured; `lock` holds the row in `tx`. */
  async read(tx: Db = this.db, lock = false): Promise<unknown> {
    const query = tx.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row?.value;
  }

  async write(value: unknown, userId: number, tx: Db = this.db): Promise<void> {
    await tx
      .insert(settings)
      .values({ key: KEY, value, updatedBy: userId })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: userId, updatedAt: sql`now()` } });
  }
}
