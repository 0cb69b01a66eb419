import { Box, Drawer, LinearProgress, Toolbar } from '@mui/material';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { NotificationsSync } from '../../features/notifications';
import { RealtimeProvider } from '../../lib/realtime-provider';
import { useSession } from '../../lib/session-context';
import { DRAWER_WIDTH } from './layout-constants';
import { Navbar } from './navbar';
import { Sidebar } from './sidebar';

const paperSx = { width: DRAWER_WIDTH, boxSizing: 'border-box', border: 'none' } as const;

/** The signed-in shell: sidebar (permanent ≥ md, a drawer on phones), navbar, page, push hub. */
export function DashboardLayout() {
  const { user, level } = useSession();
  const [mobileOpen, setMobileOpen] = useState(false);
  if (!user) return null;

  return (
    <RealtimeProvider>
      <NotificationsSync />
      <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
        <Navbar user={user} onMenuClick={() => setMobileOpen(true)} />
        <Box component="aside" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            ModalProps={{ keepMounted: true }}
            sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paperSx }}
          >
            <Sidebar level={level} onNavigate={() => setMobileOpen(false)} />
          </Drawer>
          <Drawer variant="permanent" open sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': paperSx }}>
            <Sidebar level={level} />
          </Drawer>
        </Box>
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
          <Toolbar />
          {/* Room for the breadcrumb row the navbar adds on phones. */}
          <Box sx={{ display: { xs: 'block', sm: 'none' }, height: 28 }} />
          <Suspense fallback={<LinearProgress aria-label="Cargando página" />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </RealtimeProvider>
  );
}
