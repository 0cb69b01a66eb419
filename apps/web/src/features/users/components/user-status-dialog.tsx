import { type User } from '@airlink/domain';
import { Alert } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useUpdateUser } from '../api/update-user';

export interface UserStatusDialogProps {
  user: User;
  onClose: () => void;
}

/** Confirms 'Desactivar' (ends the user's sessions at once) or 'Reactivar' for an inactive user. */
export function UserStatusDialog({ user, onClose }: UserStatusDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const updateUser = useUpdateUser();
  const deactivate = user.activo;
  const fullName = `${user.nombre} ${user.apellidos}`.trim();

  const confirm = () => {
    updateUser.mutate(
      { id: user.id, changes: { activo: !deactivate } },
      {
        onSuccess: () => {
          enqueueSnackbar(deactivate ? 'Usuario desactivado' : 'Usuario reactivado', { variant: 'success' });
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open
      title={deactivate ? 'Desactivar usuario' : 'Reactivar usuario'}
      message={
        deactivate
          ? `${fullName} (${user.email}) ya no podrá entrar al sistema. Sus sesiones abiertas se cerrarán de inmediato.`
          : `${fullName} (${user.email}) podrá volver a entrar al sistema con su nivel ${user.idPerfilUsuario}.`
      }
      confirmText={deactivate ? 'Desactivar' : 'Reactivar'}
      destructive={deactivate}
      loading={updateUser.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {updateUser.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {updateUser.error.message}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
