import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';

/** What app/toaster.tsx hands over once notistack has loaded and its provider is mounted. */
export interface ToastOutlet {
  enqueueSnackbar: (message: SnackbarMessage, options: OptionsObject) => SnackbarKey;
  closeSnackbar: (key?: SnackbarKey) => void;
}

let outlet: ToastOutlet | null = null;
const waiting: Array<{ message: SnackbarMessage; options: OptionsObject & { key: SnackbarKey } }> = [];
let lastKey = 0;

/**
 * Shows a toast (notistack's options). notistack loads in its own chunk with app/toaster.tsx, after the first
 * screen (docs/performance.md): a toast asked for before it arrived waits here and shows when it does.
 */
export function enqueueSnackbar(message: SnackbarMessage, options: OptionsObject = {}): SnackbarKey {
  const key = options.key ?? `toast-${++lastKey}`;
  if (outlet) outlet.enqueueSnackbar(message, { ...options, key });
  else waiting.push({ message, options: { ...options, key } });
  return key;
}

/** Closes one toast, or every toast without a key; a waiting one is dropped. */
export function closeSnackbar(key?: SnackbarKey): void {
  if (outlet) {
    outlet.closeSnackbar(key);
    return;
  }
  for (let i = waiting.length - 1; i >= 0; i--)
    if (key === undefined || waiting[i]?.options.key === key) waiting.splice(i, 1);
}

const api = { enqueueSnackbar, closeSnackbar };

/** notistack's useSnackbar, without notistack in the first screen. */
export function useSnackbar(): typeof api {
  return api;
}

/** The toaster mounted: show what waited, then pass every toast on. Returns the detach. */
export function attachToastOutlet(next: ToastOutlet): () => void {
  outlet = next;
  for (const { message, options } of waiting.splice(0)) next.enqueueSnackbar(message, options);
  return () => {
    if (outlet === next) outlet = null;
  };
}
