import { PAYMENT_PLACES, type AccountGroup, type PaymentRegistered } from '@airlink/domain';

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
