import { useId, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  useTheme,
  type DialogProps,
} from '@mui/material';

export interface FormDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** The form's submit handler, usually react-hook-form's `handleSubmit(save)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  submitText?: string;
  cancelText?: string;
  /** The save is running: the submit button spins, nothing can be sent twice and the dialog stays open. */
  submitting?: boolean;
  /** A message for the whole form (e.g. the server's answer), shown above the fields. */
  error?: string | null;
  /** Disables the submit button (e.g. nothing changed yet). */
  submitDisabled?: boolean;
  children: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
}

/** A dialog holding a form: Enter or the submit button sends it; full screen on phones. */
export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  submitText = 'Guardar',
  cancelText = 'Cancelar',
  submitting = false,
  error,
  submitDisabled = false,
  children,
  maxWidth = 'sm',
}: FormDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (submitting || submitDisabled) {
      event.preventDefault();
      return;
    }
    void onSubmit(event);
  };

  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
    >
      <form
        noValidate
        onSubmit={handleSubmit}
        style={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onClose} disabled={submitting} color="inherit">
            {cancelText}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={submitting || submitDisabled}
            startIcon={submitting ? <CircularProgress size={16} color="inherit" aria-label="Guardando" /> : undefined}
          >
            {submitText}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
