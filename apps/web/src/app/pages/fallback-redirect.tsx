import { Navigate } from 'react-router';
import { useSession } from '../../lib/session-context';

/** Any other path: /dashboard when signed in, /login otherwise. */
export function FallbackRedirect() {
  const { user } = useSession();
  return <Navigate to={user ? '/dashboard' : '/login'} replace />;
}
