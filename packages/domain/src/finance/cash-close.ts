import { z } from '../zod';
import { accountIdsOf, CASH_GROUPS } from '../catalog/accounts';
import { isValidIsoDate } from '../customers/business-days';
import { pageQuerySchema } from '../http/errors';
import { jsonInt, lineText, moneyInput, multilineText, queryInt } from '../http/input';
import { toCentavos } from '../payments/amount';

/** Cash offices whose day is closed ('Corte de caja'): Oficina Aurrera (Tizayuca) and Oficina Pachuca. */
export const CASH_OFFICE_IDS: readonly number[] = CASH_GROUPS.flatMap(accountIdsOf);
export function isCashOffice(idCuenta: number): boolean {
  return CASH_OFFICE_IDS.includes(idCuenta);
}

/** Counted minus expected, exact to the centavo (negative = missing cash). */
export function cashDifference(esperado: number, contado: number): number {
  return (toCentavos(contado) - toCentavos(esperado)) / 100;
}

const isoDate = lineText({ error: 'Fecha inválida' }).refine(isValidIsoDate, 'Fecha inválida');
const CASH_OFFICE_ONLY = 'Solo las oficinas de efectivo (Aurrera y Pachuca) tienen corte de caja';

export const cashCloseInputSchema = z.object({
  idCuenta: jsonInt('Elige la oficina').refine(isCashOffice, CASH_OFFICE_ONLY),
  fecha: isoDate,
  contado: moneyInput('El efectivo contado', {
    max: 10_000_000,
    minMessage: 'El efectivo contado no puede ser negativo',
  }),
  nota: multilineText().max(500, 'La nota: máximo 500 caracteres').default(''),
});
export type CashCloseInput = z.infer<typeof cashCloseInputSchema>;

export const cashCloseQuerySchema = z.object({
  idCuenta: queryInt('Elige la oficina').refine(isCashOffice, CASH_OFFICE_ONLY),
  fecha: isoDate,
});

/** The day of a cash office: what the payments registered there add up to, and its close if any. */
export const cashDaySchema = z.object({
  idCuenta: z.number().int(),
  cuenta: z.string(),
  fecha: z.string(),
  esperado: z.number(),
  cantidadPagos: z.number().int(),
  cerrado: z.boolean(),
  corte: z
    .object({
      id: z.number().int(),
      esperado: z.number(),
      contado: z.number(),
      diferencia: z.number(),
      nota: z.string(),
      cerradoPor: z.string().nullable(),
      cerradoEn: z.string(),
      reabiertoPor: z.string().nullable(),
      reabiertoEn: z.string().nullable(),
    })
    .nullable(),
});
export type CashDay = z.infer<typeof cashDaySchema>;

/** A payment refused because its office's day is closed. */
export const CASH_DAY_CLOSED_MESSAGE =
  'La caja de esta oficina ya se cerró hoy. Un administrador debe reabrir el corte para registrar más pagos en efectivo.';

/** GET /api/cortes-caja: one close of a cash office's day (newest first). `cerrado` is false once reopened. */
export const cashCloseItemSchema = z.object({
  id: z.number().int(),
  idCuenta: z.number().int(),
  cuenta: z.string(),
  fecha: z.string(),
  esperado: z.number(),
  contado: z.number(),
  diferencia: z.number(),
  nota: z.string(),
  cerrado: z.boolean(),
  cerradoPor: z.string().nullable(),
  cerradoEn: z.string(),
  reabiertoPor: z.string().nullable(),
  reabiertoEn: z.string().nullable(),
});
export type CashCloseItem = z.infer<typeof cashCloseItemSchema>;

export const cashCloseListQuerySchema = z.object({
  page: pageQuerySchema.shape.page,
  pageSize: pageQuerySchema.shape.pageSize,
  idCuenta: queryInt('Oficina inválida').refine(isCashOffice, 'Oficina sin corte de caja').optional(),
});
export type CashCloseListQuery = z.infer<typeof cashCloseListQuerySchema>;
