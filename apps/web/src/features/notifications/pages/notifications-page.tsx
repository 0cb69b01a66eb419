import { unreadCount } from '@airlink/domain';
import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { NotificationBulkActions } from '../components/notification-bulk-actions';
import { NotificationList } from '../components/notification-list';
import { useNotifications } from '../use-notifications';
import { useOpenNotification } from '../use-open-notification';

type Filter = 'all' | 'unread';

/** /dashboard/notificaciones: every stored notification, with read, delete and clear. */
export function NotificationsPage() {
  const notifications = useNotifications();
  const unread = unreadCount(notifications);
  const [filter, setFilter] = useState<Filter>('all');
  const open = useOpenNotification();
  const shown = filter === 'unread' ? notifications.filter((n) => !n.read) : notifications;

  return (
    <Box sx={{ maxWidth: 900 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 200 }}>
          Notificaciones
        </Typography>
        <NotificationBulkActions unread={unread} total={notifications.length} withIcons />
      </Box>
      <Paper variant="outlined">
        <Tabs
          value={filter}
          onChange={(_, v: Filter) => setFilter(v)}
          sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="all" label={`Todas (${notifications.length})`} />
          <Tab value="unread" label={`No leídas (${unread})`} />
        </Tabs>
        <NotificationList
          notifications={shown}
          onOpen={open}
          emptyText={filter === 'unread' ? 'No tienes notificaciones sin leer' : 'No tienes notificaciones'}
        />
      </Paper>
    </Box>
  );
}
