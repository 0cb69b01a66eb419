import { type ReactNode } from 'react';
import { type SupportCounters as Counters, type SupportStatus } from '@airlink/domain';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Box, ButtonBase, Card, Skeleton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';

type CounterColor = 'primary' | 'info' | 'warning' | 'success' | 'secondary';

const COUNTERS: ReadonlyArray<{ key: SupportStatus | 'total'; label: string; icon: ReactNode; color: CounterColor }> = [
  { key: 'Abierto', label: 'Abiertos', icon: <InboxOutlinedIcon />, color: 'info' },
  { key: 'En Progreso', label: 'En progreso', icon: <HourglassTopIcon />, color: 'warning' },
  { key: 'Resuelto', label: 'Resueltos', icon: <CheckCircleOutlineIcon />, color: 'success' },
  { key: 'Cerrado', label: 'Cerrados', icon: <LockOutlinedIcon />, color: 'secondary' },
  { key: 'total', label: 'Total', icon: <ConfirmationNumberOutlinedIcon />, color: 'primary' },
];

export interface SupportCountersProps {
  counters: Counters | undefined;
  loading: boolean;
  /** The status the list is filtered by ('' = every status, the Total card is then selected). */
  selected: SupportStatus | '';
  onSelect: (estado: SupportStatus | '') => void;
}

/** Tickets per status and the total (GET /api/soporte/resumen); a card filters the list by its status. */
export function SupportCounters({ counters, loading, selected, onSelect }: SupportCountersProps) {
  return (
    <Box
      role="group"
      aria-label="Tickets por estado"
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          md: 'repeat(5, minmax(0, 1fr))',
        },
        gap: { xs: 1, sm: 2 },
        mb: 2,
      }}
    >
      {COUNTERS.map((c) => {
        const isSelected = c.key === 'total' ? selected === '' : selected === c.key;
        const value = counters?.[c.key];
        return (
          <Card
            key={c.key}
            variant="outlined"
            sx={{
              height: '100%',
              borderColor: isSelected ? `${c.color}.main` : 'divider',
              boxShadow: (theme) => (isSelected ? `inset 0 0 0 1px ${theme.palette[c.color].main}` : 'none'),
              bgcolor: (theme) => (isSelected ? alpha(theme.palette[c.color].main, 0.04) : 'background.paper'),
              // The total on its own row on phones (five cards, two columns).
              gridColumn: c.key === 'total' ? { xs: '1 / -1', sm: 'auto' } : undefined,
            }}
          >
            <ButtonBase
              aria-pressed={isSelected}
              aria-label={`${c.label}: ${value ?? '…'}`}
              onClick={() => onSelect(c.key === 'total' || isSelected ? '' : c.key)}
              sx={{
                width: '100%',
                height: '100%',
                justifyContent: 'flex-start',
                textAlign: 'left',
                p: { xs: 1.5, sm: 2 },
              }}
            >
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
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
                    color: `${c.color}.main`,
                    bgcolor: (theme) => alpha(theme.palette[c.color].main, 0.12),
                  }}
                >
                  {c.icon}
                </Box>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {c.label}
                  </Typography>
                  <Typography
                    component="p"
                    variant="h5"
                    sx={{ fontWeight: 700, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }}
                  >
                    {loading ? <Skeleton width={40} /> : (value ?? '—')}
                  </Typography>
                </Box>
              </Stack>
            </ButtonBase>
          </Card>
        );
      })}
    </Box>
  );
}
