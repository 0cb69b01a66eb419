import type { PaymentResult, PendingMovement } from '@airlink/domain';
import { useRef, useState, type BaseSyntheticEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../../lib/api-client';
import { useRegisterPayment, type PaymentBody } from '../../api/register-payment';
import { useAnnounceReceipt } from './open-receipt-tab';
import { placePaymentErrors, type PaymentDialogValues } from './payment-form';

/** Inputs stay disabled this long after a submit (docs/business-rules.md "Screens"), and at least until the answer. */
export const INPUT_LOCK_MS = 1500;

/** The request got no answer (connection lost, server down): the same key makes the retry safe. */
export const UNCONFIRMED_MESSAGE =
  'No se pudo confirmar el pago. Revisa tu conexión y vuelve a intentar: no se cobrará dos veces.';

/** A server-side refusal (4xx): nothing was registered. Anything else may have been. */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

export interface PaymentSubmitOptions {
  form: UseFormReturn<PaymentDialogValues, unknown, PaymentBody>;
  setFormError: (message: string | null) => void;
  /** The linked deposit, sent as `idMovimientoFinanciero`. */
  movement: PendingMovement | null;
  /** The linked deposit was used by another payment meanwhile: let it go. */
  dropMovement: () => void;
  onRegistered?: (result: PaymentResult | null) => void;
  onClose: () => void;
}

/**
 * Sending the payment: one Idempotency-Key per opening (reused by every retry, so nothing is charged
 * twice), no second request while one runs, inputs locked at least INPUT_LOCK_MS, the deposit
 * difference confirmation, and the unconfirmed state after a lost connection.
 */
export function usePaymentSubmit({
  form,
  setFormError,
  movement,
  dropMovement,
  onRegistered,
  onClose,
}: PaymentSubmitOptions) {
  const register = useRegisterPayment();
  const announce = useAnnounceReceipt();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [locked, setLocked] = useState(false);
  // The server found the linked deposit of another amount: its message, until the cashier confirms.
  const [mismatch, setMismatch] = useState<string | null>(null);
  const confirmDifference = useRef(false);
  // Set synchronously: a second click in the same instant cannot start a second request.
  const busy = useRef(false);

  /** A change of amount, place or deposit: an earlier confirmation of a difference no longer applies. */
  const clearMismatch = () => {
    setMismatch(null);
    confirmDifference.current = false;
  };

  const failed = (error: unknown) => {
    if (!isRefusal(error)) {
      setUnconfirmed(true);
      setFormError(UNCONFIRMED_MESSAGE);
      return;
    }
    if (error.code === 'deposit_amount_mismatch') {
      // Nothing was registered: show the difference and let the cashier confirm and resend.
      setMismatch(error.message);
      setFormError(null);
      return;
    }
    if (error.code === 'idempotency_mismatch') {
      // An earlier attempt of this opening was registered after all: the panel shows it.
      onRegistered?.(null);
    }
    if (error.code === 'movement_used') {
      dropMovement();
      form.setError('referencia', { type: 'server', message: 'Ese depósito ya se usó en otro pago' });
    }
    setFormError(placePaymentErrors(error, form.setError));
  };

  const save = async (values: PaymentBody) => {
    if (busy.current) return;
    busy.current = true;
    setLocked(true);
    setFormError(null);
    const minimumLock = new Promise<void>((resolve) => setTimeout(resolve, INPUT_LOCK_MS));
    try {
      const result = await register.mutateAsync({
        body: {
          ...values,
          idMovimientoFinanciero: movement?.id ?? null,
          ...(confirmDifference.current ? { confirmarDiferencia: true } : {}),
        },
        idempotencyKey,
      });
      setUnconfirmed(false);
      announce(result);
      onRegistered?.(result);
      onClose();
      return;
    } catch (error) {
      failed(error);
    }
    await minimumLock;
    busy.current = false;
    setLocked(false);
  };

  return {
    locked,
    unconfirmed,
    mismatch,
    clearMismatch,
    submit: (event?: BaseSyntheticEvent) => form.handleSubmit(save)(event),
    /** The cashier accepts the deposit's difference: the same attempt (same key) again, confirmed. */
    confirmAndResend: () => {
      confirmDifference.current = true;
      setMismatch(null);
      void form.handleSubmit(save)();
    },
    close: () => {
      if (busy.current) return;
      // The last attempt may have gone through: let the panel ask the server.
      if (unconfirmed) onRegistered?.(null);
      onClose();
    },
  };
}
