import { useState } from 'react';
import { Alert } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

export interface DeleteDialogProps {
  title: string;
  message: string;
  /** Toast after the server confirmed the deletion. */
  done: string;
  remove: () => Promise<unknown>;
  pending: boolean;
  onClose: () => void;
}

/** Confirms a deletion; a refusal (e.g. 'in use') shows the server's Spanish reason and keeps the dialog open. */
export function DeleteDialog({ title, message, done, remove, pending, onClose }: DeleteDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await remove();
      enqueueSnackbar(done, { variant: 'success' });
      onClose();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'No se pudo eliminar.');
    }
  };
  return (
    <ConfirmDialog
      open
      title={title}
      message={message}
      confirmText="Eliminar"
      destructive
      loading={pending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
