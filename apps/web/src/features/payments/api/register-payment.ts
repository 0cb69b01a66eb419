import { IDEMPOTENCY_KEY_HEADER, paymentResultSchema, type PaymentInput, type PaymentResult } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentsKeys } from './payments-query-keys';
import { readResponse } from '../../../lib/read-response';

/** The payload the dialog sends (the server sets dates, period, guid and receipt number). */
export type PaymentBody = Pick<
  PaymentInput,
  | 'idCliente'
  | 'monto'
  | 'idCuenta'
  | 'referencia'
  | 'nota'
  | 'reconexion'
  | 'facturar'
  | 'abono'
  | 'idMovimientoFinanciero'
> & { confirmarDiferencia?: boolean };

export interface RegisterPaymentVars {
  body: PaymentBody;
  /** One per dialog opening: a retry of the same payment sends the same key and never charges twice. */
  idempotencyKey: string;
}

/** A request that gets no answer in this time counts as a lost connection (the retry is safe). */
export const REGISTER_TIMEOUT_MS = 30_000;

/**
 * POST /api/Pagos/registrar (level 16) with the `Idempotency-Key` header: 201 with the payment and
 * its receipt, or 200 `repetido: true` when the key was already used (the first payment's answer).
 */
export async function registerPayment({ body, idempotencyKey }: RegisterPaymentVars): Promise<PaymentResult> {
  const data = await api.post<unknown>('/api/Pagos/registrar', body, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    // The dialog shows every failure in place, so the global error toast stays quiet.
    silent: true,
    signal: AbortSignal.timeout(REGISTER_TIMEOUT_MS),
  });
  return readResponse(paymentResultSchema, data, 'con el pago registrado');
}

export function useRegisterPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPayment,
    // A chosen bank movement is no longer pending.
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.pendingAll() }),
  });
}
