import { unreadCount } from '@airlink/domain';
import { Box, Button, Divider, Popover, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { useNotifications } from '../use-notifications';
import { useOpenNotification } from '../use-open-notification';
import { NotificationBulkActions } from './notification-bulk-actions';
import { NotificationList } from './notification-list';

// The notice form (form kit, react-hook-form) comes in its own chunk, fetched with this menu's when the browser is
// idle after the shell shows (notification-bell.tsx), so the menu still opens with it when the connection drops later
// (offline is exactly when 'No hay conexión con el servidor de notificaciones' must be shown).
export const loadSendNoticeForm = () => import('./send-notice-form').then((m) => ({ default: m.SendNoticeForm }));
const SendNoticeForm = lazy(loadSendNoticeForm);

export interface NotificationMenuProps {
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The bell's menu: the latest notifications, the bulk actions, the notice form and a link to the full page. */
export function NotificationMenu({ anchor, onClose }: NotificationMenuProps) {
  const notifications = useNotifications();
  const unread = unreadCount(notifications);
  const open = useOpenNotification(onClose);
  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': 'Notificaciones',
          sx: {
            width: 400,
            maxWidth: 'calc(100vw - 16px)',
            display: 'flex',
            flexDirection: 'column',
            maxHeight: 'calc(100vh - 80px)',
          },
        },
      }}
    >
      <Box sx={{ px: 2, pt: 1.5, pb: 1, display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 700, flex: 1 }}>
          Notificaciones
          {unread > 0 && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {unread} sin leer
            </Typography>
          )}
        </Typography>
        <NotificationBulkActions unread={unread} total={notifications.length} />
      </Box>
      <Divider />
      <Box sx={{ maxHeight: 360, overflowY: 'auto', flexShrink: 1, minHeight: 0 }}>
        <NotificationList notifications={notifications} onOpen={open} compact />
      </Box>
      <Divider />
      <Suspense fallback={null}>
        <SendNoticeForm />
      </Suspense>
      <Divider />
      <Box sx={{ p: 1, textAlign: 'center' }}>
        <Button component={RouterLink} to="/dashboard/notificaciones" onClick={onClose} size="small">
          Ver todas
        </Button>
      </Box>
    </Popover>
  );
}
