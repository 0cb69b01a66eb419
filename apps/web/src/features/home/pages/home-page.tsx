import { homeViewFor } from '@airlink/domain';
import { formatTime } from '../../../lib/business-time';
import { Box, Typography } from '@mui/material';
import { lazy, Suspense, useId, useState } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { useSession } from '../../../lib/session-context';
import { BandwidthButton } from '../components/bandwidth';
import { SummarySkeleton } from '../components/home-skeletons';
import { LivePaymentIndicator } from '../components/live-payment-indicator';
import { formatLongDay } from '../home-dates';
import { useBusinessToday } from '../use-business-today';
import { useHomeLive } from '../use-home-live';

// The views bring the Data Grid: they load with the page, not with the app's first bundle.
const AdminHome = lazy(() => import('./admin-home').then((m) => ({ default: m.AdminHome })));
const UserHome = lazy(() => import('./user-home').then((m) => ({ default: m.UserHome })));

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
  margin: '-1px',
  padding: 0,
} as const;

function greeting(hour: number): string {
  if (hour < 12) return 'Buenos días';
  if (hour < 19) return 'Buenas tardes';
  return 'Buenas noches';
}

/**
 * /dashboard/home: a greeting and the dashboard of the user's level (admin view from 20, user view
 * 10..19; the route guard keeps lower levels out). Payments pushed by the hub refresh it live.
 */
export function HomePage() {
  const { user, level } = useSession();
  const view = homeViewFor(level);
  const today = useBusinessToday();
  const live = useHomeLive();
  // The hour in the business time zone, like every date of the app.
  const [hour] = useState(() => Number(formatTime(new Date()).slice(0, 2)));
  const firstName = user?.name.split(' ')[0] ?? '';
  const viewTitleId = useId();

  if (view === 'empty') return null;
  const admin = view === 'admin';
  return (
    <Box>
      <PageHeader
        title={`${greeting(hour)}, ${firstName}`}
        subtitle={`${formatLongDay(today)} · ${admin ? 'Resumen general de AirLink' : 'Tu resumen del día'}`}
        actions={
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              alignItems: 'center',
              justifyContent: { xs: 'flex-start', sm: 'flex-end' },
              minWidth: 0,
            }}
          >
            <LivePaymentIndicator payment={live} />
            <BandwidthButton />
          </Box>
        }
      />
      <Box component="section" aria-labelledby={viewTitleId}>
        <Typography id={viewTitleId} component="h2" sx={visuallyHidden}>
          {admin ? 'Panel de administración' : 'Panel de usuario'}
        </Typography>
        <Suspense fallback={<SummarySkeleton cards={admin ? 3 : 2} grids={admin ? 4 : 0} />}>
          {admin ? <AdminHome today={today} live={live} /> : <UserHome today={today} live={live} />}
        </Suspense>
      </Box>
    </Box>
  );
}
