import { useMemo, useState } from 'react';
import { type AgendaEvent } from '@airlink/domain';
import { formatTime } from '../../../lib/business-time';
import type { EventContentArg, EventInput } from '@fullcalendar/core';
import CalendarViewWeekIcon from '@mui/icons-material/CalendarViewWeek';
import ViewListIcon from '@mui/icons-material/ViewList';
import {
  Box,
  LinearProgress,
  Paper,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useAgenda } from '../api/list-agenda';
import { AgendaList } from '../components/agenda-list';
import { WeekCalendar } from '../components/week-calendar';
import { WeekToolbar } from '../components/week-toolbar';
import { useNow } from '../../../lib/use-now';
import { addDays, toWall, weekRange, weekStartOf } from '../visit-time';

type View = 'semana' | 'lista';

const visitsText = (n: number) => `${n} ${n === 1 ? 'visita' : 'visitas'}`;

function EventContent({ arg, compact }: { arg: EventContentArg; compact: boolean }) {
  const v = arg.event.extendedProps.visit as AgendaEvent;
  if (compact) {
    return (
      <Typography
        component="div"
        variant="caption"
        title={`${formatTime(v.fechaEvento)} ${v.nombreCliente ?? ''} — ${v.titulo}`}
        sx={{ fontWeight: 700, lineHeight: 1.25, fontSize: '0.6875rem', fontVariantNumeric: 'tabular-nums' }}
      >
        {formatTime(v.fechaEvento)}
      </Typography>
    );
  }
  return (
    <Box
      sx={{ overflow: 'hidden', lineHeight: 1.25 }}
      title={`${formatTime(v.fechaEvento)} ${v.nombreCliente ?? ''} — ${v.titulo}`}
    >
      <Typography component="div" variant="caption" noWrap sx={{ lineHeight: 1.25 }}>
        <Box component="span" sx={{ fontWeight: 700, mr: 0.5, fontVariantNumeric: 'tabular-nums' }}>
          {formatTime(v.fechaEvento)}
        </Box>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {v.nombreCliente ?? 'Sin cliente'}
        </Box>
      </Typography>
      <Typography component="div" variant="caption" noWrap sx={{ lineHeight: 1.25, opacity: 0.9 }}>
        {v.titulo}
      </Typography>
    </Box>
  );
}

/**
 * Agenda (/dashboard/agenda, level 5): every technician visit of the week (GET /api/agenda for the visible
 * week) on the 30-minute calendar, or as a list on phones. A visit opens its customer's panel.
 */
export function AgendaPage() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const now = useNow(60_000); // past slots and the 'now' line
  const thisWeek = weekStartOf(toWall(now)).getTime();
  const [weekStart, setWeekStart] = useState<Date>(() => new Date(thisWeek));
  const [chosenView, setChosenView] = useState<View | null>(null);
  const view: View = chosenView ?? (phone ? 'lista' : 'semana');
  const range = useMemo(() => weekRange(weekStart), [weekStart]);
  const agenda = useAgenda(range);
  const visits = useMemo(() => agenda.data ?? [], [agenda.data]);

  const events = useMemo<EventInput[]>(
    () =>
      visits.map((v) => ({
        id: String(v.id),
        start: toWall(v.fechaEvento),
        end: toWall(v.fechaFin),
        classNames: Date.parse(v.fechaFin) < now.getTime() ? ['visit-past-event'] : [],
        extendedProps: { visit: v },
      })),
    [visits, now],
  );

  const open = (visit: AgendaEvent | undefined) => {
    if (visit?.idCliente) void navigate(`/dashboard/profile?id=${visit.idCliente}`);
  };

  return (
    <Box>
      <PageHeader
        title="Agenda"
        subtitle="Visitas técnicas de la semana, en horario del centro de México. Abre una visita para ver el panel del cliente."
      />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <WeekToolbar
          weekStart={weekStart}
          onPrev={() => setWeekStart((w) => addDays(w, -7))}
          onNext={() => setWeekStart((w) => addDays(w, 7))}
          onToday={() => setWeekStart(new Date(thisWeek))}
          isCurrentWeek={weekStart.getTime() === thisWeek}
          extra={
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              {agenda.data && (
                <Typography variant="body2" color="text.secondary" role="status" sx={{ whiteSpace: 'nowrap' }}>
                  {visitsText(visits.length)}
                </Typography>
              )}
              <ToggleButtonGroup
                exclusive
                size="small"
                value={view}
                aria-label="Vista"
                onChange={(_e, next: View | null) => {
                  if (next) setChosenView(next);
                }}
              >
                <ToggleButton value="semana" aria-label="Semana">
                  <Tooltip title="Semana">
                    <CalendarViewWeekIcon fontSize="small" />
                  </Tooltip>
                </ToggleButton>
                <ToggleButton value="lista" aria-label="Lista">
                  <Tooltip title="Lista">
                    <ViewListIcon fontSize="small" />
                  </Tooltip>
                </ToggleButton>
              </ToggleButtonGroup>
            </Box>
          }
        />
        <Box sx={{ height: 4 }}>{agenda.isFetching && <LinearProgress aria-label="Cargando agenda" />}</Box>
        {agenda.isError ? (
          <ErrorState message="No se pudo cargar la agenda." onRetry={() => void agenda.refetch()} />
        ) : view === 'lista' ? (
          <AgendaList weekStart={weekStart} events={visits} now={now} onOpen={open} />
        ) : (
          <WeekCalendar
            aria-label="Agenda de la semana"
            weekStart={weekStart}
            events={events}
            now={now}
            slotHeight={44}
            onEventClick={(id) => open(visits.find((v) => String(v.id) === id))}
            renderEvent={(arg) => <EventContent arg={arg} compact={compact} />}
          />
        )}
      </Paper>
    </Box>
  );
}
