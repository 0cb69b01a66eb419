import { INVOICE_STATES } from '../invoicing/status';
import { z } from '../zod';

/** A payment as the customer panel's Pagos tab lists it (GET /api/customer/{id}/payments). */
export const customerPaymentSchema = z.object({
  id: z.number().int(),
  guid: z.string(),
  reciboId: z.number().int().nullable().describe('Receipt number'),
  fechaPago: z.string(),
  fechaInicio: z.string(),
  fechaFinalizacion: z.string(),
  monto: z.number(),
  idCuenta: z.number().int(),
  cuenta: z.string().describe('Payment place name'),
  referencia: z.string(),
  nota: z.string(),
  reconexion: z.boolean(),
  facturar: z.boolean(),
  abono: z.boolean().describe('Partial payment'),
  mesesCubiertos: z.number().int().describe('0: an abono that completes no month (no period)'),
  saldoAFavor: z.number().describe("The contract's credit balance after this payment"),
  factura: z
    .object({
      id: z.number().int(),
      estado: z.enum(INVOICE_STATES),
      serie: z.string(),
      folio: z.number().int().nullable(),
    })
    .nullable()
    .describe("The payment's own invoice that is not cancelled (the newest, a replacement included); null: none"),
});
export type CustomerPayment = z.infer<typeof customerPaymentSchema>;
