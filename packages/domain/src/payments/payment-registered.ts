import { z } from '../zod';

/** Hub event sent to every signed-in connection after a payment is committed (docs/api-contract.md). */
export const PAYMENT_REGISTERED_EVENT = 'PaymentRegistered';

/** Its payload: the server sends it, the dashboards check it before refreshing. */
export const paymentRegisteredSchema = z.object({
  id: z.number().int(),
  guid: z.string(),
  idCliente: z.number().int(),
  nombreCliente: z.string(),
  monto: z.number(),
  idCuenta: z.number().int(),
  fechaPago: z.string(),
});
export type PaymentRegistered = z.infer<typeof paymentRegisteredSchema>;
