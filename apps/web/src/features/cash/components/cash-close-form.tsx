import { useState } from 'react';
import { cashCloseInputSchema, type CashDay } from '@airlink/domain';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Alert, Box, Button, CircularProgress, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Money } from '../../../components/ui/money';
import { MoneyField } from '../../../components/ui/money-field';
import { ApiError } from '../../../lib/api-client';
import { useCloseCashDay } from '../api/close-cash-day';
import { LiveDifference } from './cash-difference';

/**
 * 'Efectivo contado' and a note; the difference shows as the cashier types. Closing asks first (afterwards
 * the office cannot register cash payments of that day) and sends POST /api/cortes-caja.
 */
export function CashCloseForm({ day, onConflict }: { day: CashDay; onConflict: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const close = useCloseCashDay();
  const [contado, setContado] = useState<number | null>(null);
  const [nota, setNota] = useState('');
  const [errors, setErrors] = useState<{ contado?: string; nota?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const parse = () =>
    cashCloseInputSchema.safeParse({ idCuenta: day.idCuenta, fecha: day.fecha, contado: contado ?? undefined, nota });

  const ask = () => {
    setFormError(null);
    const parsed = parse();
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'contado' && !next.contado)
          next.contado = contado === null ? 'Escribe el efectivo contado' : issue.message;
        else if (key === 'nota' && !next.nota) next.nota = issue.message;
        else if (!next.contado && !next.nota) setFormError(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setConfirming(true);
  };

  const submit = async () => {
    const parsed = parse();
    if (!parsed.success) return;
    try {
      await close.mutateAsync(parsed.data);
      enqueueSnackbar(`Corte de ${day.cuenta} registrado`, { variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) {
        enqueueSnackbar('Error de conexión', { variant: 'error' });
        setFormError('No se pudo conectar con el servidor. El corte no se registró; intenta de nuevo.');
      } else if (error instanceof ApiError && error.status === 409) {
        enqueueSnackbar(error.message, { variant: 'warning' });
        onConflict();
      } else if (error instanceof ApiError && error.details) {
        setErrors({ contado: error.details.contado?.join(' '), nota: error.details.nota?.join(' ') });
        setFormError(error.message);
      } else {
        setFormError(error instanceof Error ? error.message : 'No se pudo registrar el corte.');
      }
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Cerrar caja"
      onSubmit={(e) => {
        e.preventDefault();
        ask();
      }}
    >
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFormError(null)}>
          {formError}
        </Alert>
      )}
      <Stack spacing={2}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
          <MoneyField
            label="Efectivo contado"
            required
            value={contado}
            onChange={(v) => {
              setContado(v);
              if (errors.contado) setErrors((e) => ({ ...e, contado: undefined }));
            }}
            error={Boolean(errors.contado)}
            helperText={errors.contado ?? 'Billetes y monedas en caja al cerrar'}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', pb: { sm: 2.5 } }}>
            <LiveDifference esperado={day.esperado} contado={contado} />
          </Box>
        </Box>
        <TextField
          label="Nota"
          multiline
          minRows={2}
          maxRows={5}
          value={nota}
          onChange={(e) => setNota(e.target.value)}
          placeholder="Explica cualquier diferencia (opcional)"
          error={Boolean(errors.nota)}
          helperText={errors.nota}
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
        open={confirming}
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
        onConfirm={() => void submit()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
