// eslint-disable-next-line no-restricted-imports -- the one place that loads notistack (its own chunk)
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import MuiScope from '../components/ui/mui-scope';
import { attachToastOutlet } from '../lib/toast';

/**
 * The app's toasts: notistack's provider, mounted beside the app (not around it) so that it can arrive in its own
 * chunk; lib/toast.ts passes it the toasts, those asked for before it arrived included.
 */
export default function Toaster() {
  useEffect(() => attachToastOutlet({ enqueueSnackbar, closeSnackbar }), []);
  return (
    <MuiScope>
      <SnackbarProvider
        maxSnack={4}
        preventDuplicate
        autoHideDuration={5000}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      />
    </MuiScope>
  );
}
