import { byteUnitFor, signalForDisplay, type RadioSeriesMetric, type StatsInterval } from '@airlink/domain';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import { Box, Card, CardContent, Skeleton, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { formatDate, formatDateTime, formatTime } from '../../../lib/business-time';
import { useRadioSeries } from '../api/get-radio-series';
import { RadioStatusNote } from './radio-status-note';
import { useRadioReading } from './use-radio-reading';

/** The tab's interval buttons (docs/business-rules.md "Screens": Minuto, Hora, Dia, Sem). */
export const STATS_INTERVAL_LABELS: Record<StatsInterval, string> = {
  minute: 'Minuto',
  hour: 'Hora',
  day: 'Dia',
  week: 'Sem',
};

interface MetricDef {
  metric: RadioSeriesMetric;
  title: string;
  /** A fixed unit, or 'bytes': the unit that fits the series' values (B, KB, MB, GB). */
  unit: string;
  /** From the series' value to what the chart shows (docs/business-rules.md "Screens": %, dBm negated); bytes are divided by their unit. */
  show: (v: number) => number | null;
}

export const RADIO_CHARTS: readonly MetricDef[] = [
  { metric: 'lanTxBytes', title: 'LAN enviado', unit: 'bytes', show: (v) => v },
  { metric: 'lanRxBytes', title: 'LAN recibido', unit: 'bytes', show: (v) => v },
  { metric: 'ccq', title: 'Calidad (CCQ)', unit: '%', show: (v) => v },
  { metric: 'signal', title: 'Señal', unit: 'dBm', show: signalForDisplay },
];

/** A series with this few readings draws a mark on each (a line needs two neighbours to be seen). */
const FEW_READINGS = 12;

/**
 * Whether the chart marks the point at `index`: every point of a series with few readings, and any reading
 * whose neighbours are both empty (a lone reading draws no line).
 */
export function markPoint(values: ReadonlyArray<number | null>, index: number, readings: number): boolean {
  if (values[index] === null || values[index] === undefined) return false;
  if (readings <= FEW_READINGS) return true;
  return (values[index - 1] ?? null) === null && (values[index + 1] ?? null) === null;
}

const num = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 3 });

function axisLabel(time: string, interval: StatsInterval): string {
  if (interval === 'minute' || interval === 'hour') return formatTime(time);
  return formatDate(time).slice(0, 5);
}

function MetricChart({
  siteId,
  mac,
  def,
  interval,
}: {
  siteId: number;
  mac: string;
  def: MetricDef;
  interval: StatsInterval;
}) {
  const series = useRadioSeries(siteId, mac, def.metric, interval);
  const bytes = def.unit === 'bytes' ? byteUnitFor(series.data?.map((p) => p.value) ?? []) : null;
  const unit = bytes ? bytes.unit : def.unit;
  const title = series.data && series.data.some((p) => p.value !== null) ? `${def.title} (${unit})` : def.title;
  const values = (series.data ?? []).map((p) =>
    p.value === null ? null : bytes ? p.value / bytes.divisor : def.show(p.value),
  );
  const readings = values.filter((v) => v !== null).length;
  return (
    <Card variant="outlined" component="section" aria-label={def.title} sx={{ minWidth: 0 }}>
      <CardContent sx={{ pb: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        {series.isPending ? (
          <Skeleton variant="rounded" height={200} aria-label={`Cargando ${def.title}`} />
        ) : series.isError ? (
          <ErrorState message={series.error.message} onRetry={() => void series.refetch()} />
        ) : readings === 0 ? (
          <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
            Sin lecturas en este periodo
          </Typography>
        ) : (
          <LineChart
            height={220}
            margin={{ left: 0, right: 8 }}
            xAxis={[
              {
                scaleType: 'point',
                data: series.data.map((p) => p.time),
                valueFormatter: (t: string, ctx) =>
                  ctx.location === 'tooltip' ? formatDateTime(t) : axisLabel(t, interval),
              },
            ]}
            yAxis={[{ width: 56 }]}
            series={[
              {
                data: values,
                label: def.title,
                showMark: ({ index }) => markPoint(values, index, readings),
                connectNulls: false,
                valueFormatter: (v) => (v === null ? 'Sin datos' : `${num.format(v)} ${unit}`),
              },
            ]}
            hideLegend
          />
        )}
      </CardContent>
    </Card>
  );
}

/** The panel's Estadísticas tab: the radio's series (60 points per metric) at the chosen interval. */
export function RadioStatsTab({ mac }: { mac: string | null | undefined }) {
  const [interval, setInterval] = useState<StatsInterval>('minute');
  const reading = useRadioReading(mac);

  if (reading.status === 'loading') return <Skeleton variant="rounded" height={260} aria-label="Cargando radio" />;
  if (reading.status === 'no-access') {
    return (
      <EmptyState
        icon={<QueryStatsIcon sx={{ fontSize: 48 }} />}
        title="Estadísticas del equipo"
        description="Tu nivel no permite ver las lecturas de los radios."
      />
    );
  }
  if (reading.status !== 'ok') {
    return (
      <Box>
        <EmptyState icon={<QueryStatsIcon sx={{ fontSize: 48 }} />} title="Sin estadísticas del equipo" />
        <RadioStatusNote reading={reading} />
      </Box>
    );
  }
  const siteId = reading.radio.siteid!;
  const radioMac = reading.radio.hwaddr;
  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 1.5,
        }}
      >
        <Typography variant="body2" color="text.secondary">
          Radio {radioMac}
          {reading.radio.hostname ? ` · ${reading.radio.hostname}` : ''} · últimos 60 puntos
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={interval}
          onChange={(_e, v: StatsInterval | null) => v && setInterval(v)}
          aria-label="Intervalo"
        >
          {(Object.keys(STATS_INTERVAL_LABELS) as StatsInterval[]).map((k) => (
            <ToggleButton key={k} value={k}>
              {STATS_INTERVAL_LABELS[k]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          gap: 1.5,
        }}
      >
        {RADIO_CHARTS.map((def) => (
          <MetricChart key={def.metric} siteId={siteId} mac={radioMac} def={def} interval={interval} />
        ))}
      </Box>
      <RadioStatusNote reading={reading} />
    </Box>
  );
}
