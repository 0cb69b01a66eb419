import { and, count, DrizzleQueryError, eq, gte, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { boolean, date, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastNodePg } from '../src/db/fast-node-pg';
import { createEmptyPostgresDatabase } from './test-db';

/**
 * db/fast-node-pg.ts is drizzle's node-postgres path with its per-statement work done once: for every kind of
 * statement the app runs, it answers what drizzle answers and throws what drizzle throws. Each case runs on stock
 * drizzle and on the fast path, on the same pool and data.
 */
const owners = pgTable('fp_owners', {
  id: serial().primaryKey(),
  name: text().notNull(),
  active: boolean().notNull().default(true),
});
const things = pgTable('fp_things', {
  id: serial().primaryKey(),
  ownerId: integer().references(() => owners.id),
  label: text().notNull().unique(),
  amount: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
  money: numeric({ precision: 10, scale: 2 }),
  at: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  day: date({ mode: 'string' }),
  tags: text().array(),
  data: jsonb(),
});

let drop: () => Promise<void>;
let pool: pg.Pool;
let stock: ReturnType<typeof drizzle>;
let fast: ReturnType<typeof fastNodePg>;

beforeAll(async () => {
  const made = await createEmptyPostgresDatabase();
  drop = made.drop;
  pool = new pg.Pool({ connectionString: made.url, max: 4 });
  await pool.query(`
    CREATE TABLE fp_owners (id serial PRIMARY KEY, name text NOT NULL, active boolean NOT NULL DEFAULT true);
    CREATE TABLE fp_things (
      id serial PRIMARY KEY, owner_id integer REFERENCES fp_owners(id), label text NOT NULL UNIQUE,
      amount numeric(10,2) NOT NULL, money numeric(10,2), at timestamptz NOT NULL, day date, tags text[], data jsonb);
    INSERT INTO fp_owners (name, active) VALUES ('Ana', true), ('Beto', false);
    INSERT INTO fp_things (owner_id, label, amount, money, at, day, tags, data) VALUES
      (1, 'antena', 1250.5, '99.90', '2026-11-24T15:05:00Z', '2026-11-24', '{a,b}', '{"x": 1, "y": [null, "z"]}'),
      (NULL, 'cable', 10, NULL, '2026-11-25T06:00:00Z', NULL, NULL, NULL),
      (2, 'router', 0.01, '0.00', '2026-01-01T00:00:00Z', '2026-01-01', '{}', 'null');
  `);
  stock = drizzle(pool, { casing: 'snake_case' });
  fast = fastNodePg(pool, 'snake_case');
});
afterAll(async () => {
  await pool?.end();
  await drop?.();
});

type Db = typeof stock | typeof fast;
/** The same work on both paths: their answers must be equal. */
async function bothAnswer<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const expected = await work(stock);
  const actual = await work(fast);
  expect(actual).toEqual(expected);
  return actual;
}

describe('the fast node-postgres path answers as drizzle does', () => {
  it('whole rows: numbers, numeric strings, instants, dates, arrays, jsonb and nulls', async () => {
    const rows = await bothAnswer((db) => db.select().from(things).orderBy(things.id));
    expect(rows[0]).toMatchObject({ amount: 1250.5, money: '99.90', day: '2026-11-24', tags: ['a', 'b'] });
    expect(rows[0]!.at).toEqual(new Date('2026-11-24T15:05:00Z'));
    expect(rows[1]).toMatchObject({ ownerId: null, money: null, day: null, tags: null, data: null });
  });

  it('nested selections and a left join whose table is missing (null), an inner join, sql with mapWith', async () => {
    const rows = await bothAnswer((db) =>
      db
        .select({
          id: things.id,
          owner: owners,
          money: { amount: things.amount, twice: sql<number>`${things.amount} * 2`.mapWith(Number) },
          n: sql<string>`${things.id}::text`,
        })
        .from(things)
        .leftJoin(owners, eq(owners.id, things.ownerId))
        .orderBy(things.id),
    );
    expect(rows.map((r) => r.owner?.name ?? null)).toEqual(['Ana', null, 'Beto']);
    expect(rows[0]!.money).toEqual({ amount: 1250.5, twice: 2501 });
    await bothAnswer((db) =>
      db
        .select({ label: things.label, owner: owners.name })
        .from(things)
        .innerJoin(owners, eq(owners.id, things.ownerId)),
    );
    await bothAnswer((db) => db.select({ n: count() }).from(things));
    // An object of the base table whose first column is null stays (its table is not nullable); one mixing two
    // tables' columns never becomes null; a joined table's object with a null first column does.
    const mixed = await bothAnswer((db) =>
      db
        .select({
          thing: { owner: things.ownerId, label: things.label },
          mix: { owner: owners.name, label: things.label },
          who: { name: owners.name, active: owners.active },
        })
        .from(things)
        .leftJoin(owners, eq(owners.id, things.ownerId))
        .orderBy(things.id),
    );
    expect(mixed[1]).toEqual({
      thing: { owner: null, label: 'cable' },
      mix: { owner: null, label: 'cable' },
      who: null,
    });
  });

  it('prepared statements with placeholders (a column-encoded one too), run again with other values', async () => {
    for (const db of [stock, fast]) {
      const prepared = db
        .select({ label: things.label })
        .from(things)
        .where(and(gte(things.at, sql.placeholder('from')), eq(things.label, sql.placeholder('label'))))
        .prepare(`fp_by_label_${db === stock ? 'stock' : 'fast'}`);
      expect(await prepared.execute({ from: new Date('2026-11-01T00:00:00Z'), label: 'antena' })).toEqual([
        { label: 'antena' },
      ]);
      expect(await prepared.execute({ from: new Date('2026-11-01T00:00:00Z'), label: 'router' })).toEqual([]);
      expect(await prepared.execute({ from: new Date('2025-01-01T00:00:00Z'), label: 'router' })).toEqual([
        { label: 'router' },
      ]);
      await expect(prepared.execute({ from: new Date() })).rejects.toThrow(
        'No value for placeholder "label" was provided',
      );
    }
  });

  it('writes with RETURNING, and raw SQL answers the driver result', async () => {
    const inserted = await bothAnswer(async (db) => {
      const [row] = await db
        .insert(things)
        .values({ label: `nuevo-${db === stock ? 's' : 'f'}`, amount: 5, at: new Date('2026-11-27T00:00:00Z') })
        .returning({ amount: things.amount, at: things.at, tags: things.tags });
      return row;
    });
    expect(inserted).toEqual({ amount: 5, at: new Date('2026-11-27T00:00:00Z'), tags: null });
    await bothAnswer((db) =>
      db
        .update(things)
        .set({ money: '1.50' })
        .where(sql`${things.label} LIKE 'nuevo-%'`)
        .returning({ money: things.money }),
    );
    const raw = await bothAnswer(async (db) => {
      const r = await db.execute(sql`SELECT label, at, day, amount FROM fp_things WHERE id = ${1}`);
      return { rows: r.rows, fields: r.fields.map((f) => f.name), rowCount: r.rowCount };
    });
    // Raw SQL keeps drizzle's parsers: timestamps and dates as PostgreSQL wrote them, numeric as text.
    expect(raw.rows).toEqual([{ label: 'antena', at: '2026-11-24 15:05:00+00', day: '2026-11-24', amount: '1250.50' }]);
  });

  it("throws drizzle's error with the driver's error as its cause", async () => {
    const errors: unknown[] = [];
    for (const db of [stock, fast]) {
      errors.push(
        await db
          .insert(things)
          .values({ label: 'antena', amount: 1, at: new Date() })
          .then(() => null)
          .catch((err: unknown) => err),
      );
    }
    const [a, b] = errors as DrizzleQueryError[];
    expect(b).toBeInstanceOf(DrizzleQueryError);
    expect(b!.message.split('\n')[0]).toBe(a!.message.split('\n')[0]);
    expect((b!.cause as { code?: string }).code).toBe('23505');
    expect((b!.cause as { constraint?: string }).constraint).toBe((a!.cause as { constraint?: string }).constraint);
  });

  it('transactions: committed, rolled back on an error, savepoints inside, all on the fast path', async () => {
    await fast.transaction(async (tx) => {
      expect((tx as unknown as { session: object }).session.constructor.name).toBe('FastSession');
      await tx.insert(owners).values({ name: 'Carla' });
      await tx
        .transaction(async (inner) => {
          await inner.insert(owners).values({ name: 'Nadie' });
          throw new Error('deshacer el punto de guardado');
        })
        .catch(() => {});
    });
    await expect(
      fast.transaction(async (tx) => {
        await tx.insert(owners).values({ name: 'Daniel' });
        throw new Error('deshacer');
      }),
    ).rejects.toThrow('deshacer');
    const names = await fast.select({ name: owners.name }).from(owners).orderBy(owners.id);
    expect(names.map((n) => n.name)).toEqual(['Ana', 'Beto', 'Carla']);
    // Every connection went back to the pool.
    expect(pool.idleCount).toBe(pool.totalCount);
  });

  it("a COMMIT that fails (a deferred unique violation) throws drizzle's error, and nothing is written", async () => {
    await pool.query(`CREATE TABLE fp_deferred (code text UNIQUE DEFERRABLE INITIALLY DEFERRED)`);
    const errors: DrizzleQueryError[] = [];
    for (const db of [stock, fast]) {
      const err = await db
        .transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO fp_deferred VALUES ('x'), ('x')`);
        })
        .then(() => null)
        .catch((e: unknown) => e);
      errors.push(err as DrizzleQueryError);
    }
    const [a, b] = errors;
    expect(b).toBeInstanceOf(DrizzleQueryError);
    expect(b!.message.split('\n')[0]).toBe(a!.message.split('\n')[0]);
    expect((b!.cause as { code?: string }).code).toBe('23505');
    expect((await pool.query('SELECT count(*)::int AS n FROM fp_deferred')).rows[0].n).toBe(0);
    expect(pool.idleCount).toBe(pool.totalCount);
  });
});
