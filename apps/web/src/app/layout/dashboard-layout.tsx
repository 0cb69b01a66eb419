import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { PageProgress } from '../../components/ui/page-progress';
import { NotificationsSync } from '../../features/notifications';
import { RealtimeProvider } from '../../lib/realtime-provider';
import { useSession } from '../../lib/session-context';
import { usePrefetchLikelyPages } from '../prefetch-pages';
import { Navbar } from './navbar';
import { Sidebar } from './sidebar';

/**
 * The phone's sidebar: a modal <dialog> (the browser traps the focus, Escape and the backdrop close it) that slides
 * in from the left. Kept mounted, like the permanent sidebar.
 */
function PhoneDrawer({ open, onClose, level }: { open: boolean; onClose: () => void; level: number }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="sh-drawer sh-below-md"
      aria-label="Menú"
      onClose={onClose}
      // A click on the backdrop lands on the dialog itself.
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <Sidebar level={level} onNavigate={onClose} />
    </dialog>
  );
}

/** The signed-in shell: sidebar (permanent ≥ 900 px, a drawer on phones), navbar, page, push hub. Plain CSS. */
export function DashboardLayout() {
  const { user, level } = useSession();
  const [mobileOpen, setMobileOpen] = useState(false);
  usePrefetchLikelyPages(level);
  if (!user) return null;

  return (
    <RealtimeProvider>
      <NotificationsSync />
      <div className="sh-root">
        <Navbar user={user} onMenuClick={() => setMobileOpen(true)} />
        <aside className="sh-aside">
          <div className="sh-sidebar-fixed">
            <Sidebar level={level} />
          </div>
          {/* After the permanent sidebar, as MUI's drawer (a portal at the end of the page) was. */}
          <PhoneDrawer open={mobileOpen} onClose={() => setMobileOpen(false)} level={level} />
        </aside>
        <main className="sh-main">
          <div className="sh-toolbar-space" />
          {/* Room for the breadcrumb row the navbar adds on phones. */}
          <div className="sh-crumb-space" />
          <Suspense fallback={<PageProgress />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </RealtimeProvider>
  );
}
