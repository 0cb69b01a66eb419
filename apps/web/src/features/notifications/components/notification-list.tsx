import { type Notification } from '@airlink/domain';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { Box, List, Typography } from '@mui/material';
import { deleteNotification } from '../notification-actions';
import { NotificationItem } from './notification-item';

export interface NotificationListProps {
  notifications: readonly Notification[];
  onOpen: (n: Notification) => void;
  compact?: boolean;
  emptyText?: string;
}

/** The list the bell menu and the notifications page share, with its empty state. */
export function NotificationList({
  notifications,
  onOpen,
  compact,
  emptyText = 'No tienes notificaciones',
}: NotificationListProps) {
  if (notifications.length === 0) {
    return (
      <Box sx={{ py: compact ? 4 : 8, px: 2, textAlign: 'center', color: 'text.secondary' }}>
        <NotificationsNoneIcon sx={{ fontSize: 40, opacity: 0.6 }} />
        <Typography variant="body2">{emptyText}</Typography>
      </Box>
    );
  }
  return (
    <List disablePadding aria-label="Lista de notificaciones">
      {notifications.map((n) => (
        <NotificationItem
          key={n.id}
          notification={n}
          compact={compact}
          onOpen={onOpen}
          onDelete={(x) => void deleteNotification(x.id)}
        />
      ))}
    </List>
  );
}
