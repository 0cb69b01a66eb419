import { parseSessionUser } from '@airlink/domain';
import { CircularProgress, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { session } from '../../../lib/session';
import { verifySignIn } from '../api/verify-sign-in';
import { AuthCard } from '../components/auth-card';
import { clearOidcPending, hasRecentOidcPending } from '../oidc-pending';

/** The callback shows its spinner at least this long before going on (spec 000 section 2). */
export const CALLBACK_DELAY_MS = 1000;
export const CALLBACK_PATH = '/auth/callback';
export const NOT_STARTED_HERE_MESSAGE = 'El inicio de sesión no se inició desde este navegador. Intenta de nuevo.';
export const NOT_VERIFIED_MESSAGE = 'No se pudo verificar el inicio de sesión. Intenta de nuevo.';

type Attempt = { kind: 'ok'; token: string } | { kind: 'invalid' } | { kind: 'not-started-here' };

/** Reads the query and the sign-in marker; pure, so it can run during render. */
function readAttempt(params: URLSearchParams): Attempt {
  const token = params.get('token');
  // The query's user is only checked for shape: what gets stored is the server's record.
  if (!token || !parseSessionUser(params.get('user'))) return { kind: 'invalid' };
  if (!hasRecentOidcPending()) return { kind: 'not-started-here' };
  return { kind: 'ok', token };
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

/**
 * /auth/callback?token=…&user=<JSON>, where the identity provider sign-in ends. The token is
 * accepted only when this tab started the sign-in in the last 10 minutes (oidc-pending) and the
 * server accepts it (GET /api/usuarios with it); then the server's record of the user is stored
 * and the page goes to /dashboard after at least 1 s. The token is removed from the address bar
 * and the history entry at once. Any failure goes to /login.
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  // Read once: the URL is replaced right away.
  const [attempt] = useState(() => readAttempt(params));

  useEffect(() => {
    // Keep the router's own history state; only the URL (with the token) goes.
    window.history.replaceState(window.history.state, '', CALLBACK_PATH);
    // One marker, one callback.
    clearOidcPending();
    const ctrl = new AbortController();
    const fail = (log: string, toast?: string) => {
      console.error(log);
      if (toast) enqueueSnackbar(toast, { variant: 'error' });
      void navigate('/login', { replace: true });
    };

    if (attempt.kind === 'invalid') {
      fail('Sign-in callback without a valid token and user');
    } else if (attempt.kind === 'not-started-here') {
      fail('Sign-in callback without a recent sign-in started in this tab', NOT_STARTED_HERE_MESSAGE);
    } else {
      const shown = wait(CALLBACK_DELAY_MS, ctrl.signal);
      void (async () => {
        const user = await verifySignIn(attempt.token, ctrl.signal);
        if (ctrl.signal.aborted) return;
        if (!user) {
          fail('Sign-in callback with a token the server did not accept', NOT_VERIFIED_MESSAGE);
          return;
        }
        session.set(attempt.token, user);
        await shown;
        if (!ctrl.signal.aborted) void navigate('/dashboard', { replace: true });
      })();
    }
    return () => ctrl.abort();
  }, [attempt, navigate, enqueueSnackbar]);

  return (
    <AuthCard>
      <CircularProgress sx={{ my: 2 }} aria-label="Cargando" />
      <Typography>Iniciando sesión…</Typography>
    </AuthCard>
  );
}
