import {
  foldText,
  shownExpenseStatus,
  type AccountGroup,
  type Expense,
  type ExpenseCategory,
  type ExpenseListQuery,
  type Paged,
} from '@airlink/domain';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { airlinkFold } from '../../db/fold';
import { containsPattern } from '../../db/like';
import { paged } from '../../db/paging';
import { categoriasGasto, cuentas, gastos, users } from '../../db/schema';
import { userNameColumns, userNameOf } from '../../db/user-name';

export type ExpenseValues = Omit<typeof gastos.$inferInsert, 'id' | 'createdAt' | 'createdBy'>;

/** The date an expense is listed by: when it was paid, else when it is due. */
const expenseDate = sql`COALESCE(${gastos.fechaRealizacion}, ${gastos.fechaPagoProgramada})`;

const columns = {
  id: gastos.id,
  tipoGasto: gastos.tipoGasto,
  numeroServicio: gastos.numeroServicio,
  nombrePunto: gastos.nombrePunto,
  periodo: gastos.periodo,
  monto: gastos.monto,
  descripcion: gastos.descripcion,
  fechaPagoProgramada: gastos.fechaPagoProgramada,
  estadoPago: gastos.estadoPago,
  nota: gastos.nota,
  idCuenta: gastos.idCuenta,
  cuentaNombre: cuentas.nombre,
  fechaRealizacion: gastos.fechaRealizacion,
  idGasto: gastos.idGasto,
  categoriaNombre: categoriasGasto.nombre,
  esGasto: gastos.esGasto,
  creador: userNameColumns(),
  createdAt: gastos.createdAt,
};

/** Expenses with their category, account and author names. */
function selectExpenses(db: Db) {
  return db
    .select(columns)
    .from(gastos)
    .innerJoin(cuentas, eq(cuentas.id, gastos.idCuenta))
    .innerJoin(categoriasGasto, eq(categoriasGasto.id, gastos.idGasto))
    .leftJoin(users, eq(users.id, gastos.createdBy));
}
type ListedRow = Awaited<ReturnType<typeof selectExpenses>>[number];

function toExpense(r: ListedRow, today: string): Expense {
  return {
    id: r.id,
    tipoGasto: r.tipoGasto,
    numeroServicio: r.numeroServicio,
    nombrePunto: r.nombrePunto,
    periodo: r.periodo,
    monto: r.monto,
    descripcion: r.descripcion,
    fechaPagoProgramada: r.fechaPagoProgramada,
    estadoPago: shownExpenseStatus(r.estadoPago, r.fechaPagoProgramada, today),
    nota: r.nota,
    idCuenta: r.idCuenta,
    cuentaNombre: r.cuentaNombre,
    fechaRealizacion: r.fechaRealizacion,
    idGasto: r.idGasto,
    categoriaNombre: r.categoriaNombre,
    esGasto: r.esGasto,
    creadoPor: userNameOf(r.creador),
    createdAt: r.createdAt.toISOString(),
  };
}

/** The only SQL of expenses and their categories. */
export class ExpensesRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }

  categories(): Promise<ExpenseCategory[]> {
    return this.db
      .select({ id: categoriasGasto.id, nombre: categoriasGasto.nombre, icono: categoriasGasto.icono })
      .from(categoriasGasto)
      .orderBy(asc(categoriasGasto.id));
  }

  /** One category; `lock` holds its row until the transaction `tx` ends. */
  async category(id: number, tx: Db = this.db, lock = false): Promise<ExpenseCategory | undefined> {
    const query = tx.select().from(categoriasGasto).where(eq(categoriasGasto.id, id)).limit(1);
    const [r] = lock ? await query.for('update') : await query;
    return r;
  }

  /** The category with this name ignoring case, accents and spaces around it (the unique index's expression). */
  async categoryNamed(nombre: string, tx: Db = this.db): Promise<ExpenseCategory | undefined> {
    const [r] = await tx
      .select()
      .from(categoriasGasto)
      .where(sql`airlink_fold(btrim(${categoriasGasto.nombre})) = airlink_fold(btrim(${nombre}))`)
      .limit(1);
    return r;
  }

  async insertCategory(values: Omit<ExpenseCategory, 'id'>, tx: Db = this.db): Promise<ExpenseCategory> {
    const [r] = await tx.insert(categoriasGasto).values(values).returning();
    return r!;
  }

  async updateCategory(id: number, values: Omit<ExpenseCategory, 'id'>, tx: Db = this.db): Promise<void> {
    await tx.update(categoriasGasto).set(values).where(eq(categoriasGasto.id, id));
  }

  async deleteCategory(id: number, tx: Db = this.db): Promise<void> {
    await tx.delete(categoriasGasto).where(eq(categoriasGasto.id, id));
  }

  /** How many expenses use the category. */
  async categoryUses(id: number, tx: Db = this.db): Promise<number> {
    const [r] = await tx.select({ n: count() }).from(gastos).where(eq(gastos.idGasto, id));
    return r?.n ?? 0;
  }

  async account(id: number): Promise<{ id: number; nombre: string; grupo: AccountGroup; activo: boolean } | undefined> {
    const [r] = await this.db.select().from(cuentas).where(eq(cuentas.id, id)).limit(1);
    return r && { ...r, grupo: r.grupo as AccountGroup };
  }

  async findById(id: number, today: string, tx: Db = this.db): Promise<Expense | undefined> {
    const [r] = await selectExpenses(tx).where(eq(gastos.id, id)).limit(1);
    return r && toExpense(r, today);
  }

  /** One page, newest first by the date it was paid (or is due); filters as in expenseListQuerySchema. */
  async list(query: ExpenseListQuery, today: string): Promise<Paged<Expense>> {
    const conds: SQL[] = [];
    if (query.desde) conds.push(sql`${expenseDate} >= ${query.desde}::date`);
    if (query.hasta) conds.push(sql`${expenseDate} <= ${query.hasta}::date`);
    if (query.idGasto !== undefined) conds.push(eq(gastos.idGasto, query.idGasto));
    if (query.idCuenta !== undefined) conds.push(eq(gastos.idCuenta, query.idCuenta));
    // The domain's isExpenseOverdue in SQL: pending and scheduled before today.
    const overdue = sql`(${gastos.estadoPago} = 'Pendiente' AND ${gastos.fechaPagoProgramada} < ${today}::date)`;
    switch (query.estadoPago) {
      case 'Pagado':
        conds.push(eq(gastos.estadoPago, 'Pagado'));
        break;
      case 'Pendiente':
        conds.push(sql`${gastos.estadoPago} = 'Pendiente' AND NOT ${overdue}`);
        break;
      case 'Atrasado':
        conds.push(sql`(${gastos.estadoPago} = 'Atrasado' OR ${overdue})`);
        break;
      case undefined:
        break;
    }
    const q = query.q ? foldText(query.q) : '';
    if (q) {
      const text = sql`${gastos.descripcion} || ' ' || ${gastos.nota} || ' ' || ${gastos.tipoGasto} || ' ' || ${gastos.numeroServicio} || ' ' || ${gastos.nombrePunto} || ' ' || ${gastos.periodo} || ' ' || ${categoriasGasto.nombre}`;
      conds.push(sql`${airlinkFold(text)} LIKE ${containsPattern(q)}`);
    }
    const where = conds.length ? and(...conds) : undefined;
    const { rows, total } = await paged(
      selectExpenses(this.db)
        .where(where)
        .orderBy(sql`${expenseDate} DESC NULLS LAST`, desc(gastos.id))
        .$dynamic(),
      query,
      () =>
        this.db
          .select({ n: count() })
          .from(gastos)
          .innerJoin(categoriasGasto, eq(categoriasGasto.id, gastos.idGasto))
          .where(where),
    );
    return { items: rows.map((r) => toExpense(r, today)), total };
  }

  async insert(values: ExpenseValues, userId: number, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .insert(gastos)
      .values({ ...values, createdBy: userId })
      .returning({ id: gastos.id });
    return row!.id;
  }
}
