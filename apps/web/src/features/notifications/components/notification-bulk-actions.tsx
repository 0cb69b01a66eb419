import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { clearNotifications, markAllNotificationsRead } from '../notification-actions';

export interface NotificationBulkActionsProps {
  unread: number;
  total: number;
  withIcons?: boolean;
}

/**
 * 'Marcar todo como leído' and 'Borrar todo' (which asks first), for the bell menu and the
 * notifications page.
 */
export function NotificationBulkActions({ unread, total, withIcons = false }: NotificationBulkActionsProps) {
  const [confirmClear, setConfirmClear] = useState(false);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      <Button
        size="small"
        startIcon={withIcons ? <DoneAllIcon /> : undefined}
        onClick={() => void markAllNotificationsRead()}
        disabled={unread === 0}
      >
        Marcar todo como leído
      </Button>
      <Button
        size="small"
        color="error"
        startIcon={withIcons ? <DeleteSweepIcon /> : undefined}
        onClick={() => setConfirmClear(true)}
        disabled={total === 0}
      >
        Borrar todo
      </Button>
      <ConfirmDialog
        open={confirmClear}
        title="¿Borrar todas las notificaciones?"
        message="Se eliminarán todas tus notificaciones. Esta acción no se puede deshacer."
        confirmText="Borrar todo"
        destructive
        onConfirm={() => {
          setConfirmClear(false);
          void clearNotifications();
        }}
        onClose={() => setConfirmClear(false)}
      />
    </Box>
  );
}
