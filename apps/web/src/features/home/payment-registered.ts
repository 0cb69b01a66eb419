import { PAYMENT_PLACES, type AccountGroup } from '@airlink/domain';
import { z } from 'zod';

/** Hub event sent to every signed-in connection after a payment is committed (docs/api-contract.md). */
export const PAYMENT_REGISTERED_EVENT = 'PaymentRegistered';

/** Its payload (apps/server payments.service `PaymentRegisteredEvent`). */
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

/** A payment pushed while the dashboard is open; `seq` grows with each one (it restarts the animations). */
export interface LivePayment extends PaymentRegistered {
  seq: number;
  group: AccountGroup | null;
  cuenta: string | null;
}

export function toLivePayment(p: PaymentRegistered, seq: number): LivePayment {
  const place = PAYMENT_PLACES.find((a) => a.id === p.idCuenta);
  return { ...p, seq, group: place?.group ?? null, cuenta: place?.nombre ?? null };
}
