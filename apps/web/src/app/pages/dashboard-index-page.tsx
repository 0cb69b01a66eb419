import { landingPathFor } from '@airlink/domain';
import { Navigate } from 'react-router';
import { useSession } from '../../lib/session-context';
import { NoAccessPage } from './no-access-page';

/** /dashboard: the first page the level allows, in route order; none at all → 'Sin acceso'. */
export function DashboardIndexPage() {
  const { level } = useSession();
  const landing = landingPathFor(level);
  if (!landing) return <NoAccessPage />;
  return <Navigate to={landing} replace />;
}
