import { Alert, Button, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthCard } from '../components/auth-card';

/** /logedout[?error=…]: after sign-out or a refused sign-in; the reason is plain text, never HTML. */
export function LoggedOutPage() {
  const [params] = useSearchParams();
  const error = params.get('error');

  return (
    <AuthCard>
      <Typography variant="h6" component="h1" sx={{ mt: 1, mb: 2 }}>
        El usuario no existe en el sistema o no esta logueado
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2, textAlign: 'left', color: 'error.main' }} data-testid="logout-error">
          {error}
        </Alert>
      )}
      <Button variant="contained" component={RouterLink} to="/login" fullWidth size="large">
        Ir a login
      </Button>
    </AuthCard>
  );
}
