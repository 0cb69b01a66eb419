import { parseCallbackUser } from '@airlink/domain';
import { CircularProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { session } from '../../../lib/session';
import { AuthCard } from '../components/auth-card';

/** The callback waits this long on the spinner before going on (spec 000 section 2). */
export const CALLBACK_DELAY_MS = 1000;

/** /auth/callback?token=…&user=<JSON>: stores the session and goes to /dashboard after 1 s. */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Read once: the URL is replaced when the page moves on.
  const [result] = useState(() => {
    const token = params.get('token');
    const user = parseCallbackUser(params.get('user'));
    return token && user ? { token, user } : null;
  });

  useEffect(() => {
    if (!result) {
      console.error('Sign-in callback without a valid token and user');
      return;
    }
    session.set(result.token, result.user);
    const timer = setTimeout(() => void navigate('/dashboard', { replace: true }), CALLBACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [result, navigate]);

  if (!result) return <Navigate to="/login" replace />;

  return (
    <AuthCard>
      <CircularProgress sx={{ my: 2 }} aria-label="Cargando" />
      <Typography>Iniciando sesión…</Typography>
    </AuthCard>
  );
}
