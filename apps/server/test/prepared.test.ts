import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/client';
import { preparedOn } from '../src/db/prepared';
import { categoriasGasto } from '../src/db/schema';
import { createTestDatabase } from './test-db';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('preparedOn: a statement built once, run inside a transaction', () => {
  const build = (db: Db) =>
    db
      .select({ id: categoriasGasto.id, nombre: categoriasGasto.nombre })
      .from(categoriasGasto)
      .where(eq(categoriasGasto.nombre, sql.placeholder('nombre')))
      .prepare('test_prepared_on');

  it('sees what the transaction wrote and has not committed (it runs on the transaction connection)', async () => {
    const { db } = database;
    const statement = build(db);
    const seenInside = await db
      .transaction(async (tx) => {
        await tx.insert(categoriasGasto).values({ nombre: 'Categoría de la transacción' });
        const rows = await preparedOn(statement, tx as unknown as Db, db).execute({
          nombre: 'Categoría de la transacción',
        });
        throw Object.assign(new Error('rollback'), { rows });
      })
      .catch((e: { rows?: unknown[] }) => e.rows);
    expect(seenInside).toEqual([{ id: expect.any(Number), nombre: 'Categoría de la transacción' }]);
    // Rolled back: the pool's own connection never saw it, and the statement built once still runs there.
    expect(await statement.execute({ nombre: 'Categoría de la transacción' })).toEqual([]);
    expect(preparedOn(statement, db, db)).toBe(statement);
  });

  it('holds the transaction lock: a second transaction waits for the first one to end', async () => {
    const { db } = database;
    const [row] = await db.insert(categoriasGasto).values({ nombre: 'Categoría bloqueada' }).returning();
    const lock = db
      .select({ id: categoriasGasto.id })
      .from(categoriasGasto)
      .where(eq(categoriasGasto.id, sql.placeholder('id')))
      .for('update')
      .prepare('test_prepared_on_lock');
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const lockTaken = new Promise<void>((r) => (locked = r));
    const first = db.transaction(async (tx) => {
      await preparedOn(lock, tx as unknown as Db, db).execute({ id: row!.id });
      locked();
      await held;
      order.push('first');
    });
    await lockTaken;
    const second = db.transaction(async (tx) => {
      await preparedOn(lock, tx as unknown as Db, db).execute({ id: row!.id });
      order.push('second');
    });
    await new Promise((r) => setTimeout(r, 100));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
  });
});
