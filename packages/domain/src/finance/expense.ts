import { z } from 'zod';
import { addDays, isValidIsoDate } from '../customers/business-days';
import { idSchema } from '../http/ids';
import { toCentavos } from '../payments/amount';

/** Expense form defaults (spec 001 section 9): amount 100, scheduled payment 30 days from today. */
export const EXPENSE_DEFAULT_AMOUNT = 100;
export const EXPENSE_SCHEDULE_DAYS = 30;
export const MAX_EXPENSE_AMOUNT = 1_000_000;
export const EXPENSE_STATUSES = ['Pendiente', 'Pagado', 'Atrasado'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];

export function expenseDefaults(today: string) {
  return { monto: EXPENSE_DEFAULT_AMOUNT, fechaPagoProgramada: addDays(today, EXPENSE_SCHEDULE_DAYS) };
}

const isoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isValidIsoDate(v.slice(0, 10)), message)
    .transform((v) => v.slice(0, 10));

/**
 * POST /api/MovimientoFinancieroGasto (spec 001 sections 5 and 7): amount, description, category and
 * account required; the amount is parsed as a decimal, the ids as integers.
 */
export const expenseInputSchema = z.object({
  monto: z.coerce
    .number({ error: 'El monto debe ser un número' })
    .refine(Number.isFinite, 'El monto debe ser un número')
    .positive('El monto debe ser mayor a 0')
    .max(MAX_EXPENSE_AMOUNT, 'El monto es demasiado grande')
    .refine((n) => Math.abs(toCentavos(n) - n * 100) < 1e-6, 'El monto: usa como máximo dos decimales'),
  descripcion: z
    .string({ error: 'La descripción es obligatoria' })
    .trim()
    .min(1, 'La descripción es obligatoria')
    .max(300, 'La descripción: máximo 300 caracteres'),
  idGasto: z.coerce.number({ error: 'Elige una categoría' }).pipe(idSchema),
  idCuenta: z.coerce.number({ error: 'Elige una cuenta' }).pipe(idSchema),
  fechaPagoProgramada: isoDate('La fecha programada no es válida').nullish(),
  fechaRealizacion: isoDate('La fecha de pago no es válida').nullish(),
  estadoPago: z.enum(EXPENSE_STATUSES, { error: 'Estado de pago desconocido' }).optional(),
  nota: z.string().trim().max(1000, 'La nota: máximo 1000 caracteres').default(''),
  esGasto: z.boolean().default(true),
  tipoGasto: z.string().trim().max(100).default(''),
  numeroServicio: z.string().trim().max(100).default(''),
  nombrePunto: z.string().trim().max(100).default(''),
  periodo: z.string().trim().max(50).default(''),
});
export type ExpenseInput = z.infer<typeof expenseInputSchema>;
export type ExpenseFormValues = z.input<typeof expenseInputSchema>;

/** An expense as listed (spec 001 section 3). */
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
  page: z.coerce.number({ error: 'La página debe ser un número' }).int().min(0).default(0),
  pageSize: z.coerce.number({ error: 'El tamaño de página debe ser un número' }).int().min(1).max(100).default(10),
  desde: z.iso.date({ error: 'Fecha inicial inválida' }).optional(),
  hasta: z.iso.date({ error: 'Fecha final inválida' }).optional(),
  idGasto: z.coerce.number().int().positive().optional(),
  idCuenta: z.coerce.number().int().positive().optional(),
  estadoPago: z.enum(EXPENSE_STATUSES).optional(),
  q: z.string().trim().max(200).optional(),
});
export type ExpenseListQuery = z.infer<typeof expenseListQuerySchema>;
