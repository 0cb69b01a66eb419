import SendIcon from '@mui/icons-material/Send';
import { Box, CircularProgress, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { HubError, sendMessage } from '../../../lib/realtime';

const MAX_LENGTH = 1000;

/** 'Enviar aviso': a notice to every active user through the push hub (SendMessage). */
export function SendNoticeForm() {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const { enqueueSnackbar } = useSnackbar();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const message = text.trim();
    if (!message || sending) return;
    setSending(true);
    try {
      await sendMessage({ message });
      setText('');
      enqueueSnackbar('Aviso enviado', { variant: 'success' });
    } catch (err) {
      // The hub helper already toasts some failures (disconnected, session over).
      if (!(err instanceof HubError && err.shown)) enqueueSnackbar((err as Error).message, { variant: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} sx={{ px: 2, py: 1.5 }} aria-label="Enviar aviso">
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.5, fontWeight: 600 }}>
        Enviar aviso
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          size="small"
          fullWidth
          placeholder="Aviso para todos los usuarios…"
          value={text}
          onChange={(e) => setText(e.target.value)}
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
