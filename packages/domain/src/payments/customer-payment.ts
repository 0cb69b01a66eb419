import { z } from 'zod';

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
});
export type CustomerPayment = z.infer<typeof customerPaymentSchema>;
