import type { ReactNode } from 'react';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CableIcon from '@mui/icons-material/Cable';
import EventIcon from '@mui/icons-material/Event';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import SignalCellularAltIcon from '@mui/icons-material/SignalCellularAlt';
import WifiIcon from '@mui/icons-material/Wifi';
import { Box, Card, Skeleton, Typography } from '@mui/material';

/**
 * What the customer's radio reports (the network area feeds these). Every value is optional:
 * a tile without one shows '—'.
 */
export interface NetworkTileValues {
  /** Network (ESSID) name. */
  essid?: string | null;
  /** Download rate in kbps. */
  downloadKbps?: number | null;
  /** Upload rate in kbps. */
  uploadKbps?: number | null;
  /** Signal in dBm (already negated for display, e.g. -62). */
  signalDbm?: number | null;
  /** Link quality (CCQ) in percent. */
  qualityPct?: number | null;
  /** LAN speed as text ('100 Mbps Full', 'Unplugged'). */
  lanSpeed?: string | null;
  /** End date of the service (paid until), already formatted. */
  endDate?: string | null;
  /** Uptime as text ('3 d 4 h 26 min', domain uptimeText). */
  uptime?: string | null;
}

const num = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });
const show = (v: number | null | undefined) =>
  v === null || v === undefined || !Number.isFinite(v) ? null : num.format(v);

interface TileProps {
  label: string;
  value: string | null | undefined;
  /** Shown smaller after the value ('kbps', 'dBm', '%'). */
  unit?: string;
  icon: ReactNode;
  loading: boolean;
}

/**
 * One tile. Nothing is cut: on phones (two tiles a row) the icon gives its room to the value, and a value
 * longer than its tile (a long ESSID) wraps instead of ending in '…'.
 */
function Tile({ label, value, unit, icon, loading }: TileProps) {
  return (
    <Card
      variant="outlined"
      sx={{ p: { xs: 1.25, sm: 1.5 }, display: 'flex', gap: 1.25, alignItems: 'center', minWidth: 0 }}
    >
      <Box sx={{ color: 'primary.main', display: { xs: 'none', sm: 'flex' }, flexShrink: 0 }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="p" noWrap>
          {label}
        </Typography>
        <Typography
          variant="subtitle1"
          component="p"
          sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}
        >
          {loading ? (
            <Skeleton width={60} />
          ) : value === null || value === undefined ? (
            '—'
          ) : (
            <>
              {value}
              {unit && (
                <Typography component="span" variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {` ${unit}`}
                </Typography>
              )}
            </>
          )}
        </Typography>
      </Box>
    </Card>
  );
}

export interface NetworkTilesProps {
  values?: NetworkTileValues;
  loading?: boolean;
}

/** The panel's eight tiles (docs/business-rules.md "Screens"): four in a row, two on phones. */
export function NetworkTiles({ values = {}, loading = false }: NetworkTilesProps) {
  const tiles: Array<{ label: string; value: string | null | undefined; unit?: string; icon: ReactNode }> = [
    { label: 'Red', value: values.essid, icon: <WifiIcon /> },
    { label: 'Descarga', value: show(values.downloadKbps), unit: 'kbps', icon: <ArrowDownwardIcon /> },
    { label: 'Subida', value: show(values.uploadKbps), unit: 'kbps', icon: <ArrowUpwardIcon /> },
    { label: 'Señal', value: show(values.signalDbm), unit: 'dBm', icon: <SignalCellularAltIcon /> },
    { label: 'Calidad', value: show(values.qualityPct), unit: '%', icon: <NetworkCheckIcon /> },
    { label: 'Velocidad LAN', value: values.lanSpeed, icon: <CableIcon /> },
    { label: 'Fecha fin', value: values.endDate, icon: <EventIcon /> },
    { label: 'Tiempo activo', value: values.uptime, icon: <AccessTimeIcon /> },
  ];
  return (
    <Box
      role="group"
      aria-label="Estado del equipo"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        gap: { xs: 1, sm: 1.5 },
      }}
    >
      {tiles.map((t) => (
        <Tile key={t.label} label={t.label} value={t.value} unit={t.unit} icon={t.icon} loading={loading} />
      ))}
    </Box>
  );
}
