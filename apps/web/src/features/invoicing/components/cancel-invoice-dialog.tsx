import { MOTIVOS_CANCELACION, type Invoice, type MotivoCancelacion } from '@airlink/domain';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useCancelInvoice } from '../api/invoicing-api';

const MOTIVOS = Object.entries(MOTIVOS_CANCELACION) as [MotivoCancelacion, string][];

/**
 * 'Cancelar factura' (level 20) with the SAT's motive. Motive 01 needs the replacement: the number of an invoice
 * already issued, or none and the replacement is issued now for the same payment.
 */
export function CancelInvoiceDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const cancel = useCancelInvoice();
  const { enqueueSnackbar } = useSnackbar();
  const [motivo, setMotivo] = useState<MotivoCancelacion>('02');
  const [sustituta, setSustituta] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const label = `${invoice.serie}${invoice.folio ?? ''}`;

  const submit = async () => {
    setError(null);
    setFieldError(null);
    const text = sustituta.trim();
    if (motivo === '01' && text && !/^\d+$/.test(text)) {
      setFieldError('Escribe el número de la factura sustituta (solo dígitos) o déjalo vacío para emitirla ahora');
      return;
    }
    try {
      const done = await cancel.mutateAsync({
        id: invoice.id,
        motivo,
        ...(motivo === '01' && text ? { sustituta: Number(text) } : {}),
      });
      enqueueSnackbar(
        done.estado === 'cancelada'
          ? `Factura ${label} cancelada`
          : `Cancelación de ${label} en proceso: el cliente debe aceptarla en el buzón del SAT`,
        { variant: done.estado === 'cancelada' ? 'success' : 'info' },
      );
      onClose();
    } catch (e) {
      setError(e instanceof ApiError && e.code !== 'network' ? e.message : 'No se pudo cancelar la factura.');
    }
  };

  return (
    <FormDialog
      open
      title={`Cancelar factura ${label}`}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      submitText="Cancelar factura"
      cancelText="Volver"
      submitting={cancel.isPending}
      error={error}
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {invoice.nombre ?? 'Sin nombre'} · folio fiscal {invoice.uuid ?? '—'}. La cancelación se envía al SAT; las
          facturas de más de $1,000 esperan a que el cliente la acepte en su buzón tributario.
        </Typography>
        <TextField
          select
          label="Motivo de cancelación (SAT)"
          value={motivo}
          onChange={(e) => setMotivo(e.target.value as MotivoCancelacion)}
          fullWidth
        >
          {MOTIVOS.map(([clave, nombre]) => (
            <MenuItem key={clave} value={clave}>
              {clave} · {nombre}
            </MenuItem>
          ))}
        </TextField>
        {motivo === '01' && (
          <TextField
            label="Factura sustituta (número interno)"
            value={sustituta}
            onChange={(e) => setSustituta(e.target.value)}
            error={fieldError !== null}
            helperText={
              fieldError ??
              'La factura válida que la reemplaza; vacío: se emite ahora una nueva para el mismo pago, relacionada con esta'
            }
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            fullWidth
          />
        )}
      </Stack>
    </FormDialog>
  );
}
