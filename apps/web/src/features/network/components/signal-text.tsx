import { signalForDisplay } from '@airlink/domain';
import { Tooltip, Typography } from '@mui/material';
import { useDeviceStats } from '../api/device-stats';

/** A radio's last stored signal in a row, negated as the spec shows it ('62 dBm'); '—' without a reading. */
export function SignalText({ siteId, deviceId }: { siteId: number | null; deviceId: number }) {
  const stats = useDeviceStats(siteId, deviceId);
  const shown = signalForDisplay(stats.data?.signal);
  if (shown === null) {
    const why = stats.data?.lastError ?? (stats.isError ? 'No se pudo leer la señal guardada' : undefined);
    return why ? (
      <Tooltip title={why}>
        <Typography variant="body2" component="span" color="text.secondary">
          —
        </Typography>
      </Tooltip>
    ) : (
      <span>—</span>
    );
  }
  return <span>{shown} dBm</span>;
}
