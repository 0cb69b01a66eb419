import {
  DELETED_MESSAGE_TEXT,
  MESSAGE_PLACEHOLDERS,
  MESSAGE_STATUS_LABELS,
  messageTicks,
  messageTimeText,
  NO_SENDER_NAME,
  type MessageStatus,
  type WhatsAppMessage,
} from '@airlink/domain';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { businessTz } from '../../../lib/business-time';

/** WhatsApp's ticks on a message we sent: one grey (sent), two grey (delivered), two blue (read or played). */
function StatusTicks({ status }: { status: MessageStatus | null }) {
  const ticks = messageTicks(status);
  if (ticks === 'none' || !status) return null;
  const label = MESSAGE_STATUS_LABELS[status];
  const sx = { fontSize: 16, verticalAlign: 'text-bottom', ml: 0.5 };
  return (
    <Box component="span" role="img" aria-label={label} title={label} data-ticks={ticks}>
      {ticks === 'one' && <DoneIcon sx={{ ...sx, color: 'text.secondary' }} />}
      {ticks === 'two' && <DoneAllIcon sx={{ ...sx, color: 'text.secondary' }} />}
      {ticks === 'blue' && <DoneAllIcon sx={{ ...sx, color: '#34b7f1' }} />}
      {ticks === 'error' && <ErrorOutlineIcon sx={{ ...sx, color: 'error.main' }} />}
    </Box>
  );
}

/**
 * One message: the sender (default 'Sin nombre'; for ours, who sent it from AirLink), the time and the text.
 * Media show their placeholder with the caption. Text is always plain text (HTML is shown, never rendered).
 * Ours carry their delivery ticks; a message its sender deleted shows 'Mensaje eliminado' (the text stays stored).
 */
export function MessageBubble({
  message,
  now,
  department,
}: {
  message: WhatsAppMessage;
  now: Date;
  department: string;
}) {
  const mine = message.fromMe;
  // Ours: who sent it from AirLink, else the name the phone sent it with, else the department.
  const sender = mine
    ? (message.sentByName ?? (message.senderName !== NO_SENDER_NAME ? message.senderName : department))
    : message.senderName;
  const placeholder = message.type === 'text' ? null : MESSAGE_PLACEHOLDERS[message.type];
  return (
    <Stack sx={{ alignItems: mine ? 'flex-end' : 'flex-start' }}>
      <Paper
        variant="outlined"
        sx={{
          px: 1.5,
          py: 1,
          maxWidth: { xs: '92%', sm: '75%' },
          bgcolor: mine ? '#dcf8c6' : 'background.paper',
          borderColor: mine ? '#b7e4a3' : 'divider',
        }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
          <Typography variant="caption" sx={{ fontWeight: 700, color: mine ? '#1b5e20' : 'primary.main' }}>
            {sender}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
            <time dateTime={message.timestamp}>{messageTimeText(message.timestamp, now, businessTz())}</time>
            {mine && <StatusTicks status={message.status} />}
          </Typography>
        </Stack>
        <Box
          sx={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            typography: 'body2',
            maxHeight: 480,
            overflowY: 'auto',
          }}
        >
          {message.deleted ? (
            <Box component="span" sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
              {DELETED_MESSAGE_TEXT}
            </Box>
          ) : (
            <>
              {placeholder && (
                <Box component="span" sx={{ fontStyle: 'italic', color: 'text.secondary', mr: message.text ? 0.5 : 0 }}>
                  {placeholder}
                </Box>
              )}
              {message.text}
            </>
          )}
        </Box>
      </Paper>
    </Stack>
  );
}
