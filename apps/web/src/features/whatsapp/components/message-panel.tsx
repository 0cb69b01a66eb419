import { MAX_WHATSAPP_TEXT, type WhatsAppConversation } from '@airlink/domain';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import HistoryIcon from '@mui/icons-material/History';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Chip, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ErrorState } from '../../../components/ui/error-state';
import { useImportHistory } from '../api/import-history';
import { useMessages } from '../api/list-messages';
import { useReply } from '../api/reply';
import { CustomerLink } from './customer-link';
import { MessageBubble } from './message-bubble';

const errorText = (e: unknown) => (e instanceof Error ? e.message : 'Error desconocido');

/** The right side of the inbox: the conversation's messages, 'Historial' and the reply box. */
export function MessagePanel({ conversation, now }: { conversation: WhatsAppConversation | null; now: Date }) {
  if (!conversation)
    return (
      <Stack spacing={1} sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', p: 4 }}>
        <ChatOutlinedIcon sx={{ fontSize: 56, color: 'text.disabled' }} />
        <Typography color="text.secondary">Selecciona una conversación</Typography>
      </Stack>
    );
  return <OpenConversation key={conversation.id} conversation={conversation} now={now} />;
}

function OpenConversation({ conversation, now }: { conversation: WhatsAppConversation; now: Date }) {
  const { enqueueSnackbar } = useSnackbar();
  const messages = useMessages(conversation.id);
  const history = useImportHistory();
  const reply = useReply();
  const [text, setText] = useState('');
  const bottom = useRef<HTMLDivElement>(null);
  const count = messages.data?.items.length ?? 0;
  const lastId = messages.data?.items.at(-1)?.id;

  // Newest message in view when the conversation opens and when one arrives.
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  const loadHistory = async () => {
    try {
      const r = await history.mutateAsync(conversation.id);
      enqueueSnackbar(
        r.imported
          ? `Historial cargado: ${r.imported} ${r.imported === 1 ? 'mensaje nuevo' : 'mensajes nuevos'}`
          : 'El historial ya estaba completo',
        { variant: 'success' },
      );
    } catch {
      // Shown in the panel below.
    }
  };

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    const body = text.trim();
    if (!body || reply.isPending) return;
    try {
      await reply.mutateAsync({ conversationId: conversation.id, text: body });
      setText('');
    } catch {
      // Shown above the box.
    }
  };

  return (
    <Stack sx={{ height: '100%', minHeight: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider', alignItems: { sm: 'center' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" noWrap sx={{ fontWeight: 600 }} title={conversation.name}>
            {conversation.name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Chip label={conversation.department} size="small" color="primary" variant="outlined" />
            <Typography variant="caption" color="text.secondary" noWrap>
              {conversation.isGroup
                ? `Grupo · ${conversation.participants.length} participantes`
                : `+${conversation.conversationId.split('@')[0]}`}
            </Typography>
          </Stack>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap', rowGap: 1 }}>
          {conversation.phone && <CustomerLink phone={conversation.phone} />}
          <Button
            size="small"
            variant="outlined"
            startIcon={history.isPending ? <CircularProgress size={16} /> : <HistoryIcon />}
            disabled={history.isPending}
            onClick={() => void loadHistory()}
          >
            Historial
          </Button>
        </Stack>
      </Stack>
      {history.isError && (
        <Alert severity="error" onClose={() => history.reset()} sx={{ m: 1 }}>
          Error al cargar el historial de mensajes: {errorText(history.error)}
        </Alert>
      )}
      <Box
        role="log"
        aria-label="Mensajes"
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 1.5, bgcolor: '#efeae2' }}
      >
        {messages.isError ? (
          <ErrorState message={errorText(messages.error)} onRetry={() => void messages.refetch()} />
        ) : messages.isPending ? (
          <Typography role="status" color="text.secondary" sx={{ textAlign: 'center', p: 2 }}>
            Cargando mensajes...
          </Typography>
        ) : (
          <Stack spacing={1}>
            {messages.data.total > count && (
              <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
                Se muestran los {count} mensajes más recientes de {messages.data.total}.
              </Typography>
            )}
            {messages.data.items.map((m) => (
              <MessageBubble key={m.id} message={m} now={now} department={conversation.department} />
            ))}
            <div ref={bottom} />
          </Stack>
        )}
      </Box>
      <Box component="form" onSubmit={(e) => void send(e)} sx={{ p: 1.5, borderTop: 1, borderColor: 'divider' }}>
        {reply.isError && (
          <Alert severity="error" onClose={() => reply.reset()} sx={{ mb: 1 }}>
            Error al enviar el mensaje: {errorText(reply.error)}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
          <TextField
            label={`Responder como ${conversation.department}`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                void send();
              }
            }}
            multiline
            maxRows={4}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { maxLength: MAX_WHATSAPP_TEXT } }}
          />
          <Button
            type="submit"
            variant="contained"
            endIcon={reply.isPending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
            disabled={!text.trim() || reply.isPending}
            sx={{ flexShrink: 0 }}
          >
            Enviar
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
