import type { ReactNode } from 'react';
import {
  bytesText,
  lanSpeedLabel,
  signalForDisplay,
  uptimeText,
  type Device,
  type RadioCurrentStats,
} from '@airlink/domain';
import SensorsIcon from '@mui/icons-material/Sensors';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Link,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { DateText } from '../../../components/ui/date-text';
import { useDeviceStats } from '../api/device-stats';
import { usePollDevice } from '../api/poll-device';

function Fields({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, columnGap: 2, rowGap: 0.5 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const dash = (v: ReactNode) => (v === null || v === undefined || v === '' ? '—' : v);

const number = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });

function statsRows(s: RadioCurrentStats): Array<[string, ReactNode]> {
  const signal = signalForDisplay(s.signal);
  return [
    ['Nombre en el radio', dash(s.hostname)],
    ['Modelo', dash(s.model)],
    ['Firmware', dash(s.firmware)],
    ['Señal', signal === null ? '—' : `${signal} dBm`],
    ['CCQ', s.ccq === null ? '—' : `${number.format(s.ccq)} %`],
    ['Velocidad RX inalámbrica', s.wlanRxRate === null ? '—' : `${number.format(s.wlanRxRate)} kbps`],
    ['Velocidad TX inalámbrica', s.wlanTxRate === null ? '—' : `${number.format(s.wlanTxRate)} kbps`],
    ['LAN', s.lanSpeed === null ? '—' : lanSpeedLabel(s.lanSpeed)],
    ['ESSID', dash(s.essid)],
    ['Tiempo encendido', dash(uptimeText(s.uptime))],
    ['LAN recibido', s.lanRxBytes === null ? '—' : bytesText(s.lanRxBytes)],
    ['LAN enviado', s.lanTxBytes === null ? '—' : bytesText(s.lanTxBytes)],
    ['Leído', <DateText key="t" value={s.lastStatsTime} withTime />],
  ];
}

export interface DeviceDetailsDialogProps {
  device: Device;
  siteName: string | null;
  onClose: () => void;
}

/**
 * A radio's details (docs/api-contract.md "Network: sites, routers, radios, cut on the router": guid, id, borrado, dates and idUsuario stay hidden), its last
 * stored reading and 'Sondear ahora', which reads it now: the stats only when the server says it answered.
 */
export function DeviceDetailsDialog({ device, siteName, onClose }: DeviceDetailsDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const stored = useDeviceStats(device.siteid, device.id);
  const poll = usePollDevice();
  const polled = poll.data?.ok ? poll.data.stats : null;
  const stats = polled ?? stored.data ?? null;

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="device-details-title">
      <DialogTitle id="device-details-title">Dispositivo {device.hostname || device.hwaddr}</DialogTitle>
      <DialogContent dividers>
        <Fields
          rows={[
            ['MAC', device.hwaddr],
            ['IP', dash(device.ipaddr)],
            ['Nombre', dash(device.hostname)],
            ['Site', dash(siteName ?? (device.siteid === null ? null : `#${device.siteid}`))],
            ['Producto', dash(device.product)],
            [
              'Administración',
              device.url ? (
                <Link href={device.url} target="_blank" rel="noreferrer">
                  {device.url}
                </Link>
              ) : (
                '—'
              ),
            ],
            ['Usuario', device.username || 'El del site'],
            ['Contraseña propia', device.tienePassword ? 'Sí' : 'No (la del site)'],
            ['Última respuesta', device.lastSeen ? <DateText value={device.lastSeen} withTime /> : 'Nunca'],
            ['Estado', device.online ? 'En línea' : 'Sin respuesta'],
          ]}
        />
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle2" gutterBottom>
          Estadísticas
        </Typography>
        {poll.isPending && (
          <Box role="status" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 2 }}>
            <CircularProgress size={20} />
            <span>Leyendo el radio…</span>
          </Box>
        )}
        {poll.data?.ok === true && (
          <Alert severity="success" sx={{ mb: 2 }}>
            El radio respondió: estadísticas de este momento.
          </Alert>
        )}
        {poll.data?.ok === false && (
          <Alert severity="error" sx={{ mb: 2 }}>
            <AlertTitle>El radio no respondió</AlertTitle>
            {poll.data.message}
          </Alert>
        )}
        {poll.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {poll.error.message || 'No se pudo sondear el radio.'}
          </Alert>
        )}
        {device.siteid === null && !polled ? (
          <Typography variant="body2" color="text.secondary">
            Sin site: no hay estadísticas guardadas.
          </Typography>
        ) : stored.isPending && !polled ? (
          <Typography variant="body2" color="text.secondary">
            Cargando estadísticas…
          </Typography>
        ) : stored.isError && !polled ? (
          <Alert severity="error">{stored.error.message || 'No se pudieron cargar las estadísticas.'}</Alert>
        ) : stats ? (
          <>
            {!polled && stats.lastError && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                Último intento
                {stats.lastPollAt ? (
                  <>
                    {' '}
                    (<DateText value={stats.lastPollAt} withTime />)
                  </>
                ) : null}
                : {stats.lastError}
              </Alert>
            )}
            <Fields rows={statsRows(stats)} />
          </>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button startIcon={<SensorsIcon />} onClick={() => poll.mutate(device.id)} disabled={poll.isPending}>
          Sondear ahora
        </Button>
        <Button variant="contained" onClick={onClose}>
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
