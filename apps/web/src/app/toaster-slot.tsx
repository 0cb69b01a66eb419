import { useEffect, useState, type ComponentType } from 'react';

/** How long to wait before fetching the toaster's chunk again after a failed download (offline at start). */
export const TOASTER_RETRY_MS = 10_000;

/**
 * Mounts app/toaster.tsx (notistack) once its chunk has arrived, right after the first render; until then
 * lib/toast.ts keeps the toasts asked for. A failed download is tried again, never the app's error page.
 */
export function ToasterSlot() {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      import('./toaster').then(
        (m) => live && setToaster(() => m.default),
        () => {
          if (live) timer = setTimeout(load, TOASTER_RETRY_MS);
        },
      );
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  return Toaster ? <Toaster /> : null;
}
