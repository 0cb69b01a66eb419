import {
  businessDate,
  expenseDefaults,
  isIncomeGroup,
  type Expense,
  type ExpenseCategory,
  type ExpenseInput,
  type ExpenseListQuery,
  type ExpenseStatus,
  type Paged,
  type expenseCategoryInputSchema,
} from '@airlink/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.service';
import type { ExpensesRepository } from './expenses.repository';

type CategoryInput = z.output<typeof expenseCategoryInputSchema>;

const NO_CATEGORY = 'La categoría no existe.';
const categoryTaken = (nombre: string) =>
  conflict('category_taken', `Ya existe la categoría ${nombre}; elige otro nombre.`, {
    nombre: ['Ya existe una categoría con este nombre'],
  });

export interface ExpensesServiceOptions {
  businessTz: string;
  /** The clock (tests fix "today"). */
  now?: () => Date;
}

/** Dates and status of a new expense, from what the form sent and today's business date. */
export function expenseDates(
  input: Pick<ExpenseInput, 'fechaRealizacion' | 'fechaPagoProgramada' | 'estadoPago'>,
  today: string,
):
  | { estadoPago: ExpenseStatus; fechaRealizacion: string | null; fechaPagoProgramada: string | null }
  | { error: Record<string, string[]> } {
  const realizacion = input.fechaRealizacion ?? null;
  let programada = input.fechaPagoProgramada ?? null;
  if (realizacion && realizacion > today) {
    return {
      error: {
        fechaRealizacion: [
          'La fecha de pago no puede ser posterior a hoy; para un pago futuro usa la fecha programada',
        ],
      },
    };
  }
  if (realizacion && input.estadoPago && input.estadoPago !== 'Pagado') {
    return {
      error: {
        estadoPago: ['Un gasto con fecha de pago está pagado; quita la fecha de pago o marca el gasto como Pagado'],
      },
    };
  }
  // Paid when it has a payment date, or when nothing schedules it in the future: paid today.
  const estadoPago: ExpenseStatus =
    input.estadoPago ?? (realizacion || !programada || programada <= today ? 'Pagado' : 'Pendiente');
  if (estadoPago === 'Pagado')
    return { estadoPago, fechaRealizacion: realizacion ?? today, fechaPagoProgramada: programada };
  programada ??= expenseDefaults(today).fechaPagoProgramada;
  return { estadoPago, fechaRealizacion: null, fechaPagoProgramada: programada };
}

/** Expenses (Gastos, docs/business-rules.md "Finance") and their categories. */
export class ExpensesService {
  private readonly now: () => Date;

  constructor(
    private readonly repo: ExpensesRepository,
    private readonly audit: AuditService,
    private readonly opts: ExpensesServiceOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  today(): string {
    return businessDate(this.now(), this.opts.businessTz);
  }

  categories(): Promise<ExpenseCategory[]> {
    return this.repo.categories();
  }

  /** Administración adds a category; a name already used (ignoring case and accents) is refused. */
  async createCategory(actor: AuthUser, input: CategoryInput): Promise<ExpenseCategory> {
    return this.savingCategory(input.nombre, () =>
      this.repo.transaction(async (tx) => {
        await this.refuseTakenName(input.nombre, null, tx);
        const after = await this.repo.insertCategory({ nombre: input.nombre, icono: input.icono }, tx);
        await this.audit.record({ actor, action: 'create', entity: 'expense_category', entityId: after.id, after }, tx);
        return after;
      }),
    );
  }

  /** Renames a category or changes its icon; its expenses follow (they store its id). */
  async updateCategory(actor: AuthUser, id: number, input: CategoryInput): Promise<ExpenseCategory> {
    return this.savingCategory(input.nombre, () =>
      this.repo.transaction(async (tx) => {
        const before = await this.repo.category(id, tx, true);
        if (!before) throw notFound(NO_CATEGORY);
        await this.refuseTakenName(input.nombre, id, tx);
        const after = { id, nombre: input.nombre, icono: input.icono };
        await this.repo.updateCategory(id, { nombre: after.nombre, icono: after.icono }, tx);
        await this.audit.record(
          { actor, action: 'update', entity: 'expense_category', entityId: id, before, after },
          tx,
        );
        return after;
      }),
    );
  }

  /** Deletes a category no expense uses; one in use is refused (its expenses would lose their category). */
  async deleteCategory(actor: AuthUser, id: number): Promise<void> {
    await this.repo.transaction(async (tx) => {
      const before = await this.repo.category(id, tx, true);
      if (!before) throw notFound(NO_CATEGORY);
      const uses = await this.repo.categoryUses(id, tx);
      if (uses > 0) {
        throw conflict(
          'category_in_use',
          `No se puede eliminar la categoría ${before.nombre}: la ${uses === 1 ? 'usa 1 gasto' : `usan ${uses} gastos`}. Cámbiales la categoría o renómbrala.`,
        );
      }
      await this.repo.deleteCategory(id, tx);
      await this.audit.record({ actor, action: 'delete', entity: 'expense_category', entityId: id, before }, tx);
    });
  }

  private async refuseTakenName(nombre: string, ownId: number | null, tx: Db): Promise<void> {
    const same = await this.repo.categoryNamed(nombre, tx);
    if (same && same.id !== ownId) throw categoryTaken(same.nombre);
  }

  /** Two saves with one new name at once: the unique index refuses the second with the same message. */
  private async savingCategory<T>(nombre: string, save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (err) {
      if (isUniqueViolation(err)) throw categoryTaken(nombre);
      throw err;
    }
  }

  list(query: ExpenseListQuery): Promise<Paged<Expense>> {
    return this.repo.list(query, this.today());
  }

  /**
   * Records an expense. Category and account must exist (an adjustment account is not a place money is
   * paid from). With a payment date it is 'Pagado'; without one it is paid today unless its scheduled date
   * is in the future ('Pendiente', scheduled today + 30 days when no date was given).
   */
  async create(actor: AuthUser, input: ExpenseInput): Promise<Expense> {
    const today = this.today();
    const [category, account] = await Promise.all([
      this.repo.category(input.idGasto),
      this.repo.account(input.idCuenta),
    ]);
    const details: Record<string, string[]> = {};
    if (!category) details.idGasto = ['La categoría no existe; elige una de la lista'];
    if (!account || !account.activo)
      details.idCuenta = ['La cuenta no existe o está desactivada; elige una de la lista'];
    else if (!isIncomeGroup(account.grupo))
      details.idCuenta = ['Las cuentas de ajuste no registran gastos; elige una oficina o un banco'];
    const dates = expenseDates(input, today);
    if ('error' in dates) Object.assign(details, dates.error);
    const fields = Object.keys(details);
    if (fields.length > 0 || 'error' in dates) {
      throw badRequest(`No se pudo guardar el gasto: ${details[fields[0]!]![0]}.`, details);
    }
    return this.repo.transaction(async (tx) => {
      const id = await this.repo.insert(
        {
          idGasto: input.idGasto,
          idCuenta: input.idCuenta,
          monto: input.monto,
          descripcion: input.descripcion,
          tipoGasto: input.tipoGasto,
          numeroServicio: input.numeroServicio,
          nombrePunto: input.nombrePunto,
          periodo: input.periodo,
          nota: input.nota,
          esGasto: input.esGasto,
          ...dates,
        },
        actor.id,
        tx,
      );
      const expense = (await this.repo.findById(id, today, tx))!;
      await this.audit.record({ actor, action: 'create', entity: 'expense', entityId: id, after: expense }, tx);
      return expense;
    });
  }
}
