import GoogleIcon from '@mui/icons-material/Google';
import { Button, Typography } from '@mui/material';
import { Navigate } from 'react-router';
import { useSession } from '../../../lib/session-context';
import { AuthCard } from '../components/auth-card';
import { DevLoginList } from '../components/dev-login-list';
import { markOidcPending } from '../oidc-pending';

/** Where the browser goes to sign in with the identity provider (a navigation, not a fetch). */
export const AUTHORIZE_PATH = '/api/auth/authorize';

/**
 * /login: Google sign-in and, when the server offers it, demo sign-in. The Google link marks the
 * sign-in as started here (oidc-pending) just before the browser follows it.
 */
export function LoginPage() {
  const { user } = useSession();
  if (user) return <Navigate to="/dashboard" replace />;

  return (
    <AuthCard>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Bienvenido a AirLink
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Inicia sesión para acceder al sistema
      </Typography>
      <Button
        variant="contained"
        size="large"
        fullWidth
        startIcon={<GoogleIcon />}
        href={AUTHORIZE_PATH}
        onClick={() => markOidcPending()}
      >
        Iniciar sesión con Google
      </Button>
      <DevLoginList />
    </AuthCard>
  );
}
