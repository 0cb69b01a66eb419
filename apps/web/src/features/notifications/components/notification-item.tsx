import { type Notification } from '@airlink/domain';
import { formatDateTime } from '../../../lib/business-time';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, IconButton, ListItem, ListItemButton, Tooltip, Typography } from '@mui/material';
import { relativeTime } from '../notification-format';

export interface NotificationItemProps {
  notification: Notification;
  onOpen: (n: Notification) => void;
  onDelete: (n: Notification) => void;
  /** Bell menu: messages cut to two lines. */
  compact?: boolean;
}

/** One notification: unread dot, title in bold, message, time, delete button. */
export function NotificationItem({ notification: n, onOpen, onDelete, compact }: NotificationItemProps) {
  return (
    <ListItem
      disablePadding
      divider
      secondaryAction={
        <Tooltip title="Eliminar">
          <IconButton edge="end" size="small" aria-label="Eliminar notificación" onClick={() => onDelete(n)}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      }
      sx={{ bgcolor: n.read ? undefined : 'action.hover' }}
    >
      <ListItemButton
        onClick={() => onOpen(n)}
        sx={{ alignItems: 'flex-start', gap: 1.25, pr: 6, py: compact ? 1 : 1.5 }}
      >
        <Box
          aria-label={n.read ? undefined : 'No leída'}
          role={n.read ? undefined : 'img'}
          sx={{
            mt: 0.75,
            width: 8,
            height: 8,
            flexShrink: 0,
            borderRadius: '50%',
            bgcolor: n.read ? 'transparent' : 'primary.main',
          }}
        />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {n.user}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              overflowWrap: 'anywhere',
              whiteSpace: 'pre-line',
              ...(compact && {
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }),
            }}
          >
            {n.message}
          </Typography>
          {n.customerName && (
            <Typography variant="caption" color="primary" sx={{ display: 'block' }}>
              Cliente: {n.customerName}
            </Typography>
          )}
          <Tooltip title={formatDateTime(n.timestamp)}>
            <Typography variant="caption" color="text.secondary" component="time" dateTime={n.timestamp}>
              {relativeTime(n.timestamp)}
            </Typography>
          </Tooltip>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}
