import { badgeText, unreadCount } from '@airlink/domain';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, Box, Button, Divider, IconButton, Popover, Tooltip, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useNotifications } from '../use-notifications';
import { useOpenNotification } from '../use-open-notification';
import { NotificationBulkActions } from './notification-bulk-actions';
import { NotificationList } from './notification-list';

// The notice form (form kit, react-hook-form) is not part of the first screen: it is fetched once the browser is
// idle after the shell shows, so the menu still opens with it when the connection drops later (offline is exactly
// when 'No hay conexión con el servidor de notificaciones' must be shown).
const loadSendNoticeForm = () => import('./send-notice-form').then((m) => ({ default: m.SendNoticeForm }));
const SendNoticeForm = lazy(loadSendNoticeForm);

function usePrefetchNoticeForm() {
  useEffect(() => {
    const prefetch = () => void loadSendNoticeForm().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(prefetch, { timeout: 5_000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(prefetch, 2_000);
    return () => window.clearTimeout(timer);
  }, []);
}

/** Navbar bell: unread badge ('9+' above 9) and the notification menu. */
export function NotificationBell() {
  const notifications = useNotifications();
  const unread = unreadCount(notifications);
  const badge = badgeText(unread);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = useCallback(() => setAnchor(null), []);
  const open = useOpenNotification(close);
  usePrefetchNoticeForm();

  return (
    <>
      <Tooltip title="Notificaciones">
        <IconButton
          color="inherit"
          aria-label={unread > 0 ? `Notificaciones: ${unread} sin leer` : 'Notificaciones'}
          aria-haspopup="true"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge badgeContent={badge} color="error" invisible={!badge} data-testid="notification-badge">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
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
          <Button component={RouterLink} to="/dashboard/notificaciones" onClick={close} size="small">
            Ver todas
          </Button>
        </Box>
      </Popover>
    </>
  );
}
