import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

export interface ShareGuardDialogProps {
  /** The server's sentence ('Se cortarían N de M contratos activos, más del 10 %…'); null when closed. */
  message: string | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Under the message (the run's progress once confirmed). */
  children?: ReactNode;
}

/** The share guard: a run that would cut more than the limit goes on only when a person confirms it. */
export function ShareGuardDialog({ message, loading, onConfirm, onClose, children }: ShareGuardDialogProps) {
  return (
    <ConfirmDialog
      open={message !== null}
      title="Confirmar corte masivo"
      message={message ?? ''}
      confirmText="Sí, cortar"
      destructive
      loading={loading}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {children}
    </ConfirmDialog>
  );
}
