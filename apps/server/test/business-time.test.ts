import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDayStart } from '../src/db/business-time';
import type { Database } from '../src/db/client';
import { createTestDatabase } from './test-db';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function instant(date: string, tz: string, daysAfter = 0): Promise<string> {
  const r = (await database.db.execute(sql`SELECT ${businessDayStart(date, tz, daysAfter)} AS at`)) as unknown as {
    rows: Array<{ at: Date | string }>;
  };
  return new Date(r.rows[0]!.at).toISOString();
}

describe('businessDayStart: local midnight of a business date in BUSINESS_TZ', () => {
  it('is 06:00 UTC in Mexico City since 2022 and 05:00 UTC under its old summer time', async () => {
    expect(await instant('2026-11-24', 'America/Mexico_City')).toBe('2026-11-24T06:00:00.000Z');
    expect(await instant('2022-06-01', 'America/Mexico_City')).toBe('2022-06-01T05:00:00.000Z');
  });
  it('moves whole days, across months, and follows the configured zone', async () => {
    expect(await instant('2026-11-30', 'America/Mexico_City', 1)).toBe('2026-12-01T06:00:00.000Z');
    expect(await instant('2026-11-24', 'Asia/Tokyo')).toBe('2026-11-23T15:00:00.000Z');
  });
});
