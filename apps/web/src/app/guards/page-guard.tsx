import { canSeePage, type PageDef } from '@airlink/domain';
import { type ReactNode } from 'react';
import { useSession } from '../../lib/session-context';
import { NoAccessPage } from '../pages/no-access-page';

/** A dashboard page: shown only when the user's level reaches the page's minimum, even by URL. */
export function PageGuard({ page, children }: { page: Pick<PageDef, 'minLevel'>; children: ReactNode }) {
  const { level } = useSession();
  if (!canSeePage(level, page)) return <NoAccessPage />;
  return children;
}
