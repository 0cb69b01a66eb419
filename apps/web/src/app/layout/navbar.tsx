import { APP_VERSION, type SessionUser } from '@airlink/domain';
import { useState } from 'react';
import { Hint } from '../../components/ui/hint';
import { LazyConfirmDialog } from '../../components/ui/lazy-confirm-dialog';
import { ShellIcon } from '../../components/ui/shell-icon';
import { NotificationBell } from '../../features/notifications';
import { useSession } from '../../lib/session-context';
import { ConnectionDot } from './connection-dot';
import { CustomerSearchBox } from './customer-search-box';
import { NavbarBreadcrumb } from './navbar-breadcrumb';
import { UserMenu } from './user-menu';

export interface NavbarProps {
  user: SessionUser;
  onMenuClick: () => void;
}

/** Top bar: breadcrumb, customer search, version, bell, push dot, user menu and sign-out. Plain CSS. */
export function Navbar({ user, onMenuClick }: NavbarProps) {
  const { logout } = useSession();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const confirmLogout = async () => {
    setLeaving(true);
    await logout();
  };

  return (
    <header className="sh-appbar">
      <div className="sh-toolbar">
        <button
          type="button"
          className="sh-icon-btn sh-edge-start sh-below-md"
          aria-label="Abrir menú"
          onClick={onMenuClick}
        >
          <ShellIcon name="Menu" />
        </button>
        <div className="sh-crumb-slot sh-from-sm">
          <NavbarBreadcrumb />
        </div>
        <div className="sh-grow sh-from-sm" />
        <CustomerSearchBox />
        <span className="sh-version sh-from-sm" aria-label={`Versión ${APP_VERSION}`}>
          v{APP_VERSION}
        </span>
        <NotificationBell />
        <ConnectionDot />
        <UserMenu user={user} onLogout={() => setConfirmOpen(true)} />
        <Hint title="Cerrar sesión" align="end">
          <button type="button" className="sh-icon-btn" aria-label="Cerrar sesión" onClick={() => setConfirmOpen(true)}>
            <ShellIcon name="Logout" />
          </button>
        </Hint>
      </div>
      <div className="sh-crumb-row sh-phone-only">
        <NavbarBreadcrumb dense />
      </div>
      <LazyConfirmDialog
        open={confirmOpen}
        title="¿Estás seguro?"
        message="Estas cerrando sesión"
        confirmText="Cerrar sesión"
        cancelText="Cancelar"
        loading={leaving}
        onConfirm={() => void confirmLogout()}
        onClose={() => setConfirmOpen(false)}
      />
    </header>
  );
}
