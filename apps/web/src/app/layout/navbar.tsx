import { APP_VERSION, type SessionUser } from '@airlink/domain';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, IconButton, Toolbar, Typography } from '@mui/material';
import { useState } from 'react';
import { Hint } from '../../components/ui/hint';
import { LazyConfirmDialog } from '../../components/ui/lazy-confirm-dialog';
import { NotificationBell } from '../../features/notifications';
import { useSession } from '../../lib/session-context';
import { ConnectionDot } from './connection-dot';
import { CustomerSearchBox } from './customer-search-box';
import { DRAWER_WIDTH } from './layout-constants';
import { NavbarBreadcrumb } from './navbar-breadcrumb';
import { UserMenu } from './user-menu';

export interface NavbarProps {
  user: SessionUser;
  onMenuClick: () => void;
}

/** Top bar: breadcrumb, customer search, version, bell, push dot, user menu and sign-out. */
export function Navbar({ user, onMenuClick }: NavbarProps) {
  const { logout } = useSession();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const confirmLogout = async () => {
    setLeaving(true);
    await logout();
  };

  return (
    <AppBar
      position="fixed"
      sx={{
        width: { md: `calc(100% - ${DRAWER_WIDTH}px)` },
        ml: { md: `${DRAWER_WIDTH}px` },
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        <IconButton edge="start" aria-label="Abrir menú" onClick={onMenuClick} sx={{ display: { md: 'none' } }}>
          <MenuIcon />
        </IconButton>
        <Box sx={{ display: { xs: 'none', sm: 'block' }, minWidth: 0, flexShrink: 1 }}>
          <NavbarBreadcrumb />
        </Box>
        <Box sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
        <CustomerSearchBox />
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: { xs: 'none', sm: 'block' }, whiteSpace: 'nowrap', px: 0.5 }}
          aria-label={`Versión ${APP_VERSION}`}
        >
          v{APP_VERSION}
        </Typography>
        <NotificationBell />
        <ConnectionDot />
        <UserMenu user={user} onLogout={() => setConfirmOpen(true)} />
        <Hint title="Cerrar sesión" align="end">
          <IconButton aria-label="Cerrar sesión" onClick={() => setConfirmOpen(true)}>
            <LogoutIcon />
          </IconButton>
        </Hint>
      </Toolbar>
      <Box sx={{ display: { xs: 'block', sm: 'none' }, px: 2, pb: 1, mt: -0.5 }}>
        <NavbarBreadcrumb dense />
      </Box>
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
    </AppBar>
  );
}
