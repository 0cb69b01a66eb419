import { receiptSendInputSchema, type Invoice } from '@airlink/domain';
import { Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useSendInvoice } from '../api/invoicing-api';

/** 'Enviar por WhatsApp': the invoice's PDF and XML, by default to the contract's phone from Cobranza. */
export function SendInvoiceDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const send = useSendInvoice();
  const { enqueueSnackbar } = useSnackbar();
  const [telefono, setTelefono] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const label = `${invoice.serie}${invoice.folio ?? ''}`;

  const submit = async () => {
    setError(null);
    const parsed = receiptSendInputSchema.safeParse(telefono.trim() ? { telefono: telefono.trim() } : {});
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Revisa el número');
      return;
    }
    setFieldError(null);
    try {
      const sent = await send.mutateAsync({ id: invoice.id, input: parsed.data });
      enqueueSnackbar(`Factura ${label} enviada por WhatsApp al ${sent.telefono}`, { variant: 'success' });
      onClose();
    } catch (e) {
      setError(e instanceof ApiError && e.code !== 'network' ? e.message : 'No se pudo enviar la factura.');
    }
  };

  return (
    <FormDialog
      open
      title={`Enviar factura ${label} por WhatsApp`}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      submitText="Enviar"
      submitting={send.isPending}
      error={error}
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          Se envían el PDF y el XML desde la instancia de Cobranza. Los mensajes quedan en la conversación del cliente.
        </Typography>
        <TextField
          label="Número de WhatsApp"
          value={telefono}
          onChange={(e) => setTelefono(e.target.value)}
          error={fieldError !== null}
          helperText={fieldError ?? 'Vacío: el teléfono del contrato'}
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
          fullWidth
        />
      </Stack>
    </FormDialog>
  );
}
