import { suggestedPaymentAmount } from '@airlink/domain';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { PaymentBody } from '../../api/register-payment';
import type { PayableContract, PaymentDialogValues } from './payment-form';

/**
 * The amount's charge computation: it follows the suggestion for the monthly amount and the options
 * (reconnection, invoice) until the cashier types their own or takes a deposit's amount.
 */
export function usePaymentAmount(
  contract: PayableContract,
  form: UseFormReturn<PaymentDialogValues, unknown, PaymentBody>,
  reconexion: boolean,
  facturar: boolean,
) {
  const [byHand, setByHand] = useState(false);
  const { setValue } = form;
  const shouldValidate = form.formState.isSubmitted;
  const suggested = suggestedPaymentAmount(contract.monto, reconexion, facturar);

  return {
    suggested,
    byHand,
    /** The cashier typed an amount: it stays whatever the options do. */
    typed: () => setByHand(true),
    /** An option changed: the amount follows it unless typed by hand. */
    follow: (nextReconexion: boolean, nextFacturar: boolean) => {
      if (byHand) return;
      setValue('monto', suggestedPaymentAmount(contract.monto, nextReconexion, nextFacturar), { shouldValidate });
    },
    /** 'Usar sugerido': back to the suggestion, following the options again. */
    useSuggested: () => {
      setByHand(false);
      setValue('monto', suggested, { shouldValidate });
    },
    /** A deposit was chosen: its amount, kept as if typed. */
    take: (monto: number) => {
      setByHand(true);
      setValue('monto', monto, { shouldValidate });
    },
  };
}
