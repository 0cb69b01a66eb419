import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { seedBase } from '../src/db/base-data';
import { createEmptyPostgresDatabase } from './test-db';

describe('migrations on PostgreSQL', () => {
  it('two instances started at the same moment on an empty database both come up (migrations under a lock)', async () => {
    const empty = await createEmptyPostgresDatabase();
    try {
      // Both instances start at once: without the lock both run the first migration, and the second dies
      // on CREATE EXTENSION (or on a table the first just made).
      const opened = await Promise.allSettled([
        openDatabase({ databaseUrl: empty.url }),
        openDatabase({ databaseUrl: empty.url }),
        openDatabase({ databaseUrl: empty.url }),
      ]);
      try {
        expect(opened.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
        // The schema is whole and each migration was applied once.
        const [first] = opened;
        if (first?.status !== 'fulfilled') throw new Error('unreachable');
        const pool = first.value;
        const applied = (await pool.db.execute(
          'SELECT hash, count(*)::int AS n FROM drizzle.__drizzle_migrations GROUP BY hash',
        )) as unknown as {
          rows: Array<{ n: number }>;
        };
        expect(applied.rows.length).toBeGreaterThan(10);
        expect(applied.rows.every((r) => r.n === 1)).toBe(true);
        await pool.db.execute('SELECT count(*) FROM jobs');
        // The rest of a start (the base data) is safe side by side too.
        await Promise.all(opened.map((o) => (o.status === 'fulfilled' ? seedBase(o.value.db) : undefined)));
      } finally {
        await Promise.all(opened.map((o) => (o.status === 'fulfilled' ? o.value.close() : undefined)));
      }
    } finally {
      await empty.drop();
    }
  });
});
