import { MESSAGE_PLACEHOLDERS, messageTimeText, NO_SENDER_NAME, type WhatsAppMessage } from '@airlink/domain';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { businessTz } from '../../../lib/business-time';

/**
 * One message: the sender (default 'Sin nombre'; for ours, who sent it from AirLink), the time and the text.
 * Media show their placeholder with the caption. Text is always plain text (HTML is shown, never rendered).
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
          {placeholder && (
            <Box component="span" sx={{ fontStyle: 'italic', color: 'text.secondary', mr: message.text ? 0.5 : 0 }}>
              {placeholder}
            </Box>
          )}
          {message.text}
        </Box>
      </Paper>
    </Stack>
  );
}
