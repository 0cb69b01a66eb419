import { z } from '../zod';
import { accountGroupSchema } from '../catalog/accounts-schema';
import { dateInput } from '../http/input';

/** One row of a financial summary (docs/api-contract.md "Money"): a day (or a month) with its payments. */
export const financialRowSchema = z.object({
  fecha: z.string().describe('YYYY-MM-DD (a day) or YYYY-MM (a month)'),
  cantidadPagos: z.number().int(),
  monto: z.number(),
});
export type FinancialRow = z.infer<typeof financialRowSchema>;

/**
 * GET /api/WeatherForecast/financial → `{ data }`: daily income per cash office and bank (last 31 days,
 * newest first) and monthly totals (last 12 months, newest first). Adjustment accounts are not income.
 * GET /api/WeatherForecast/financial/pagosTizayuca → `{ data }` with only the two cash offices.
 */
export const financialDataSchema = z.object({
  EfectivoTizayuca: z.array(financialRowSchema),
  EfectivoPachuca: z.array(financialRowSchema),
  IngresoBanco: z.array(financialRowSchema),
  PagosMensualTotales: z.array(financialRowSchema),
});
export type FinancialData = z.infer<typeof financialDataSchema>;
export const financialResponseSchema = z.object({ data: financialDataSchema });
export const cashOfficesResponseSchema = z.object({
  data: financialDataSchema.pick({ EfectivoTizayuca: true, EfectivoPachuca: true }),
});

/** GET /api/contratos/getduecontractsservices: active contracts past their cut-off date, most late first. */
export const dueContractItemSchema = z.object({
  id: z.number().int().describe('Latest payment id (0 when none)'),
  fechaInicio: z.string().nullable(),
  fechaFinalizacion: z.string().describe('Paid until'),
  clienteId: z.number().int(),
  monto: z.number().describe('Monthly amount of the contract'),
  nota: z.string(),
  fechaCreacion: z.string().nullable(),
  nombreCliente: z.string(),
  idcliente: z.string(),
  telefono: z.string(),
  comunidad: z.string(),
  cortado: z.boolean(),
  diasRetraso: z.number().int(),
  mesesRetraso: z.number().int(),
  fechaCorte: z.string(),
});
export type DueContractItem = z.infer<typeof dueContractItemSchema>;

/** Finanzas report range (inclusive), at most 366 days. */
export const financeReportQuerySchema = z
  .object({ desde: dateInput('Fecha inicial inválida'), hasta: dateInput('Fecha final inválida') })
  .refine((v) => v.desde <= v.hasta, {
    message: 'La fecha inicial debe ser anterior o igual a la final',
    path: ['hasta'],
  })
  .refine((v) => (Date.parse(v.hasta) - Date.parse(v.desde)) / 86_400_000 <= 366, {
    message: 'El periodo no puede pasar de un año',
    path: ['hasta'],
  });
export type FinanceReportQuery = z.infer<typeof financeReportQuerySchema>;

const money = z.number();
export const financeReportSchema = z.object({
  desde: z.string(),
  hasta: z.string(),
  ingresos: z.object({ tizayuca: money, pachuca: money, banco: money, total: money, cantidadPagos: z.number().int() }),
  ingresosPorDia: z.array(z.object({ fecha: z.string(), tizayuca: money, pachuca: money, banco: money, total: money })),
  ingresosPorCuenta: z.array(
    z.object({
      idCuenta: z.number().int(),
      cuenta: z.string(),
      grupo: accountGroupSchema,
      monto: money,
      cantidadPagos: z.number().int(),
    }),
  ),
  gastosPorCategoria: z.array(
    z.object({ idGasto: z.number().int(), categoria: z.string(), monto: money, cantidad: z.number().int() }),
  ),
  totalGastos: money,
  resultadoNeto: money.describe('Income minus expenses; adjustments excluded'),
  ajustes: z.object({
    monto: money,
    cantidadPagos: z.number().int(),
    porCuenta: z.array(
      z.object({ idCuenta: z.number().int(), cuenta: z.string(), monto: money, cantidadPagos: z.number().int() }),
    ),
  }),
});
export type FinanceReport = z.infer<typeof financeReportSchema>;
