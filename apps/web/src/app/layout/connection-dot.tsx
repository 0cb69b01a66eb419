import { Box } from '@mui/material';
import { Hint } from '../../components/ui/hint';
import { useHubState } from '../../lib/use-realtime';

/** Push-connection indicator: green when connected to the hub, red when not. */
export function ConnectionDot() {
  const connected = useHubState() === 'connected';
  const label = connected ? 'Conectado a notificaciones' : 'Sin conexión a notificaciones';
  return (
    <Hint title={label}>
      <Box
        role="status"
        aria-label={label}
        tabIndex={0}
        sx={{
          width: 12,
          height: 12,
          mx: 0.75,
          flexShrink: 0,
          borderRadius: '50%',
          bgcolor: connected ? 'success.main' : 'error.main',
          boxShadow: (t) => `0 0 0 3px ${connected ? t.palette.success.light : t.palette.error.light}55`,
        }}
      />
    </Hint>
  );
}
