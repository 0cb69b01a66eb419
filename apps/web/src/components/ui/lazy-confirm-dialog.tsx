import { idleLazy, useOpenedOnce, usePrefetchWhenIdle } from '../../lib/idle-lazy';
import type { ConfirmDialogProps } from './confirm-dialog';

const dialog = idleLazy(() => import('./confirm-dialog').then((m) => m.ConfirmDialog));

/**
 * ConfirmDialog for the shell (sign-out, the bell's bulk actions): the dialog's code is fetched when the browser is
 * idle and mounted from its first opening on, so MUI's Dialog stays out of the first screen.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const used = useOpenedOnce(props.open);
  usePrefetchWhenIdle(dialog.prefetch);
  if (!used) return null;
  return <dialog.Component {...props} />;
}
