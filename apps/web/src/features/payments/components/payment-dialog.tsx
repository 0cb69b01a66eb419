import {
  DEFAULT_PAYMENT_PLACE_ID,
  formatMoney,
  paymentCoverage,
  paymentInputSchema,
  paymentPlacesFor,
  serviceBase,
  suggestedPaymentAmount,
  toCentavos,
  toPesos,
  type Contract,
  type PaymentResult,
  type PendingMovement,
} from '@airlink/domain';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar, type SnackbarKey } from 'notistack';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver, type ResolverResult } from 'react-hook-form';
import { FormDialog } from '../../../components/ui/form-dialog';
import { MoneyField } from '../../../components/ui/money-field';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';
import { useRegisterPayment, type PaymentBody } from '../api/register-payment';
import { receiptPath } from '../receipt-path';
import { PaymentSummary } from './payment-summary';
import { ReferenceField } from './reference-field';
import { dayText } from '../../../components/ui/date-text';

/** Inputs stay disabled this long after a submit (spec 000 section 4), and at least until the answer. */
export const INPUT_LOCK_MS = 1500;

/** The request got no answer (connection lost, server down): the same key makes the retry safe. */
export const UNCONFIRMED_MESSAGE =
  'No se pudo confirmar el pago. Revisa tu conexión y vuelve a intentar: no se cobrará dos veces.';

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

/**
 * The shared schema checks the form (Spanish messages); the customer id comes from the contract. The
 * server's money rule (paymentCoverage) refuses below one month without 'Abono' before anything is sent.
 */
function resolverFor(contract: PayableContract): Resolver<PaymentDialogValues, unknown, PaymentBody> {
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

/** A server-side refusal (4xx): nothing was registered. Anything else may have been. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * Opens the receipt in a new tab right after the answer. Returns false when the browser blocked the
 * tab (the caller offers a link instead). Without 'noopener' window.open tells us whether it opened.
 */
export function openReceiptTab(guid: string): boolean {
  const tab = window.open(receiptPath(guid), '_blank');
  if (!tab) return false;
  try {
    tab.opener = null;
  } catch {
    // Some browsers refuse; the receipt is our own page anyway.
  }
  return true;
}

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
 * 'Pago' on the customer panel (spec 000 section 2, "Payment dialog"): amount (suggested from the
 * monthly amount and the options, kept once typed by hand), payment place, reference with the pending
 * bank movements, note, reconnection and invoice. Each opening has its own Idempotency-Key, reused by
 * every retry, so a double click or a retry after a lost connection never charges twice. Mount it only
 * while open.
 */
export function PaymentDialog({ contract, onClose, onRegistered }: PaymentDialogProps) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const register = useRegisterPayment();
  const { level } = useSession();
  // Adjustment accounts (8, 9, 10) only from level 20; the server refuses them below.
  const places = paymentPlacesFor(level);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [resolver] = useState(() => resolverFor(contract));
  const [movement, setMovement] = useState<PendingMovement | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [locked, setLocked] = useState(false);
  // The server found the linked deposit of another amount: its message, until the cashier confirms.
  const [mismatch, setMismatch] = useState<string | null>(null);
  const confirmDifference = useRef(false);
  // Set synchronously: a second click in the same instant cannot start a second request.
  const busy = useRef(false);
  // The amount follows the options until the cashier types their own (or takes a deposit's).
  const [amountByHand, setAmountByHand] = useState(false);

  const initialOptions = { reconexion: contract.cortado, facturar: contract.facturar };
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    formState: { isSubmitted },
  } = useForm<PaymentDialogValues, unknown, PaymentBody>({
    resolver,
    defaultValues: {
      monto: suggestedPaymentAmount(contract.monto, initialOptions.reconexion, initialOptions.facturar),
      idCuenta: DEFAULT_PAYMENT_PLACE_ID,
      referencia: '',
      nota: '',
      abono: false,
      ...initialOptions,
    },
  });
  const [monto, reconexion, facturar, abono] = useWatch({
    control,
    name: ['monto', 'reconexion', 'facturar', 'abono'],
  });

  /** A change of amount, place or deposit: an earlier confirmation of a difference no longer applies. */
  const clearMismatch = () => {
    setMismatch(null);
    confirmDifference.current = false;
  };
  const suggested = suggestedPaymentAmount(contract.monto, reconexion, facturar);

  const follow = (nextReconexion: boolean, nextFacturar: boolean) => {
    if (amountByHand) return;
    setValue('monto', suggestedPaymentAmount(contract.monto, nextReconexion, nextFacturar), {
      shouldValidate: isSubmitted,
    });
  };

  const useSuggested = () => {
    setAmountByHand(false);
    setValue('monto', suggested, { shouldValidate: isSubmitted });
  };

  const chooseMovement = (m: PendingMovement) => {
    clearMismatch();
    setMovement(m);
    setValue('referencia', m.referencia);
    // The payment is registered on the deposit's account, for the deposited amount.
    setValue('idCuenta', m.idCuenta, { shouldValidate: isSubmitted });
    setAmountByHand(true);
    setValue('monto', m.monto, { shouldValidate: isSubmitted });
    clearErrors(['referencia', 'idCuenta']);
  };

  const closeSnackbarAction = (key: SnackbarKey, guid: string) => (
    <Button
      color="inherit"
      size="small"
      component="a"
      href={receiptPath(guid)}
      target="_blank"
      rel="noopener"
      onClick={() => closeSnackbar(key)}
    >
      Abrir recibo
    </Button>
  );

  const succeeded = (result: PaymentResult) => {
    if (openReceiptTab(result.guid)) {
      enqueueSnackbar('Pago registrado', { variant: 'success' });
    } else {
      enqueueSnackbar('Pago registrado. El navegador bloqueó la pestaña del recibo.', {
        variant: 'success',
        persist: true,
        action: (key) => closeSnackbarAction(key, result.guid),
      });
    }
    onRegistered?.(result);
    onClose();
  };

  const failed = (error: unknown) => {
    if (!isRefusal(error)) {
      setUnconfirmed(true);
      setFormError(UNCONFIRMED_MESSAGE);
      return;
    }
    const e = error as ApiError;
    if (e.code === 'deposit_amount_mismatch') {
      // Nothing was registered: show the difference and let the cashier confirm and resend.
      setMismatch(e.message);
      setFormError(null);
      return;
    }
    if (e.code === 'idempotency_mismatch') {
      // An earlier attempt of this opening was registered after all: the panel shows it.
      onRegistered?.(null);
    }
    if (e.code === 'movement_used') {
      setMovement(null);
      setError('referencia', { type: 'server', message: 'Ese depósito ya se usó en otro pago' });
    }
    let unplaced = false;
    let first = true;
    for (const [key, messages] of Object.entries(e.details ?? {})) {
      const field = SERVER_FIELD[key.toLowerCase()];
      if (field && messages.length > 0) {
        setError(field, { type: 'server', message: messages.join(' ') }, { shouldFocus: first });
        first = false;
      } else {
        unplaced = true;
      }
    }
    setFormError(first || unplaced ? e.message : null);
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
      succeeded(result);
      return;
    } catch (error) {
      failed(error);
    }
    await minimumLock;
    busy.current = false;
    setLocked(false);
  };

  /** The cashier accepts the deposit's difference: the same attempt (same key) again, confirmed. */
  const confirmAndResend = () => {
    confirmDifference.current = true;
    setMismatch(null);
    void handleSubmit(save)();
  };

  const close = () => {
    if (busy.current) return;
    // The last attempt may have gone through: let the panel ask the server.
    if (unconfirmed) onRegistered?.(null);
    onClose();
  };

  return (
    <FormDialog
      open
      title="Registrar pago"
      onClose={close}
      onSubmit={(event) => handleSubmit(save)(event)}
      submitText={unconfirmed ? 'Reintentar pago' : 'Registrar pago'}
      submitting={locked}
      error={formError}
    >
      <Stack spacing={2}>
        <Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
              {contract.nombre}
            </Typography>
            {contract.cortado && <Chip size="small" color="error" label="Suspendido" />}
          </Stack>
          <Typography
            variant="caption"
            component="p"
            color="text.secondary"
            sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {contract.idcliente}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Mensualidad {formatMoney(contract.monto)} · Pagado hasta {dayText(contract.fechaFin)}
            {contract.saldoAFavor > 0 && ` · Saldo a favor ${formatMoney(contract.saldoAFavor)}`}
          </Typography>
        </Box>

        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Controller
            control={control}
            name="monto"
            render={({ field, fieldState }) => (
              <MoneyField
                ref={field.ref}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(v) => {
                  setAmountByHand(true);
                  clearMismatch();
                  field.onChange(v);
                }}
                label="Monto"
                required
                fullWidth
                autoFocus
                disabled={locked}
                error={Boolean(fieldState.error)}
                helperText={
                  fieldState.error?.message ??
                  (amountByHand && monto !== suggested ? (
                    <>
                      Sugerido {formatMoney(suggested)}.{' '}
                      <Box
                        component="button"
                        type="button"
                        onClick={useSuggested}
                        disabled={locked}
                        sx={{
                          p: 0,
                          border: 0,
                          bgcolor: 'transparent',
                          color: 'primary.main',
                          font: 'inherit',
                          textDecoration: 'underline',
                          cursor: 'pointer',
                        }}
                      >
                        Usar sugerido
                      </Box>
                    </>
                  ) : (
                    'Según la mensualidad y las opciones'
                  ))
                }
              />
            )}
          />
          <Controller
            control={control}
            name="idCuenta"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Lugar de pago"
                required
                fullWidth
                name={field.name}
                inputRef={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(e) => {
                  const next = Number(e.target.value);
                  clearMismatch();
                  field.onChange(next);
                  // A deposit belongs to its account: another place lets it go.
                  if (movement && movement.idCuenta !== next) setMovement(null);
                }}
                disabled={locked}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              >
                {places.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.nombre}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Box>

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 3 }} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Controller
            control={control}
            name="reconexion"
            render={({ field }) => (
              <FormControlLabel
                label="Reconexión (+$30)"
                disabled={locked}
                control={
                  <Switch
                    name={field.name}
                    checked={field.value}
                    onBlur={field.onBlur}
                    onChange={(e) => {
                      field.onChange(e.target.checked);
                      follow(e.target.checked, facturar);
                    }}
                  />
                }
              />
            )}
          />
          <Controller
            control={control}
            name="facturar"
            render={({ field }) => (
              <FormControlLabel
                label="Factura (+16 % IVA)"
                disabled={locked}
                control={
                  <Switch
                    name={field.name}
                    checked={field.value}
                    onBlur={field.onBlur}
                    onChange={(e) => {
                      field.onChange(e.target.checked);
                      follow(reconexion, e.target.checked);
                    }}
                  />
                }
              />
            )}
          />
          <Controller
            control={control}
            name="abono"
            render={({ field }) => (
              <FormControlLabel
                label="Abono (pago parcial)"
                disabled={locked}
                control={
                  <Checkbox
                    name={field.name}
                    checked={field.value}
                    onBlur={field.onBlur}
                    onChange={(e) => {
                      field.onChange(e.target.checked);
                      if (isSubmitted) clearErrors('monto');
                    }}
                  />
                }
              />
            )}
          />
        </Stack>

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
                clearMismatch();
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

        <Controller
          control={control}
          name="nota"
          render={({ field, fieldState }) => (
            <TextField
              label="Nota (opcional)"
              fullWidth
              multiline
              minRows={1}
              maxRows={4}
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={locked}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          )}
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
        {mismatch && (
          <Alert severity="warning">
            {mismatch}
            {movement && monto !== null && (
              <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                Diferencia: {formatMoney(toPesos(toCentavos(movement.monto) - toCentavos(monto)))}
              </Box>
            )}
            <Button
              variant="outlined"
              color="warning"
              size="small"
              disabled={locked}
              onClick={confirmAndResend}
              sx={{ mt: 1 }}
            >
              Confirmar y registrar
            </Button>
          </Alert>
        )}
        {!contract.activo && (
          <Alert severity="warning">El contrato está cancelado; el servidor rechazará el pago.</Alert>
        )}
      </Stack>
    </FormDialog>
  );
}
