import { useState } from 'react';
import { idleLazy, usePrefetchWhenIdle } from '../../lib/idle-lazy';
import type { ConfirmDialogProps } from './confirm-dialog';

const dialog = idleLazy(() => import('./confirm-dialog').then((m) => m.ConfirmDialog));

/**
 * ConfirmDialog for the shell (sign-out, the bell's bulk actions): the dialog's code is fetched when the browser is
 * idle and mounted from its first opening on, so MUI's Dialog stays out of the first screen.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  usePrefetchWhenIdle(dialog.prefetch);
  if (!used) return null;
  return <dialog.Component {...props} />;
}
