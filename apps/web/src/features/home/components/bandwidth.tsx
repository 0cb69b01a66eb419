import RouterOutlinedIcon from '@mui/icons-material/RouterOutlined';
import SpeedIcon from '@mui/icons-material/Speed';
import { Box, Button, Tooltip } from '@mui/material';
import { EmptyState } from '../../../components/ui/empty-state';
import { DashboardSection } from './dashboard-section';

/** Why the bandwidth parts are not usable yet: the network module (routers) builds them. */
export const BANDWIDTH_PENDING_TEXT = 'Disponible con el módulo de red';

/**
 * The dashboard's bandwidth button. The routers' traffic (GET /api/routercontrol/monitor-traffic)
 * comes with the network module; until then the button is shown disabled and says so.
 */
export function BandwidthButton() {
  return (
    <Tooltip title={BANDWIDTH_PENDING_TEXT}>
      {/* A disabled button fires no events: the span carries the tooltip. */}
      <Box component="span" sx={{ display: 'inline-flex' }}>
        <Button variant="outlined" startIcon={<SpeedIcon />} disabled>
          Ancho de banda
        </Button>
      </Box>
    </Tooltip>
  );
}

/** Where the routers' bandwidth chart (windows 5m, 1h, 24h, 7d; 1h by default) will be. */
export function BandwidthPanel() {
  return (
    <DashboardSection title="Ancho de banda de routers">
      <EmptyState
        icon={<RouterOutlinedIcon sx={{ fontSize: 48 }} />}
        title={BANDWIDTH_PENDING_TEXT}
        description="La gráfica del tráfico de cada router (últimos 5 min, 1 h, 24 h o 7 días) llega con el módulo de red."
      />
    </DashboardSection>
  );
}
