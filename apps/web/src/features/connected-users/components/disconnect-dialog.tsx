import { type ConnectedUser } from '@airlink/domain';
import { Alert } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDisconnectConnection } from '../api/disconnect-connection';

export interface DisconnectDialogProps {
  connection: ConnectedUser;
  onClose: () => void;
}

/** Confirms closing one connection; that browser's session ends and the person must sign in again. */
export function DisconnectDialog({ connection, onClose }: DisconnectDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const disconnect = useDisconnectConnection();

  const confirm = () => {
    disconnect.mutate(connection.connectionId, {
      onSuccess: () => {
        enqueueSnackbar('Conexión cerrada', { variant: 'success' });
        onClose();
      },
    });
  };

  return (
    <ConfirmDialog
      open
      title={`¿Desconectar a ${connection.fullName}?`}
      message="Se cerrará esa conexión; la persona deberá volver a entrar."
      confirmText="Desconectar"
      destructive
      loading={disconnect.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {disconnect.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {disconnect.error.message}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
