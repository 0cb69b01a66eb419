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
      <div className="sh-center">
        <span className="sh-spinner sh-spinner-large" role="progressbar" aria-label="Cargando" />
        <p style={{ margin: 0 }}>Verificando sesión…</p>
      </div>
    );
  }
  return <Outlet />;
}
