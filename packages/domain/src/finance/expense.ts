import { z } from '../zod';
import { addDays, isValidIsoDate } from '../customers/business-days';
import { pageQuerySchema } from '../http/errors';
import { dateInput, jsonId, lineText, moneyInput, multilineText, queryInt } from '../http/input';

/** Expense form defaults (docs/business-rules.md "Constants and limits"): amount 100, scheduled payment 30 days from today. */
export const EXPENSE_DEFAULT_AMOUNT = 100;
export const EXPENSE_SCHEDULE_DAYS = 30;
export const MAX_EXPENSE_AMOUNT = 1_000_000;
export const EXPENSE_STATUSES = ['Pendiente', 'Pagado', 'Atrasado'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];

/**
 * A pending expense whose scheduled date has passed is overdue (docs/business-rules.md "Finance" names the three states;
 * the old app never moved between them). The expenses repository filters with the same rule in SQL.
 */
export function isExpenseOverdue(stored: string, fechaPagoProgramada: string | null, today: string): boolean {
  return stored === 'Pendiente' && fechaPagoProgramada !== null && fechaPagoProgramada < today;
}

/** The status an expense shows on the business date `today`: 'Atrasado' once overdue, else as stored. */
export function shownExpenseStatus(stored: string, fechaPagoProgramada: string | null, today: string): ExpenseStatus {
  if (isExpenseOverdue(stored, fechaPagoProgramada, today)) return 'Atrasado';
  return stored === 'Pagado' || stored === 'Atrasado' ? stored : 'Pendiente';
}

export function expenseDefaults(today: string) {
  return { monto: EXPENSE_DEFAULT_AMOUNT, fechaPagoProgramada: addDays(today, EXPENSE_SCHEDULE_DAYS) };
}

const isoDate = (message: string) =>
  lineText({ error: message })
    .refine((v) => isValidIsoDate(v.slice(0, 10)), message)
    .transform((v) => v.slice(0, 10));

export const MAX_EXPENSE_DESCRIPTION = 300;

/**
 * The spec's create call sends no description, only `Nota`: when the description is absent or blank, the
 * note (on one line, cut to 300 characters) is the description. The note itself is kept as sent.
 */
export function descriptionFromNote(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { descripcion, nota } = body as { descripcion?: unknown; nota?: unknown };
  const blank =
    descripcion === undefined || descripcion === null || (typeof descripcion === 'string' && descripcion.trim() === '');
  if (!blank || typeof nota !== 'string') return body;
  const line = nota.replace(/\s+/g, ' ').trim();
  if (!line) return body;
  const cut = line.length > MAX_EXPENSE_DESCRIPTION ? `${line.slice(0, MAX_EXPENSE_DESCRIPTION - 1).trimEnd()}…` : line;
  return { ...body, descripcion: cut };
}

/**
 * POST /api/MovimientoFinancieroGasto (docs/business-rules.md "Finance"; docs/api-contract.md "Money"): amount, description, category and
 * account required; the amount is a JSON number or a decimal string, the ids JSON numbers. The server
 * applies `descriptionFromNote` first, so the spec's payload (a note, no description) passes.
 */
export const expenseInputSchema = z.object({
  monto: moneyInput('El monto', { positive: true, max: MAX_EXPENSE_AMOUNT }),
  descripcion: lineText({ error: 'La descripción es obligatoria' })
    .min(1, 'La descripción es obligatoria')
    .max(MAX_EXPENSE_DESCRIPTION, `La descripción: máximo ${MAX_EXPENSE_DESCRIPTION} caracteres`)
    .describe('Sin descripción, la nota hace de descripción'),
  idGasto: jsonId('Elige una categoría'),
  idCuenta: jsonId('Elige una cuenta'),
  fechaPagoProgramada: isoDate('La fecha programada no es válida').nullish(),
  fechaRealizacion: isoDate('La fecha de pago no es válida').nullish(),
  estadoPago: z.enum(EXPENSE_STATUSES, { error: 'Estado de pago desconocido' }).optional(),
  nota: multilineText().max(1000, 'La nota: máximo 1000 caracteres').default(''),
  esGasto: z.boolean({ error: 'EsGasto debe ser sí o no' }).default(true),
  tipoGasto: lineText().max(100).default(''),
  numeroServicio: lineText().max(100).default(''),
  nombrePunto: lineText().max(100).default(''),
  periodo: lineText().max(50).default(''),
});
export type ExpenseInput = z.infer<typeof expenseInputSchema>;
export type ExpenseFormValues = z.input<typeof expenseInputSchema>;

/** An expense as listed (docs/api-contract.md "Money"). */
export const expenseSchema = z.object({
  id: z.number().int(),
  tipoGasto: z.string(),
  numeroServicio: z.string(),
  nombrePunto: z.string(),
  periodo: z.string(),
  monto: z.number(),
  descripcion: z.string(),
  fechaPagoProgramada: z.string().nullable(),
  estadoPago: z.enum(EXPENSE_STATUSES),
  nota: z.string(),
  idCuenta: z.number().int(),
  cuentaNombre: z.string(),
  fechaRealizacion: z.string().nullable(),
  idGasto: z.number().int(),
  categoriaNombre: z.string(),
  esGasto: z.boolean(),
  creadoPor: z.string().nullable(),
  createdAt: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;

/** GET /api/MovimientoFinancieroGasto: paged, newest first, with filters. */
export const expenseListQuerySchema = z.object({
  page: pageQuerySchema.shape.page,
  pageSize: pageQuerySchema.shape.pageSize,
  desde: dateInput('Fecha inicial inválida').optional(),
  hasta: dateInput('Fecha final inválida').optional(),
  idGasto: queryInt('Categoría inválida', { min: 1 }).optional(),
  idCuenta: queryInt('Cuenta inválida', { min: 1 }).optional(),
  estadoPago: z.enum(EXPENSE_STATUSES, { error: 'Estado de pago desconocido' }).optional(),
  q: lineText().max(200).optional(),
});
export type ExpenseListQuery = z.infer<typeof expenseListQuerySchema>;
