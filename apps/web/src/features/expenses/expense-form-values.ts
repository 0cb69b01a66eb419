import { addDays, expenseDefaults, expenseInputSchema, type ExpenseInput, type ExpenseStatus } from '@airlink/domain';
import { businessDate } from '../../lib/business-time';
import { shapedResolver } from '../../components/ui/use-form-kit';

/** What the expense form holds while it is filled (the shared schema turns it into the payload). */
export interface ExpenseFormState {
  monto: number | null;
  descripcion: string;
  /** Category id; null until one is chosen. */
  idGasto: number | null;
  /** Account id; null until one is chosen. */
  idCuenta: number | null;
  /** YYYY-MM-DD or '' (none). */
  fechaPagoProgramada: string;
  /** YYYY-MM-DD or '' (not paid yet). */
  fechaRealizacion: string;
  estadoPago: ExpenseStatus;
  nota: string;
}

export const EXPENSE_FORM_FIELDS = [
  'monto',
  'descripcion',
  'idGasto',
  'idCuenta',
  'fechaPagoProgramada',
  'fechaRealizacion',
  'estadoPago',
  'nota',
] as const satisfies ReadonlyArray<keyof ExpenseFormState>;

/** A new expense: $100, scheduled 30 days from today, pending (docs/business-rules.md "Constants and limits"). */
export function newExpenseValues(today = businessDate(new Date())): ExpenseFormState {
  const d = expenseDefaults(today);
  return {
    monto: d.monto,
    descripcion: '',
    idGasto: null,
    idCuenta: null,
    fechaPagoProgramada: d.fechaPagoProgramada,
    fechaRealizacion: '',
    estadoPago: 'Pendiente',
    nota: '',
  };
}

/** The form's values shaped as the payload the schema reads ('' dates are absent; unchosen ids undefined). */
export function expenseValuesToInput(v: ExpenseFormState): Record<string, unknown> {
  return {
    monto: v.monto ?? undefined,
    descripcion: v.descripcion,
    idGasto: v.idGasto ?? undefined,
    idCuenta: v.idCuenta ?? undefined,
    fechaPagoProgramada: v.fechaPagoProgramada || null,
    fechaRealizacion: v.fechaRealizacion || null,
    estadoPago: v.estadoPago,
    nota: v.nota,
    esGasto: true,
  };
}

/** The shared schema checks the form (Spanish messages) after the values are made payload-shaped. */
export const expenseFormResolver = shapedResolver<ExpenseFormState, ExpenseInput>(
  expenseInputSchema,
  expenseValuesToInput,
);

/** The latest scheduled date the form offers: a year ahead. */
export const maxScheduledDate = (today: string) => addDays(today, 366);
