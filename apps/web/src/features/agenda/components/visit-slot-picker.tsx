import { useMemo, useState } from 'react';
import { type AgendaEvent } from '@airlink/domain';
import type { EventContentArg, EventInput } from '@fullcalendar/core';
import BlockIcon from '@mui/icons-material/Block';
import CheckIcon from '@mui/icons-material/Check';
import { Alert, Box, LinearProgress, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { ErrorState } from '../../../components/ui/error-state';
import { useAgenda } from '../api/list-agenda';
import { addDays, firstBookableWeek, slotRefusal, toWall, wallClock, weekRange, weekStartOf } from '../visit-time';
import { WeekCalendar } from './week-calendar';
import { WeekToolbar } from './week-toolbar';

export interface SlotNotice {
  severity: 'warning' | 'error';
  text: string;
}

export interface VisitSlotPickerProps {
  now: Date;
  /** The slot chosen before (shown in green when coming back from the form). */
  chosen: Date | null;
  onChoose: (wall: Date) => void;
  /** A message from outside (e.g. the server refused the slot). */
  notice: SlotNotice | null;
  onNotice: (notice: SlotNotice | null) => void;
}

function TakenContent({ arg, compact }: { arg: EventContentArg; compact: boolean }) {
  const e = arg.event.extendedProps.visit as AgendaEvent | undefined;
  if (compact) {
    return (
      <Box
        title={`Ocupado${e?.nombreCliente ? ` · ${e.nombreCliente}` : ''}`}
        sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', height: '100%' }}
      >
        <BlockIcon sx={{ fontSize: 14 }} aria-label="Ocupado" />
      </Box>
    );
  }
  return (
    <Box sx={{ lineHeight: 1.25, overflow: 'hidden' }}>
      <Typography component="div" variant="caption" sx={{ fontWeight: 700, lineHeight: 1.25 }} noWrap>
        Ocupado
      </Typography>
      {e?.nombreCliente && (
        <Typography component="div" variant="caption" sx={{ lineHeight: 1.25 }} noWrap>
          {e.nombreCliente}
        </Typography>
      )}
    </Box>
  );
}

function ChosenContent({ arg, compact }: { arg: EventContentArg; compact: boolean }) {
  if (compact) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', height: '100%' }}>
        <CheckIcon sx={{ fontSize: 16 }} aria-label="Elegido" />
      </Box>
    );
  }
  return (
    <Typography component="div" variant="caption" sx={{ fontWeight: 700, lineHeight: 1.25 }} noWrap>
      {arg.event.start ? wallClock(arg.event.start) : ''} · Elegido
    </Typography>
  );
}

/**
 * Step 1 of a visit: the week of 30-minute slots with the taken ones (GET /api/agenda for the visible week).
 * A free future slot is chosen with a click; a taken, past or Sunday slot is refused with the reason.
 */
export function VisitSlotPicker({ now, chosen, onChoose, notice, onNotice }: VisitSlotPickerProps) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const firstWeek = useMemo(() => firstBookableWeek(now), [now]);
  const [weekStart, setWeekStart] = useState<Date>(() => (chosen ? weekStartOf(chosen) : firstWeek));
  const range = useMemo(() => weekRange(weekStart), [weekStart]);
  const agenda = useAgenda(range);
  const taken = useMemo(() => agenda.data ?? [], [agenda.data]);

  const events = useMemo<EventInput[]>(() => {
    const list: EventInput[] = taken.map((e) => ({
      id: String(e.id),
      start: toWall(e.fechaEvento),
      end: toWall(e.fechaFin),
      classNames: ['visit-taken'],
      extendedProps: { visit: e, kind: 'taken' },
    }));
    if (chosen) {
      list.push({
        id: 'chosen',
        start: chosen,
        end: new Date(chosen.getTime() + 30 * 60_000),
        classNames: ['visit-chosen'],
        extendedProps: { kind: 'chosen' },
      });
    }
    return list;
  }, [taken, chosen]);

  // A message about a slot no longer applies once another week shows.
  const goTo = (week: Date) => {
    setWeekStart(week);
    onNotice(null);
  };

  const pick = (wall: Date) => {
    const refusal = slotRefusal(wall, new Date(), taken);
    if (refusal) {
      onNotice({ severity: 'warning', text: refusal });
      return;
    }
    onNotice(null);
    onChoose(wall);
  };

  const clickEvent = (id: string) => {
    if (id === 'chosen' && chosen) {
      pick(chosen);
      return;
    }
    const visit = taken.find((e) => String(e.id) === id);
    if (visit) pick(toWall(visit.fechaEvento));
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        Elige un horario libre de 30 minutos (lunes a sábado, de 09:00 a 20:00). Los horarios ocupados aparecen en gris.
      </Typography>
      {notice && (
        <Alert severity={notice.severity} onClose={() => onNotice(null)}>
          {notice.text}
        </Alert>
      )}
      <Box>
        <WeekToolbar
          weekStart={weekStart}
          onPrev={() => goTo(addDays(weekStart, -7))}
          onNext={() => goTo(addDays(weekStart, 7))}
          onToday={() => goTo(firstWeek)}
          isCurrentWeek={weekStart.getTime() === firstWeek.getTime()}
          prevDisabled={weekStart.getTime() <= firstWeek.getTime()}
        />
        <Box sx={{ height: 4 }}>{agenda.isFetching && <LinearProgress aria-label="Cargando horarios" />}</Box>
        {agenda.isError ? (
          <ErrorState message="No se pudieron cargar los horarios ocupados." onRetry={() => void agenda.refetch()} />
        ) : (
          <WeekCalendar
            aria-label="Horarios de visita"
            weekStart={weekStart}
            events={events}
            now={now}
            slotHeight={34}
            shadePast
            onSlotClick={pick}
            onEventClick={clickEvent}
            renderEvent={(arg) =>
              arg.event.extendedProps.kind === 'chosen' ? (
                <ChosenContent arg={arg} compact={compact} />
              ) : (
                <TakenContent arg={arg} compact={compact} />
              )
            }
          />
        )}
      </Box>
      <Typography variant="caption" color="text.secondary">
        Horas del centro de México.
      </Typography>
    </Stack>
  );
}
