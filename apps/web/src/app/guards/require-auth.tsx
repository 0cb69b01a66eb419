import { Box, CircularProgress, Typography } from '@mui/material';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/session-context';

/**
 * Signed-in routes: without a session, /login (or where the ended session said to go, e.g.
 * /logedout); while the start-up session check runs, a spinner.
 */
export function RequireAuth() {
  const { user, status, exitPath } = useSession();
  if (!user) return <Navigate to={exitPath ?? '/login'} replace />;
  if (status === 'checking') {
    return (
      <Box
        sx={{
          minHeight: '100dvh',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 2,
        }}
      >
        <CircularProgress aria-label="Cargando" />
        <Typography color="text.secondary">Verificando sesión…</Typography>
      </Box>
    );
  }
  return <Outlet />;
}
