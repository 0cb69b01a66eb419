import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

/** The key/value settings table: read and write one key (the only SQL of the settings module). */
export class SettingsRepository {
  constructor(private readonly db: Db) {}

  /** The stored JSON of a key as text (`readText`): every panel reads it, so it is built and prepared once. */
  private textStatement?: ReturnType<SettingsRepository['buildTextStatement']>;

  private buildTextStatement() {
    return this.db
      .select({ value: sql<string>`${settings.value}::text` })
      .from(settings)
      .where(eq(settings.key, sql.placeholder('key')))
      .limit(1)
      .prepare('settings_text_by_key');
  }

  /** The stored value of a key as JSON text, or undefined (outside a transaction). */
  async readText(key: string): Promise<string | undefined> {
    const [row] = await (this.textStatement ??= this.buildTextStatement()).execute({ key });
    return row?.value;
  }

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
