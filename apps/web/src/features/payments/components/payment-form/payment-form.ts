import {
  DEFAULT_PAYMENT_PLACE_ID,
  paymentCoverage,
  paymentInputSchema,
  serviceBase,
  suggestedPaymentAmount,
  type Contract,
} from '@airlink/domain';
import type { FieldErrors, Resolver, ResolverResult, UseFormSetError } from 'react-hook-form';
import type { ApiError } from '../../../../lib/api-client';
import type { PaymentBody } from '../../api/register-payment';

/** The contract fields the dialog reads. */
export type PayableContract = Pick<
  Contract,
  'id' | 'idcliente' | 'nombre' | 'monto' | 'cortado' | 'facturar' | 'fechaFin' | 'activo' | 'saldoAFavor'
>;

export interface PaymentDialogValues {
  monto: number | null;
  idCuenta: number;
  referencia: string;
  nota: string;
  reconexion: boolean;
  facturar: boolean;
  /** 'Abono (pago parcial)': an amount below one month goes to the credit balance. */
  abono: boolean;
}

type FieldName = keyof PaymentDialogValues;
const FIELDS: readonly FieldName[] = ['monto', 'idCuenta', 'referencia', 'nota', 'reconexion', 'facturar', 'abono'];

/** A new payment: the suggested amount for the contract's state, the default place, no reference. */
export function initialPaymentValues(contract: PayableContract): PaymentDialogValues {
  return {
    monto: suggestedPaymentAmount(contract.monto, contract.cortado, contract.facturar),
    idCuenta: DEFAULT_PAYMENT_PLACE_ID,
    referencia: '',
    nota: '',
    abono: false,
    reconexion: contract.cortado,
    facturar: contract.facturar,
  };
}

/**
 * The shared schema checks the form (Spanish messages); the customer id comes from the contract. The
 * server's money rule (paymentCoverage) refuses below one month without 'Abono' before anything is sent.
 */
export function paymentResolver(contract: PayableContract): Resolver<PaymentDialogValues, unknown, PaymentBody> {
  const idCliente = contract.id;
  return async (values): Promise<ResolverResult<PaymentDialogValues, PaymentBody>> => {
    if (values.monto === null) {
      return { values: {}, errors: { monto: { type: 'required', message: 'Escribe el monto del pago' } } } as const;
    }
    const parsed = paymentInputSchema.safeParse({ ...values, idCliente });
    if (parsed.success) {
      const p = parsed.data;
      const coverage = paymentCoverage({
        base: serviceBase(p.monto, contract.monto, p.reconexion, p.facturar),
        monthly: contract.monto,
        credit: contract.saldoAFavor,
        abono: p.abono,
        reconexion: p.reconexion,
      });
      if (!coverage.ok) return { values: {}, errors: { monto: { type: 'validation', message: coverage.message } } };
      return {
        values: {
          idCliente: p.idCliente,
          monto: p.monto,
          idCuenta: p.idCuenta,
          referencia: p.referencia,
          nota: p.nota,
          reconexion: p.reconexion,
          facturar: p.facturar,
          abono: p.abono,
          idMovimientoFinanciero: null,
        },
        errors: {},
      };
    }
    const errors: FieldErrors<PaymentDialogValues> = {};
    for (const issue of parsed.error.issues) {
      const field = FIELDS.find((f) => f === issue.path[0]) ?? 'monto';
      errors[field] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors };
  };
}

/** Server field errors go under their fields (the chosen movement belongs to Referencia). */
const SERVER_FIELD: Record<string, FieldName> = {
  monto: 'monto',
  idcuenta: 'idCuenta',
  referencia: 'referencia',
  idmovimientofinanciero: 'referencia',
  nota: 'nota',
  reconexion: 'reconexion',
  facturar: 'facturar',
  abono: 'abono',
};

/**
 * Puts a refusal's field `details` under their fields (the first one focused). Returns the message for
 * the whole form, or null when every detail found its field.
 */
export function placePaymentErrors(error: ApiError, setError: UseFormSetError<PaymentDialogValues>): string | null {
  let unplaced = false;
  let first = true;
  for (const [key, messages] of Object.entries(error.details ?? {})) {
    const field = SERVER_FIELD[key.toLowerCase()];
    if (field && messages.length > 0) {
      setError(field, { type: 'server', message: messages.join(' ') }, { shouldFocus: first });
      first = false;
    } else {
      unplaced = true;
    }
  }
  return first || unplaced ? error.message : null;
}
