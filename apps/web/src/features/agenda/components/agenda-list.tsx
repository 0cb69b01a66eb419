import { type AgendaEvent } from '@airlink/domain';
import { formatTime } from '../../../lib/business-time';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, List, ListItemButton, ListItemText, ListSubheader, Paper, Typography } from '@mui/material';
import { addDays, dayHeading, toWall } from '../visit-time';

export interface AgendaListProps {
  weekStart: Date;
  events: readonly AgendaEvent[];
  now: Date;
  onOpen: (event: AgendaEvent) => void;
}

const dayKey = (wall: Date) => wall.toISOString().slice(0, 10);

/** The week's visits as a list grouped by day (the phone view of the agenda); Sunday only when it has visits. */
export function AgendaList({ weekStart, events, now, onOpen }: AgendaListProps) {
  const todayKey = dayKey(toWall(now));
  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  const byDay = new Map<string, AgendaEvent[]>();
  for (const e of events) {
    const key = dayKey(toWall(e.fechaEvento));
    byDay.set(key, [...(byDay.get(key) ?? []), e]);
  }
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <List disablePadding aria-label="Visitas de la semana">
        {days
          .filter((d, i) => i < 6 || byDay.has(dayKey(d)))
          .map((day) => {
            const key = dayKey(day);
            const visits = byDay.get(key) ?? [];
            const today = key === todayKey;
            return (
              <li key={key}>
                <Box component="ul" sx={{ p: 0 }}>
                  <ListSubheader
                    sx={{
                      bgcolor: today ? 'primary.main' : 'grey.100',
                      color: today ? 'primary.contrastText' : 'text.primary',
                      lineHeight: '36px',
                      fontWeight: 600,
                      borderBottom: 1,
                      borderColor: 'divider',
                    }}
                  >
                    {dayHeading(day)}
                    {today ? ' · Hoy' : ''}
                  </ListSubheader>
                  {visits.length === 0 ? (
                    <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.25 }}>
                      Sin visitas
                    </Typography>
                  ) : (
                    visits.map((v) => (
                      <ListItemButton
                        key={v.id}
                        divider
                        onClick={() => onOpen(v)}
                        disabled={v.idCliente === null}
                        sx={{
                          alignItems: 'flex-start',
                          gap: 1.5,
                          opacity: Date.parse(v.fechaFin) < now.getTime() ? 0.7 : 1,
                        }}
                      >
                        <Box sx={{ minWidth: 52, pt: 0.25 }}>
                          <Typography variant="body2" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                            {formatTime(v.fechaEvento)}
                          </Typography>
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            sx={{ fontVariantNumeric: 'tabular-nums' }}
                          >
                            {formatTime(v.fechaFin)}
                          </Typography>
                        </Box>
                        <ListItemText
                          sx={{ my: 0 }}
                          primary={v.nombreCliente ?? 'Sin cliente'}
                          secondary={`${v.accionRealizar} · ${v.titulo}`}
                          slotProps={{
                            primary: { sx: { fontWeight: 600 } },
                            secondary: { sx: { overflowWrap: 'anywhere' } },
                          }}
                        />
                        <ChevronRightIcon sx={{ color: 'text.disabled', alignSelf: 'center' }} aria-hidden />
                      </ListItemButton>
                    ))
                  )}
                </Box>
              </li>
            );
          })}
      </List>
    </Paper>
  );
}
