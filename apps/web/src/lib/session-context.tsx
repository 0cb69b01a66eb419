import { tokenExpiry, type SessionUser } from '@airlink/domain';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { api } from './api-client';
import { disconnectHub } from './realtime';
import { session } from './session';
import { checkSession } from './session-check';
import { refreshToken } from './token-refresh';

/** The token is refreshed this long before its exp claim. */
export const REFRESH_BEFORE_EXPIRY_MS = 5 * 60_000;
/**
 * While signed in, the session is checked again this often (GET /api/usuarios): a session
 * revoked elsewhere ends, and a name or level change made by an administrator reaches the open UI.
 */
export const SESSION_RECHECK_MS = 5 * 60_000;
/** setTimeout cannot wait longer than this. */
const MAX_TIMER_MS = 2_147_000_000;

/** 'checking' while the start-up session check runs, then 'ready'. */
export type SessionStatus = 'checking' | 'ready';

interface SessionContextValue {
  status: SessionStatus;
}

const SessionContext = createContext<SessionContextValue | null>(null);

const getToken = () => session.getToken();
const getUser = () => session.getUser();
const getExitPath = () => session.exitPath();
const tabVisible = () => document.visibilityState === 'visible';

/**
 * Checks a stored session once at start (GET /api/usuarios, then a token refresh), again every
 * SESSION_RECHECK_MS while the tab is visible, and refreshes the token a few minutes before it
 * expires. A refused refresh ends the session; a refresh that could not reach the server is
 * retried by token-refresh with a backoff, keeping the session.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>(() => (session.getToken() ? 'checking' : 'ready'));
  const token = useSyncExternalStore(session.subscribe, getToken, getToken);
  const signedIn = token !== null;

  useEffect(() => {
    if (!session.getToken()) return;
    let cancelled = false;
    void checkSession().finally(() => {
      if (!cancelled) setStatus('ready');
    });
    return () => {
      cancelled = true;
    };
  }, []);

  // The periodic re-check is the one trigger for following the server while the app stays open:
  // a timer, rather than hub reconnections, because a level change does not drop the hub
  // connection. A hidden tab skips its checks; the first one missed runs when the tab is shown.
  useEffect(() => {
    if (!signedIn) return;
    let running = false;
    let missed = false;
    const run = () => {
      if (running) return;
      running = true;
      void checkSession().finally(() => {
        running = false;
      });
    };
    const timer = setInterval(() => {
      if (tabVisible()) run();
      else missed = true;
    }, SESSION_RECHECK_MS);
    const onVisibility = () => {
      if (!missed || !tabVisible()) return;
      missed = false;
      run();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [signedIn]);

  useEffect(() => {
    if (!token) return;
    const exp = tokenExpiry(token);
    if (!exp) return;
    const wait = Math.min(Math.max(exp.getTime() - Date.now() - REFRESH_BEFORE_EXPIRY_MS, 0), MAX_TIMER_MS);
    const timer = setTimeout(() => {
      void refreshToken().then((result) => {
        // 'ok' stores a new token, which schedules the next refresh through this effect;
        // 'error' is retried by token-refresh itself and keeps the session.
        if (result === 'rejected' && session.getToken() === token) session.end('/login');
      });
    }, wait);
    return () => clearTimeout(timer);
  }, [token]);

  const value = useMemo(() => ({ status }), [status]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export interface UseSession {
  user: SessionUser | null;
  /** The user's profile level (idPerfilUsuario); 0 without a session. */
  level: number;
  status: SessionStatus;
  /** Where the guard sends the browser after the session ended (null: /login). */
  exitPath: string | null;
  /** Ends the session on the server (errors ignored) and locally, then /logedout. */
  logout: () => Promise<void>;
}

export function useSession(): UseSession {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used inside <SessionProvider>');
  const user = useSyncExternalStore(session.subscribe, getUser, getUser);
  const exitPath = useSyncExternalStore(session.subscribe, getExitPath, getExitPath);
  const logout = useCallback(async () => {
    // Close the hub first so the server's own SessionEnded does not redirect with an error.
    disconnectHub();
    try {
      await api.post('/api/auth/logout', {}, { silent: true, allow401: true });
    } catch {
      // The local session ends anyway.
    }
    session.end('/logedout');
  }, []);
  return { user, level: user?.idPerfilUsuario ?? 0, status: ctx.status, exitPath, logout };
}
