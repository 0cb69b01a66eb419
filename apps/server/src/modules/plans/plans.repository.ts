import type { Plan } from '@airlink/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planes } from '../../db/schema';

/** The plans table: the only SQL of plans. */
export class PlansRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async list(): Promise<Plan[]> {
    const rows = await this.db.select().from(planes).orderBy(asc(planes.id));
    return rows.map(toPlan);
  }

  async find(id: number, tx: Db = this.db, lock = false): Promise<Plan | undefined> {
    const q = tx.select().from(planes).where(eq(planes.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row ? toPlan(row) : undefined;
  }

  async update(id: number, plan: Omit<Plan, 'id'>, at: Date, tx: Db): Promise<Plan | undefined> {
    const [row] = await tx
      .update(planes)
      .set({ ...plan, updatedAt: at })
      .where(eq(planes.id, id))
      .returning();
    return row ? toPlan(row) : undefined;
  }
}

function toPlan(row: typeof planes.$inferSelect): Plan {
  return {
    id: row.id,
    nombre: row.nombre,
    monto: Number(row.monto),
    bajadaMbps: row.bajadaMbps,
    subidaMbps: row.subidaMbps,
    rafaga: row.rafaga ?? null,
  };
}
