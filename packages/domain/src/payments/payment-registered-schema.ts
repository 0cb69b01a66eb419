import { z } from '../zod';

/** The PaymentRegistered payload: the server sends it, the dashboards check it before refreshing. */
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
