import { canDo, receiptNumber, receiptSendInputSchema } from '@airlink/domain';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { useState } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';
import { useWhatsAppInstances } from '../../whatsapp';
import { useSendReceipt } from '../api/send-receipt';

const DEFAULT = '';

/**
 * 'Enviar por WhatsApp': the receipt as a PDF, by default to the contract's phone from the Cobranza
 * instance; another number or instance may be chosen. Sent only when WhatsApp accepted it.
 */
export function SendReceiptDialog({
  receiptId,
  phone,
  onClose,
}: {
  receiptId: number | null;
  phone: string;
  onClose: () => void;
}) {
  const send = useSendReceipt();
  const instances = useWhatsAppInstances();
  // Only a level that may read the directory chooses the instance; the others send from Cobranza.
  const canChoose = canDo(useSession().level, 'whatsapp.use');
  const { enqueueSnackbar } = useSnackbar();
  const [telefono, setTelefono] = useState(phone);
  const [instancia, setInstancia] = useState(DEFAULT);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    setFieldError(null);
    onClose();
  };
  const submit = async () => {
    if (receiptId === null) return;
    setError(null);
    const parsed = receiptSendInputSchema.safeParse({
      ...(telefono.trim() ? { telefono: telefono.trim() } : {}),
      ...(instancia ? { instancia } : {}),
    });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Revisa el número');
      return;
    }
    setFieldError(null);
    try {
      const sent = await send.mutateAsync({ id: receiptId, input: parsed.data });
      enqueueSnackbar(`Recibo enviado por WhatsApp al ${sent.telefono}`, { variant: 'success' });
      close();
    } catch (e) {
      setError(e instanceof ApiError && e.code !== 'network' ? e.message : 'No se pudo enviar el recibo.');
    }
  };

  return (
    <FormDialog
      open={receiptId !== null}
      title={receiptId !== null ? `Enviar recibo ${receiptNumber(receiptId)} por WhatsApp` : 'Enviar recibo'}
      onClose={close}
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
          Se envía el recibo en PDF. El mensaje queda en la conversación del cliente en WhatsApp Conversaciones.
        </Typography>
        <TextField
          label="Número de WhatsApp"
          value={telefono}
          onChange={(e) => setTelefono(e.target.value)}
          error={fieldError !== null}
          helperText={fieldError ?? 'Por omisión, el teléfono del contrato'}
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
          fullWidth
        />
        {canChoose && (
          <TextField
            select
            label="Enviar desde"
            value={instancia}
            onChange={(e) => setInstancia(e.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            fullWidth
          >
            <MenuItem value={DEFAULT}>Cobranza (predeterminada)</MenuItem>
            {(instances.data ?? []).map((i) => (
              <MenuItem key={i.instanceName} value={i.instanceName}>
                {i.department} ({i.instanceName})
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
    </FormDialog>
  );
}
