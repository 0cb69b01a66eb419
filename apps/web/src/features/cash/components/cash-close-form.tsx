import { useState } from 'react';
import { cashCloseInputSchema, type CashCloseInput, type CashDay } from '@airlink/domain';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { MoneyFormField, MultilineFormField } from '../../../components/ui/form-fields';
import { Money } from '../../../components/ui/money';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { useCloseCashDay } from '../api/close-cash-day';
import { LiveDifference } from './cash-difference';

interface CashCloseValues {
  contado: number | null;
  nota: string;
}

/** The shared schema checks the count of this office and day (an empty count has its own message). */
function cashCloseResolver(day: CashDay): Resolver<CashCloseValues, unknown, CashCloseInput> {
  return async ({ contado, nota }) => {
    const parsed = cashCloseInputSchema.safeParse({
      idCuenta: day.idCuenta,
      fecha: day.fecha,
      contado: contado ?? undefined,
      nota,
    });
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<CashCloseValues> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (key === 'contado')
        errors.contado ??= {
          type: 'validation',
          message: contado === null ? 'Escribe el efectivo contado' : issue.message,
        };
      else if (key === 'nota') errors.nota ??= { type: 'validation', message: issue.message };
      else errors.root ??= { type: 'validation', message: issue.message } as NonNullable<typeof errors.root>;
    }
    return { values: {}, errors };
  };
}

/**
 * 'Efectivo contado' and a note; the difference shows as the cashier types. Closing asks first (afterwards
 * the office cannot register cash payments of that day) and sends POST /api/cortes-caja.
 */
export function CashCloseForm({ day, onConflict }: { day: CashDay; onConflict: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const close = useCloseCashDay();
  const { form, formError, setFormError } = useFormKit<CashCloseValues, CashCloseInput>({
    resolver: cashCloseResolver(day),
    defaultValues: { contado: null, nota: '' },
  });
  const { control } = form;
  const contado = useWatch({ control, name: 'contado' });
  // The checked close waiting for the cashier's confirmation.
  const [confirming, setConfirming] = useState<CashCloseInput | null>(null);
  const shownError = formError ?? form.formState.errors.root?.message ?? null;

  const submit = async (input: CashCloseInput) => {
    try {
      await close.mutateAsync(input);
      enqueueSnackbar(`Corte de ${day.cuenta} registrado`, { variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) {
        enqueueSnackbar('Error de conexión', { variant: 'error' });
        setFormError('No se pudo conectar con el servidor. El corte no se registró; intenta de nuevo.');
      } else if (error instanceof ApiError && error.status === 409) {
        enqueueSnackbar(error.message, { variant: 'warning' });
        onConflict();
      } else if (error instanceof ApiError && error.details) {
        applyServerErrors(error, ['contado', 'nota'], form.setError);
        setFormError(error.message);
      } else {
        setFormError(error instanceof Error ? error.message : 'No se pudo registrar el corte.');
      }
    } finally {
      setConfirming(null);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Cerrar caja"
      onSubmit={(e) => {
        setFormError(null);
        void form.handleSubmit((input) => setConfirming(input))(e);
      }}
    >
      {shownError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          onClose={() => {
            setFormError(null);
            form.clearErrors('root');
          }}
        >
          {shownError}
        </Alert>
      )}
      <Stack spacing={2}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
          <MoneyFormField
            control={control}
            name="contado"
            label="Efectivo contado"
            required
            helperText="Billetes y monedas en caja al cerrar"
          />
          <Box sx={{ display: 'flex', alignItems: 'center', pb: { sm: 2.5 } }}>
            <LiveDifference esperado={day.esperado} contado={contado} />
          </Box>
        </Box>
        <MultilineFormField
          control={control}
          name="nota"
          label="Nota"
          minRows={2}
          maxRows={5}
          placeholder="Explica cualquier diferencia (opcional)"
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={close.isPending}
            startIcon={
              close.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <LockOutlinedIcon />
            }
          >
            Cerrar caja
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title="¿Cerrar la caja?"
        message={
          <>
            Se cerrará el día de <strong>{day.cuenta}</strong> con <Money value={contado ?? 0} /> contados (se esperaban{' '}
            <Money value={day.esperado} />
            ). Después no se podrán registrar más pagos en efectivo de ese día en esta oficina.
          </>
        }
        confirmText="Cerrar caja"
        loading={close.isPending}
        onConfirm={() => confirming && void submit(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Box>
  );
}
