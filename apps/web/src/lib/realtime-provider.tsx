import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { connectHub, disconnectHub, reportActivity, reportPage } from './realtime';

/** User activity is reported at most this often (UpdateUserActivity). */
export const ACTIVITY_THROTTLE_MS = 30_000;

/**
 * Keeps the push-hub connection open while mounted (the signed-in layout), reports the page on
 * every navigation and user activity (click or key press), throttled to one report per 30 s.
 */
export function RealtimeProvider({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();

  useEffect(() => {
    connectHub();
    return () => disconnectHub();
  }, []);

  useEffect(() => {
    reportPage(pathname);
  }, [pathname]);

  useEffect(() => {
    let last = 0;
    const onActivity = (e: Event) => {
      const now = Date.now();
      if (now - last < ACTIVITY_THROTTLE_MS) return;
      last = now;
      const kind = e.type === 'click' ? 'click' : 'teclado';
      reportActivity(`${kind} en ${window.location.pathname}`);
    };
    document.addEventListener('click', onActivity, true);
    document.addEventListener('keydown', onActivity, true);
    return () => {
      document.removeEventListener('click', onActivity, true);
      document.removeEventListener('keydown', onActivity, true);
    };
  }, []);

  return children;
}
