import SendIcon from '@mui/icons-material/Send';
import { Box, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { TextFormField } from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { HubError, sendMessage } from '../../../lib/realtime';

const MAX_LENGTH = 1000;

/** 'Enviar aviso': a notice to every active user through the push hub (SendMessage). */
export function SendNoticeForm() {
  const { form } = useFormKit<{ text: string }>({ defaultValues: { text: '' } });
  const text = useWatch({ control: form.control, name: 'text' });
  const [sending, setSending] = useState(false);
  const { enqueueSnackbar } = useSnackbar();

  const submit = async ({ text: typed }: { text: string }) => {
    const message = typed.trim();
    if (!message || sending) return;
    setSending(true);
    try {
      await sendMessage({ message });
      form.reset({ text: '' });
      enqueueSnackbar('Aviso enviado', { variant: 'success' });
    } catch (err) {
      // The hub helper already toasts some failures (disconnected, session over).
      if (!(err instanceof HubError && err.shown)) enqueueSnackbar((err as Error).message, { variant: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Box component="form" onSubmit={form.handleSubmit(submit)} sx={{ px: 2, py: 1.5 }} aria-label="Enviar aviso">
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.5, fontWeight: 600 }}>
        Enviar aviso
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextFormField
          control={form.control}
          name="text"
          size="small"
          fullWidth
          placeholder="Aviso para todos los usuarios…"
          disabled={sending}
          slotProps={{ htmlInput: { maxLength: MAX_LENGTH, 'aria-label': 'Texto del aviso' } }}
        />
        <Tooltip title="Enviar aviso">
          <span>
            <IconButton type="submit" color="primary" aria-label="Enviar aviso" disabled={sending || !text.trim()}>
              {sending ? <CircularProgress size={20} /> : <SendIcon />}
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}
