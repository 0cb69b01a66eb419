import SpeedIcon from '@mui/icons-material/Speed';
import { Button, Skeleton } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { DashboardSection } from './dashboard-section';

// The charts load only when the panel is shown: the home is on the first screen.
const BandwidthDialog = lazy(() => import('../../network-stats').then((m) => ({ default: m.BandwidthDialog })));
const RouterBandwidthPanel = lazy(() =>
  import('../../network-stats').then((m) => ({ default: m.RouterBandwidthPanel })),
);

/** The dashboard's 'Ancho de banda' button: the routers' traffic (5m, 1h, 24h, 7d; 1 h by default) in a dialog. */
export function BandwidthButton() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<SpeedIcon />}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        Ancho de banda
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <BandwidthDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The admin dashboard's section with every router's traffic and the chosen router's chart. */
export function BandwidthPanel() {
  return (
    <DashboardSection title="Ancho de banda de routers">
      <Suspense fallback={<Skeleton variant="rounded" height={320} aria-label="Cargando routers" />}>
        <RouterBandwidthPanel />
      </Suspense>
    </DashboardSection>
  );
}
