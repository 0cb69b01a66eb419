import type { Paged } from '@airlink/domain';
import type { CashCloseItem } from '@airlink/domain';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { onBusinessDates } from '../../db/business-time';
import type { Db } from '../../db/client';
import { paged, type Page } from '../../db/paging';
import { cortesCaja, cuentas, pagos, users } from '../../db/schema';
import { userNameColumns, userNameOf } from '../../db/user-name';

export type CloseRow = typeof cortesCaja.$inferSelect;

/** What a close stores (a new one, or a reopened one closed again). */
export interface CloseValues {
  esperado: number;
  contado: number;
  diferencia: number;
  nota: string;
  cerradoPor: number;
  cerradoEn: Date;
}

const closer = alias(users, 'cerrador');
const reopener = alias(users, 'reabridor');

const itemColumns = {
  id: cortesCaja.id,
  idCuenta: cortesCaja.idCuenta,
  cuenta: cuentas.nombre,
  fecha: cortesCaja.fecha,
  esperado: cortesCaja.esperado,
  contado: cortesCaja.contado,
  diferencia: cortesCaja.diferencia,
  nota: cortesCaja.nota,
  cerradoPor: userNameColumns(closer),
  cerradoEn: cortesCaja.cerradoEn,
  reabiertoPor: userNameColumns(reopener),
  reabiertoEn: cortesCaja.reabiertoEn,
};

function selectCloses(db: Db) {
  return db
    .select(itemColumns)
    .from(cortesCaja)
    .innerJoin(cuentas, eq(cuentas.id, cortesCaja.idCuenta))
    .leftJoin(closer, eq(closer.id, cortesCaja.cerradoPor))
    .leftJoin(reopener, eq(reopener.id, cortesCaja.reabiertoPor));
}
type ItemRow = Awaited<ReturnType<typeof selectCloses>>[number];

function toItem(r: ItemRow): CashCloseItem {
  return {
    ...r,
    cerradoPor: userNameOf(r.cerradoPor),
    reabiertoPor: userNameOf(r.reabiertoPor),
    cerrado: r.reabiertoEn === null,
    cerradoEn: r.cerradoEn.toISOString(),
    reabiertoEn: r.reabiertoEn?.toISOString() ?? null,
  };
}

/** The only SQL of cash closes. */
export class CashCloseRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }

  async account(id: number, tx: Db = this.db): Promise<{ id: number; nombre: string } | undefined> {
    const [r] = await tx
      .select({ id: cuentas.id, nombre: cuentas.nombre })
      .from(cuentas)
      .where(eq(cuentas.id, id))
      .limit(1);
    return r;
  }

  /**
   * Locks the office's account row until the transaction ends. Registering a payment inserts a row that
   * references the account (a KEY SHARE lock), so a close waits for payments in flight on that office and
   * payments wait for the close: the expected cash counts every payment committed before the close.
   */
  async lockAccount(id: number, tx: Db): Promise<void> {
    await tx.select({ id: cuentas.id }).from(cuentas).where(eq(cuentas.id, id)).for('update');
  }

  /** Cash taken at an office on a business date: payments whose instant falls on that date in `tz`. */
  async dayTotal(
    idCuenta: number,
    fecha: string,
    tz: string,
    tx: Db = this.db,
  ): Promise<{ centavos: number; cantidad: number }> {
    const [r] = await tx
      .select({
        centavos: sql<number>`round(COALESCE(sum(${pagos.monto}), 0) * 100)::bigint`.mapWith(Number),
        cantidad: count(),
      })
      .from(pagos)
      .where(and(eq(pagos.idCuenta, idCuenta), ...onBusinessDates(pagos.fechaPago, tz, fecha, fecha)));
    return { centavos: r?.centavos ?? 0, cantidad: r?.cantidad ?? 0 };
  }

  /** The close of an office's day (reopened or not), locked when `lock` is set. */
  async findByDay(idCuenta: number, fecha: string, tx: Db = this.db, lock = false): Promise<CloseRow | undefined> {
    const q = tx
      .select()
      .from(cortesCaja)
      .where(and(eq(cortesCaja.idCuenta, idCuenta), eq(cortesCaja.fecha, fecha)))
      .limit(1);
    const [r] = lock ? await q.for('update') : await q;
    return r;
  }

  async findById(id: number, tx: Db = this.db, lock = false): Promise<CloseRow | undefined> {
    const q = tx.select().from(cortesCaja).where(eq(cortesCaja.id, id)).limit(1);
    const [r] = lock ? await q.for('update') : await q;
    return r;
  }

  /** The close of an office's day with the names of who closed and reopened it. */
  async itemByDay(idCuenta: number, fecha: string, tx: Db = this.db): Promise<CashCloseItem | undefined> {
    const [r] = await selectCloses(tx)
      .where(and(eq(cortesCaja.idCuenta, idCuenta), eq(cortesCaja.fecha, fecha)))
      .limit(1);
    return r && toItem(r);
  }

  /** A new close; undefined when the day already has one (the unique index on office and date). */
  async insert(idCuenta: number, fecha: string, values: CloseValues, tx: Db): Promise<number | undefined> {
    const [r] = await tx
      .insert(cortesCaja)
      .values({ idCuenta, fecha, ...values })
      .onConflictDoNothing({ target: [cortesCaja.idCuenta, cortesCaja.fecha] })
      .returning({ id: cortesCaja.id });
    return r?.id;
  }

  /** Closes a reopened day again with the new numbers (the previous close stays in the audit log). */
  async reclose(id: number, values: CloseValues, tx: Db): Promise<void> {
    await tx
      .update(cortesCaja)
      .set({ ...values, reabiertoPor: null, reabiertoEn: null })
      .where(eq(cortesCaja.id, id));
  }

  async reopen(id: number, userId: number, at: Date, tx: Db): Promise<void> {
    await tx.update(cortesCaja).set({ reabiertoPor: userId, reabiertoEn: at }).where(eq(cortesCaja.id, id));
  }

  /** Closes, newest day first. */
  async list(filter: { idCuenta?: number }, page: Page): Promise<Paged<CashCloseItem>> {
    const conds: SQL[] = [];
    if (filter.idCuenta !== undefined) conds.push(eq(cortesCaja.idCuenta, filter.idCuenta));
    const where = conds.length ? and(...conds) : undefined;
    const { rows, total } = await paged(
      selectCloses(this.db).where(where).orderBy(desc(cortesCaja.fecha), desc(cortesCaja.id)).$dynamic(),
      page,
      () => this.db.select({ n: count() }).from(cortesCaja).where(where),
    );
    return { items: rows.map(toItem), total };
  }
}
