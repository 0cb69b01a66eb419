import { and, count, DrizzleQueryError, eq, gte, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { boolean, date, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastNodePg } from '../src/db/fast-node-pg';
import { preparedOn } from '../src/db/prepared';
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
let url: string;
let pool: pg.Pool;
let stock: ReturnType<typeof drizzle>;
let fast: ReturnType<typeof fastNodePg>;

beforeAll(async () => {
  const made = await createEmptyPostgresDatabase();
  drop = made.drop;
  url = made.url;
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
    // A raw write's command and row count (INSERT's tag counts third, UPDATE's second), with and without RETURNING.
    for (const write of [
      (db: Db) => db.execute(sql`UPDATE fp_things SET money = money WHERE label LIKE ${'nuevo-%'}`),
      (db: Db) =>
        db.execute(
          sql`INSERT INTO fp_owners (name) VALUES (${`raw-${db === stock ? 's' : 'f'}`}), (${'otro'}) RETURNING active`,
        ),
    ])
      await bothAnswer(async (db) => {
        const r = await write(db);
        return { command: r.command, rowCount: r.rowCount, rows: r.rows };
      });
    await pool.query(`DELETE FROM fp_owners WHERE name LIKE 'raw-%' OR name = 'otro'`);
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

/**
 * The statement object node-postgres runs for the fast path (WireQuery) and the transaction's BEGIN that travels with
 * the first statement. On one connection (a pool of one), so that what one statement leaves behind meets the next.
 */
describe('one connection: the BEGIN with the first statement, columns described once, failures that leave it usable', () => {
  let single: pg.Pool;
  let one: ReturnType<typeof fastNodePg>;
  const txid = (db: Db | typeof one) =>
    db
      .select({ id: sql<string>`txid_current()::text` })
      .from(owners)
      .limit(1)
      .then(([row]) => row!.id);
  /** The same through raw SQL without parameters (pg's own statement object). */
  const rawTxid = async (db: Db | typeof one) =>
    ((await db.execute(sql`SELECT txid_current()::text AS id`)).rows[0] as { id: string }).id;
  /** The connection is in no transaction: two statements get two transaction ids. */
  const idle = async () => expect(await txid(one)).not.toBe(await txid(one));

  beforeAll(() => {
    single = new pg.Pool({ connectionString: url, max: 1 });
    one = fastNodePg(single, 'snake_case');
  });
  afterAll(async () => {
    await single?.end();
  });

  it("a transaction's statements share one transaction from the first one on, which carries the BEGIN", async () => {
    await idle();
    const [first, second, raw] = await one.transaction(async (tx) => [
      await txid(tx as never),
      await txid(tx as never),
      await rawTxid(tx as never),
    ]);
    expect(second).toBe(first);
    expect(raw).toBe(first);
    await idle();
    // A transaction whose first statement is raw SQL (pg's own statement object) still opens one.
    const ids = await one.transaction(async (tx) => [await rawTxid(tx as never), await txid(tx as never)]);
    expect(ids[1]).toBe(ids[0]);
  });

  it('a transaction that ran no statement opens and leaves none; its error still reaches the caller', async () => {
    expect(await one.transaction(async () => 'nada')).toBe('nada');
    await idle();
    await expect(
      one.transaction(async () => {
        throw new Error('antes de leer');
      }),
    ).rejects.toThrow('antes de leer');
    await idle();
  });

  it('a first statement that fails rolls back, and one that does not parse opens no transaction', async () => {
    await expect(
      one.transaction(async (tx) => {
        await tx.insert(things).values({ label: 'antena', amount: 1, at: new Date() }).returning({ id: things.id });
      }),
    ).rejects.toBeInstanceOf(DrizzleQueryError);
    await idle();
    const broken = one
      .select({ x: sql<number>`no_such_column` })
      .from(owners)
      .prepare('fp_broken');
    // Run on the transaction's connection, as the app's repositories run their statements built once.
    const err = await one
      .transaction((tx) => preparedOn(broken, tx as never, one as never).execute())
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DrizzleQueryError);
    expect(((err as DrizzleQueryError).cause as { code?: string }).code).toBe('42703');
    await idle();
    expect(single.idleCount).toBe(single.totalCount);
  });

  it('a value the driver cannot encode fails that statement only; the connection goes on', async () => {
    const unsendable = {
      toPostgres: () => {
        throw new Error('no se puede enviar');
      },
    };
    const err = await one
      .select({ id: owners.id })
      .from(owners)
      .where(sql`${owners.name} = ${unsendable}`)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DrizzleQueryError);
    expect(((err as DrizzleQueryError).cause as Error).message).toBe('no se puede enviar');
    expect(await one.select({ name: owners.name }).from(owners).where(eq(owners.id, 1))).toEqual([{ name: 'Ana' }]);
    // A named statement whose first run had such a value stays prepared: its next run finds it.
    const byName = one
      .select({ id: owners.id })
      .from(owners)
      .where(eq(owners.name, sql.placeholder('name')))
      .prepare('fp_by_name');
    await expect(byName.execute({ name: unsendable })).rejects.toBeInstanceOf(DrizzleQueryError);
    expect(await byName.execute({ name: 'Ana' })).toEqual([{ id: 1 }]);
    await idle();
  });

  it('a named statement is described once per connection and its later answers decode alike', async () => {
    const forStock = stock
      .select()
      .from(things)
      .where(eq(things.id, sql.placeholder('id')))
      .prepare('fp_thing_s');
    const forFast = one
      .select()
      .from(things)
      .where(eq(things.id, sql.placeholder('id')))
      .prepare('fp_thing_f');
    const seen: string[] = [];
    const original = pg.Client.prototype.query;
    // What the connection is asked to send: the Describe goes with the first run only.
    const spy = function (this: pg.Client, ...args: unknown[]) {
      const connection = (this as unknown as { connection: { describe: (m: unknown) => void } }).connection;
      const describe = connection.describe.bind(connection);
      connection.describe = (m: unknown) => {
        seen.push('describe');
        describe(m);
      };
      try {
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } finally {
        connection.describe = describe;
      }
    };
    pg.Client.prototype.query = spy as never;
    try {
      for (const id of [1, 2, 3, 1]) {
        seen.push(`run ${id}`);
        expect(await forFast.execute({ id })).toEqual(await forStock.execute({ id }));
      }
    } finally {
      pg.Client.prototype.query = original;
    }
    // stock drizzle describes on every run; the fast path's statement only on its first run on this connection.
    expect(seen.filter((s) => s === 'describe').length).toBe(4 + 1);
  });
});
