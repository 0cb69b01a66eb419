import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

export interface ClearNotificationsDialogProps {
  open: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before deleting every notification. */
export function ClearNotificationsDialog({ open, onConfirm, onClose }: ClearNotificationsDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title="¿Borrar todas las notificaciones?"
      message="Se eliminarán todas tus notificaciones. Esta acción no se puede deshacer."
      confirmText="Borrar todo"
      destructive
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
