import { useId, type ReactNode } from 'react';
import BedtimeOutlinedIcon from '@mui/icons-material/BedtimeOutlined';
import BoltIcon from '@mui/icons-material/Bolt';
import HistoryIcon from '@mui/icons-material/History';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import { Box, Card, Skeleton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ConnectionStats } from '@airlink/domain';

type CounterColor = 'primary' | 'success' | 'warning' | 'info';

interface CounterProps {
  label: string;
  hint: string;
  value: number | undefined;
  loading: boolean;
  icon: ReactNode;
  color: CounterColor;
}

function Counter({ label, hint, value, loading, icon, color }: CounterProps) {
  const labelId = useId();
  return (
    <Card variant="outlined" role="group" aria-labelledby={labelId} sx={{ p: { xs: 1.5, sm: 2 }, height: '100%' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box
          aria-hidden
          sx={{
            display: { xs: 'none', sm: 'flex' },
            flexShrink: 0,
            width: 44,
            height: 44,
            borderRadius: 2,
            alignItems: 'center',
            justifyContent: 'center',
            color: `${color}.main`,
            bgcolor: (theme) => alpha(theme.palette[color].main, 0.12),
          }}
        >
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={labelId} variant="body2" color="text.secondary" noWrap>
            {label}
          </Typography>
          <Typography
            component="p"
            variant="h5"
            sx={{ fontWeight: 700, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }}
          >
            {loading ? <Skeleton width={40} /> : (value ?? '—')}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {hint}
          </Typography>
        </Box>
      </Stack>
    </Card>
  );
}

export interface ConnectionCountersProps {
  stats: ConnectionStats | undefined;
  loading: boolean;
}

const COUNTERS = [
  {
    key: 'totalConnected',
    label: 'Conectados',
    hint: 'Conexiones abiertas',
    icon: <PeopleAltOutlinedIcon />,
    color: 'primary',
  },
  { key: 'activeUsers', label: 'Activos', hint: 'Menos de 5 min', icon: <BoltIcon />, color: 'success' },
  { key: 'inactiveUsers', label: 'Inactivos', hint: '5 min o más', icon: <BedtimeOutlinedIcon />, color: 'warning' },
  { key: 'recentActivity', label: 'Actividad reciente', hint: 'Últimos 15 min', icon: <HistoryIcon />, color: 'info' },
] as const satisfies ReadonlyArray<{
  key: keyof ConnectionStats;
  label: string;
  hint: string;
  icon: ReactNode;
  color: CounterColor;
}>;

/** The four counters of GET /api/ConnectedUsers/stats: four in a row, a 2 × 2 grid on phones. */
export function ConnectionCounters({ stats, loading }: ConnectionCountersProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        gap: { xs: 1, sm: 2 },
        mb: 2,
      }}
    >
      {COUNTERS.map((c) => (
        <Counter
          key={c.key}
          label={c.label}
          hint={c.hint}
          value={stats?.[c.key]}
          loading={loading}
          icon={c.icon}
          color={c.color}
        />
      ))}
    </Box>
  );
}
