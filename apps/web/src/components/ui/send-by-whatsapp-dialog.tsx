import { receiptSendInputSchema, type ReceiptSendInput } from '@airlink/domain';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useSnackbar } from '../../lib/toast';
import { FormDialog } from './form-dialog';

const DEFAULT_INSTANCE = '';

export interface SendByWhatsAppDialogProps {
  open: boolean;
  title: string;
  /** What is sent and from where, above the fields. */
  description: string;
  initialPhone?: string;
  /** The phone field's help while it has no error ('Vacío: el teléfono del contrato'). */
  phoneHelp: string;
  /** The message when the send failed without a Spanish reason of the server's. */
  failure: string;
  submitting: boolean;
  /** Sends the checked input; answers the phone it went to. */
  send: (input: ReceiptSendInput) => Promise<{ telefono: string }>;
  sentText: (telefono: string) => string;
  /** When given, 'Enviar desde' offers these instances beside Cobranza (the default). */
  instances?: readonly { value: string; label: string }[];
  onClose: () => void;
}

/**
 * 'Enviar por WhatsApp' of a document (a receipt, an invoice): by default to the contract's phone from the Cobranza
 * instance; another number (checked as the server checks it) or instance may be chosen. Closed only when WhatsApp
 * accepted it; a refusal stays in the dialog with the server's Spanish reason.
 */
export function SendByWhatsAppDialog(props: SendByWhatsAppDialogProps) {
  const { open, title, description, phoneHelp, failure, submitting, send, sentText, instances, onClose } = props;
  const { enqueueSnackbar } = useSnackbar();
  const [telefono, setTelefono] = useState(props.initialPhone ?? '');
  const [instancia, setInstancia] = useState(DEFAULT_INSTANCE);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    setFieldError(null);
    onClose();
  };
  const submit = async () => {
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
      const sent = await send(parsed.data);
      enqueueSnackbar(sentText(sent.telefono), { variant: 'success' });
      close();
    } catch (e) {
      setError(e instanceof ApiError && e.code !== 'network' ? e.message : failure);
    }
  };

  return (
    <FormDialog
      open={open}
      title={title}
      onClose={close}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      submitText="Enviar"
      submitting={submitting}
      error={error}
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {description}
        </Typography>
        <TextField
          label="Número de WhatsApp"
          value={telefono}
          onChange={(e) => setTelefono(e.target.value)}
          error={fieldError !== null}
          helperText={fieldError ?? phoneHelp}
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
          fullWidth
        />
        {instances && (
          <TextField
            select
            label="Enviar desde"
            value={instancia}
            onChange={(e) => setInstancia(e.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            fullWidth
          >
            <MenuItem value={DEFAULT_INSTANCE}>Cobranza (predeterminada)</MenuItem>
            {instances.map((i) => (
              <MenuItem key={i.value} value={i.value}>
                {i.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
    </FormDialog>
  );
}
