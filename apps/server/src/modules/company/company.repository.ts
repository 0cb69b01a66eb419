import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

/** The company data in the settings table (key 'company'). */
export class CompanyRepository {
  constructor(private readonly db: Db) {}

  /** The stored company value, or undefined when it was never captured. */
  async read(): Promise<unknown> {
    const [row] = await this.db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, 'company'))
      .limit(1);
    return row?.value;
  }
}
