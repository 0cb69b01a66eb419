import { landingPathFor, SIGN_IN_CODE_PATTERN } from '@airlink/domain';
import { CircularProgress, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { session } from '../../../lib/session';
import { exchangeSignInCode } from '../api/exchange-sign-in-code';
import { AuthCard } from '../components/auth-card';
import { clearOidcPending, hasRecentOidcPending } from '../oidc-pending';

/** The callback shows its spinner at least this long before going on (docs/business-rules.md "Screens"). */
export const CALLBACK_DELAY_MS = 1000;
export const CALLBACK_PATH = '/auth/callback';
export const NOT_STARTED_HERE_MESSAGE = 'El inicio de sesión no se inició desde este navegador. Intenta de nuevo.';
export const NOT_VERIFIED_MESSAGE = 'No se pudo verificar el inicio de sesión. Intenta de nuevo.';

type Attempt = { kind: 'ok'; code: string } | { kind: 'invalid' } | { kind: 'not-started-here' };

/** Reads the query and the sign-in marker; pure, so it can run during render. */
function readAttempt(params: URLSearchParams): Attempt {
  const code = params.get('code');
  if (!code || !SIGN_IN_CODE_PATTERN.test(code)) return { kind: 'invalid' };
  if (!hasRecentOidcPending()) return { kind: 'not-started-here' };
  return { kind: 'ok', code };
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

/**
 * /auth/callback?code=…, where the identity provider sign-in ends. The server hands over a one-time
 * code (60 s, single use), never the token: it is accepted only when this tab started the sign-in
 * in the last 10 minutes (oidc-pending), and exchanged by POST for the token and the server's record
 * of the user, which are stored; then the page goes to the user's home page after at least 1 s.
 * The code is removed from the address bar and the history entry at once. Any failure goes to /login.
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  // Read once: the URL is replaced right away.
  const [attempt] = useState(() => readAttempt(params));

  useEffect(() => {
    // Keep the router's own history state; only the URL (with the code) goes.
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
      fail('Sign-in callback without a valid one-time code');
    } else if (attempt.kind === 'not-started-here') {
      fail('Sign-in callback without a recent sign-in started in this tab', NOT_STARTED_HERE_MESSAGE);
    } else {
      const shown = wait(CALLBACK_DELAY_MS, ctrl.signal);
      void (async () => {
        const result = await exchangeSignInCode(attempt.code);
        if (ctrl.signal.aborted) return;
        if (!result.ok) {
          fail('Sign-in callback with a code the server did not exchange', result.message ?? NOT_VERIFIED_MESSAGE);
          return;
        }
        session.set(result.token, result.user);
        await shown;
        if (!ctrl.signal.aborted)
          void navigate(landingPathFor(result.user.idPerfilUsuario) ?? '/dashboard', { replace: true });
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
