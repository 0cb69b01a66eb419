import { paymentPlacesFor, type PaymentResult, type PendingMovement } from '@airlink/domain';
import { Alert, Box, Stack } from '@mui/material';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/ui/form-dialog';
import { MoneyFormField, MultilineFormField, SelectFormField } from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { useAccounts } from '../../../lib/reference-data';
import { useSession } from '../../../lib/session-context';
import type { PaymentBody } from '../api/register-payment';
import { DepositMismatchAlert } from './payment-form/deposit-mismatch-alert';
import { PaymentContractHeader } from './payment-form/payment-contract-header';
import {
  initialPaymentValues,
  paymentResolver,
  type PayableContract,
  type PaymentDialogValues,
} from './payment-form/payment-form';
import { PaymentOptions } from './payment-form/payment-options';
import { SuggestedAmountHint } from './payment-form/suggested-amount-hint';
import { usePaymentAmount } from './payment-form/use-payment-amount';
import { usePaymentSubmit } from './payment-form/use-payment-submit';
import { PaymentSummary } from './payment-summary';
import { ReferenceField } from './reference-field';

export { UNCONFIRMED_MESSAGE } from './payment-form/use-payment-submit';

export interface PaymentDialogProps {
  contract: PayableContract;
  onClose: () => void;
  /**
   * A payment was registered (or may have been: the dialog closed after an unconfirmed attempt). The
   * panel refreshes the contract, its Pagos and Registro tabs and the search results.
   */
  onRegistered?: (result: PaymentResult | null) => void;
}

/**
 * 'Pago' on the customer panel (docs/business-rules.md "Screens"): amount (suggested from the
 * monthly amount and the options, kept once typed by hand), payment place, reference with the pending
 * bank movements, note, reconnection and invoice. Each opening has its own Idempotency-Key, reused by
 * every retry, so a double click or a retry after a lost connection never charges twice. Mount it only
 * while open. Its parts live in `./payment-form/`.
 */
export function PaymentDialog({ contract, onClose, onRegistered }: PaymentDialogProps) {
  const { level } = useSession();
  // The active accounts with Administración's names and order; adjustment accounts (8, 9, 10) only from
  // level 20 (the server refuses them below, and refuses an inactive account).
  const accounts = useAccounts();
  const places = paymentPlacesFor(level, accounts.data ?? []).map((p) => ({ value: p.id, label: p.nombre }));
  const [movement, setMovement] = useState<PendingMovement | null>(null);
  const { form, formError, setFormError } = useFormKit<PaymentDialogValues, PaymentBody>({
    resolver: paymentResolver(contract),
    defaultValues: initialPaymentValues(contract),
  });
  const { control, setValue, clearErrors } = form;
  const [monto, reconexion, facturar, abono] = useWatch({
    control,
    name: ['monto', 'reconexion', 'facturar', 'abono'],
  });
  const amount = usePaymentAmount(contract, form, reconexion, facturar);
  const send = usePaymentSubmit({
    form,
    setFormError,
    movement,
    dropMovement: () => setMovement(null),
    onRegistered,
    onClose,
  });
  const locked = send.locked;

  const chooseMovement = (m: PendingMovement) => {
    send.clearMismatch();
    setMovement(m);
    setValue('referencia', m.referencia);
    // The payment is registered on the deposit's account, for the deposited amount.
    setValue('idCuenta', m.idCuenta, { shouldValidate: form.formState.isSubmitted });
    amount.take(m.monto);
    clearErrors(['referencia', 'idCuenta']);
  };

  return (
    <FormDialog
      open
      title="Registrar pago"
      onClose={send.close}
      onSubmit={send.submit}
      submitText={send.unconfirmed ? 'Reintentar pago' : 'Registrar pago'}
      submitting={locked}
      error={formError}
    >
      <Stack spacing={2}>
        <PaymentContractHeader contract={contract} />

        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <MoneyFormField
            control={control}
            name="monto"
            label="Monto"
            required
            fullWidth
            autoFocus
            disabled={locked}
            onValueChange={() => {
              amount.typed();
              send.clearMismatch();
            }}
            helperText={
              <SuggestedAmountHint
                byHand={amount.byHand}
                monto={monto}
                suggested={amount.suggested}
                disabled={locked}
                onUseSuggested={amount.useSuggested}
              />
            }
          />
          <SelectFormField
            control={control}
            name="idCuenta"
            label="Lugar de pago"
            required
            fullWidth
            options={places}
            disabled={locked || accounts.isPending}
            invalid={accounts.isError}
            helperText={accounts.isError ? 'No se pudieron cargar los lugares de pago' : undefined}
            onValueChange={(next) => {
              send.clearMismatch();
              // A deposit belongs to its account: another place lets it go.
              if (movement && movement.idCuenta !== next) setMovement(null);
            }}
          />
        </Box>

        <PaymentOptions
          control={control}
          disabled={locked}
          reconexion={reconexion}
          facturar={facturar}
          onChargeOptions={amount.follow}
          onAbono={() => {
            if (form.formState.isSubmitted) clearErrors('monto');
          }}
        />

        <Controller
          control={control}
          name="referencia"
          render={({ field, fieldState }) => (
            <ReferenceField
              ref={field.ref}
              name={field.name}
              value={field.value}
              movement={movement}
              onTextChange={(text) => {
                send.clearMismatch();
                field.onChange(text);
                if (movement) setMovement(null);
              }}
              onChooseMovement={chooseMovement}
              onBlur={field.onBlur}
              disabled={locked}
              error={fieldState.error?.message}
            />
          )}
        />

        <MultilineFormField
          control={control}
          name="nota"
          label="Nota (opcional)"
          fullWidth
          minRows={1}
          maxRows={4}
          disabled={locked}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />

        <PaymentSummary
          monto={monto}
          monthly={contract.monto}
          paidUntil={contract.fechaFin}
          reconexion={reconexion}
          facturar={facturar}
          credit={contract.saldoAFavor}
          abono={abono}
        />
        {send.mismatch && (
          <DepositMismatchAlert
            message={send.mismatch}
            movement={movement}
            monto={monto}
            disabled={locked}
            onConfirm={send.confirmAndResend}
          />
        )}
        {!contract.activo && (
          <Alert severity="warning">El contrato está cancelado; el servidor rechazará el pago.</Alert>
        )}
      </Stack>
    </FormDialog>
  );
}
