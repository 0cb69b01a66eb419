import {
  BANDWIDTH_WINDOWS,
  bitsToMbps,
  DEFAULT_BANDWIDTH_WINDOW,
  type BandwidthWindow,
  type RouterTrafficItem,
} from '@airlink/domain';
import RouterOutlinedIcon from '@mui/icons-material/RouterOutlined';
import { Box, Card, CardActionArea, Chip, Skeleton, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { formatDate, formatDateTime, formatTime } from '../../../lib/business-time';
import { useRouterTraffic, useRouterTrafficHistory } from '../api/get-router-traffic';

/** The panel's windows (docs/business-rules.md "Screens"), 1 h by default. */
export const BANDWIDTH_WINDOW_LABELS: Record<BandwidthWindow, string> = {
  '5m': '5 min',
  '1h': '1 h',
  '24h': '24 h',
  '7d': '7 días',
};

const mbps = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 });
const showMbps = (v: number | null) => (v === null ? 'Sin datos' : `${mbps.format(v)} Mbps`);

function RouterCard({ r, selected, onSelect }: { r: RouterTrafficItem; selected: boolean; onSelect: () => void }) {
  const offline = r.status !== 'online';
  return (
    <Card
      variant="outlined"
      sx={{ minWidth: 0, borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}
    >
      <CardActionArea onClick={onSelect} aria-pressed={selected} sx={{ p: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', minWidth: 0 }}>
          <Typography variant="subtitle2" component="h3" noWrap title={r.name}>
            {r.name}
          </Typography>
          <Chip
            size="small"
            label={r.status === 'online' ? 'En línea' : r.status === 'offline' ? 'Sin respuesta' : 'Sin leer'}
            color={r.status === 'online' ? 'success' : r.status === 'offline' ? 'error' : 'default'}
          />
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" noWrap>
          {r.hostLocation || 'Sin site'} · {r.totalConnections} PPPoE
        </Typography>
        <Typography variant="body2" component="p" sx={{ fontWeight: 700 }}>
          {r.dateLastUpdate === null
            ? 'Sin lecturas'
            : `↓ ${showMbps(bitsToMbps(r.rxBitsPerSecond))} · ↑ ${showMbps(bitsToMbps(r.txBitsPerSecond))}`}
        </Typography>
        {offline && (
          <Typography variant="caption" color="error" component="p">
            {r.dateLastUpdate ? `Visto por última vez el ${formatDateTime(r.dateLastUpdate)}` : 'Nunca se ha leído'}
            {r.lastError ? ` · ${r.lastError}` : ''}
          </Typography>
        )}
      </CardActionArea>
    </Card>
  );
}

function HistoryChart({ routerId, window, name }: { routerId: number; window: BandwidthWindow; name: string }) {
  const history = useRouterTrafficHistory(routerId, window);
  if (history.isPending) return <Skeleton variant="rounded" height={260} aria-label="Cargando gráfica" />;
  if (history.isError) return <ErrorState message={history.error.message} onRetry={() => void history.refetch()} />;
  const points = history.data.points;
  if (points.every((p) => p.rxMbps === null && p.txMbps === null)) {
    return (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        Sin lecturas de {name} en este periodo
      </Typography>
    );
  }
  const long = window === '24h' || window === '7d';
  return (
    <LineChart
      height={260}
      margin={{ left: 0, right: 8 }}
      xAxis={[
        {
          scaleType: 'point',
          data: points.map((p) => p.time),
          valueFormatter: (t: string, ctx) =>
            ctx.location === 'tooltip'
              ? formatDateTime(t)
              : long
                ? `${formatDate(t).slice(0, 5)} ${formatTime(t)}`
                : formatTime(t),
        },
      ]}
      yAxis={[{ width: 48 }]}
      series={[
        { data: points.map((p) => p.rxMbps), label: 'Descarga', showMark: false, valueFormatter: showMbps },
        { data: points.map((p) => p.txMbps), label: 'Subida', showMark: false, valueFormatter: showMbps },
      ]}
    />
  );
}

/** The routers' bandwidth (docs/business-rules.md "Screens"): each router's last reading, and the chosen one's traffic in Mbps. */
export function RouterBandwidthPanel() {
  const [window, setWindow] = useState<BandwidthWindow>(DEFAULT_BANDWIDTH_WINDOW);
  const [chosen, setChosen] = useState<number | null>(null);
  const traffic = useRouterTraffic();

  if (traffic.isPending) {
    return (
      <Box aria-label="Cargando routers">
        <Skeleton variant="rounded" height={72} sx={{ mb: 1.5 }} />
        <Skeleton variant="rounded" height={260} />
      </Box>
    );
  }
  if (traffic.isError) return <ErrorState message={traffic.error.message} onRetry={() => void traffic.refetch()} />;
  if (traffic.data.length === 0) {
    return (
      <EmptyState
        icon={<RouterOutlinedIcon sx={{ fontSize: 48 }} />}
        title="No hay routers registrados"
        description="Agrega un router en Routers para ver su tráfico."
      />
    );
  }
  const routers = traffic.data;
  const selected = routers.find((r) => r.router === chosen) ?? routers[0]!;
  return (
    <Box>
      <Box
        role="group"
        aria-label="Routers"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 1.5, mb: 2 }}
      >
        {routers.map((r) => (
          <RouterCard
            key={r.router}
            r={r}
            selected={r.router === selected.router}
            onSelect={() => setChosen(r.router)}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h3">
          Tráfico de {selected.name} (Mbps)
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={window}
          onChange={(_e, v: BandwidthWindow | null) => v && setWindow(v)}
          aria-label="Periodo"
        >
          {(Object.keys(BANDWIDTH_WINDOWS) as BandwidthWindow[]).map((k) => (
            <ToggleButton key={k} value={k}>
              {BANDWIDTH_WINDOW_LABELS[k]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <HistoryChart routerId={selected.router} window={window} name={selected.name} />
    </Box>
  );
}
