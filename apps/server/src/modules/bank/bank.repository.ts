import { foldText, type Account, type PendingMovement } from '@airlink/domain';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { airlinkFold } from '../../db/fold';
import { containsPattern } from '../../db/like';
import { cuentas, movimientosBancarios, pagos } from '../../db/schema';

/** A movement ready to store (already normalised, with its import key). */
export interface NewMovement {
  idCuenta: number;
  fechaRealizacion: string;
  monto: number;
  referencia: string;
  descripcion: string;
  importKey: string;
}

/** Rows per statement: 1,000 rows of 8 values keep one statement far below PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function toAccount(r: typeof cuentas.$inferSelect): Account {
  return { id: r.id, nombre: r.nombre, grupo: r.grupo as Account['grupo'], activo: r.activo, orden: r.orden };
}

/** The only SQL of accounts and bank movements. */
export class BankRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }

  /** Every account in the lists' order (`orden`, then id): the payment dialog, reports and Administración. */
  async accounts(): Promise<Account[]> {
    const rows = await this.db.select().from(cuentas).orderBy(asc(cuentas.orden), asc(cuentas.id));
    return rows.map(toAccount);
  }

  /** One account; `lock` holds its row until the transaction `tx` ends. */
  async account(id: number, tx: Db = this.db, lock = false): Promise<Account | undefined> {
    const query = tx.select().from(cuentas).where(eq(cuentas.id, id)).limit(1);
    const [r] = lock ? await query.for('update') : await query;
    return r && toAccount(r);
  }

  async updateAccount(id: number, values: Omit<Account, 'id'>, tx: Db = this.db): Promise<void> {
    await tx
      .update(cuentas)
      .set({ nombre: values.nombre, grupo: values.grupo, activo: values.activo, orden: values.orden })
      .where(eq(cuentas.id, id));
  }

  /** Movements no payment uses yet, newest first; `q` is contained in the folded reference (trgm index on airlink_fold(referencia)). */
  async pending(filter: { q?: string; idCuenta?: number; limit: number }): Promise<PendingMovement[]> {
    const conds: SQL[] = [
      sql`NOT EXISTS (SELECT 1 FROM ${pagos} WHERE ${pagos.idMovimientoFinanciero} = ${movimientosBancarios.id})`,
    ];
    if (filter.q)
      conds.push(sql`${airlinkFold(movimientosBancarios.referencia)} LIKE ${containsPattern(foldText(filter.q))}`);
    if (filter.idCuenta !== undefined) conds.push(eq(movimientosBancarios.idCuenta, filter.idCuenta));
    const rows = await this.db
      .select({
        id: movimientosBancarios.id,
        referencia: movimientosBancarios.referencia,
        fechaRealizacion: movimientosBancarios.fechaRealizacion,
        monto: movimientosBancarios.monto,
        idCuenta: movimientosBancarios.idCuenta,
        cuenta: cuentas.nombre,
        descripcion: movimientosBancarios.descripcion,
      })
      .from(movimientosBancarios)
      .innerJoin(cuentas, eq(cuentas.id, movimientosBancarios.idCuenta))
      .where(and(...conds))
      .orderBy(desc(movimientosBancarios.fechaRealizacion), desc(movimientosBancarios.id))
      .limit(filter.limit);
    return rows;
  }

  /** Which of these import keys are already stored. */
  async existingKeys(keys: string[], tx: Db = this.db): Promise<Set<string>> {
    const found = new Set<string>();
    for (const part of chunks([...new Set(keys)])) {
      const rows = await tx
        .select({ key: movimientosBancarios.importKey })
        .from(movimientosBancarios)
        .where(inArray(movimientosBancarios.importKey, part));
      for (const r of rows) found.add(r.key);
    }
    return found;
  }

  /**
   * Stores the movements of one import batch; a key stored meanwhile (a concurrent import of the same
   * statement) is skipped by the unique index. Returns how many rows were really added.
   */
  async insertMovements(rows: NewMovement[], batch: string, userId: number, tx: Db = this.db): Promise<number> {
    let added = 0;
    for (const part of chunks(rows)) {
      const inserted = await tx
        .insert(movimientosBancarios)
        .values(part.map((r) => ({ ...r, importBatch: batch, createdBy: userId })))
        .onConflictDoNothing({ target: movimientosBancarios.importKey })
        .returning({ id: movimientosBancarios.id });
      added += inserted.length;
    }
    return added;
  }
}
