import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Box, Button } from '@mui/material';
import { markAllNotificationsRead } from '../notification-actions';

export interface NotificationBulkActionsProps {
  unread: number;
  total: number;
  /** Asks for confirmation before clearing (the caller owns the dialog). */
  onClearRequest: () => void;
  withIcons?: boolean;
}

/** 'Marcar todo como leído' and 'Borrar todo', for the bell menu and the notifications page. */
export function NotificationBulkActions({
  unread,
  total,
  onClearRequest,
  withIcons = false,
}: NotificationBulkActionsProps) {
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
        onClick={onClearRequest}
        disabled={total === 0}
      >
        Borrar todo
      </Button>
    </Box>
  );
}
