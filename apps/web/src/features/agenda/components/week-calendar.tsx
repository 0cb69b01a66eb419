import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { VISIT_DAY_END, VISIT_DAY_START } from '@airlink/domain';
import esLocale from '@fullcalendar/core/locales/es';
import type { DayHeaderContentArg, EventContentArg, EventInput } from '@fullcalendar/core';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Box, Typography } from '@mui/material';
import { addDays, toWall } from '../visit-time';
import { calendarSx } from './calendar-styles';

const PLUGINS = [timeGridPlugin, interactionPlugin];
const HIDDEN_DAYS = [0];
const SLOT_LABEL_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
const weekday = new Intl.DateTimeFormat('es-MX', { weekday: 'short', timeZone: 'UTC' });

function DayHeader({ arg }: { arg: DayHeaderContentArg }) {
  const name = weekday.format(arg.date).replace('.', '');
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: 'center',
        justifyContent: 'center',
        gap: { xs: 0, sm: 0.75 },
      }}
    >
      <Typography
        component="span"
        variant="caption"
        sx={{ textTransform: 'capitalize', color: 'text.secondary', fontWeight: 600 }}
      >
        {name}
      </Typography>
      <Box
        component="span"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          minWidth: 26,
          height: 26,
          borderRadius: '13px',
          fontWeight: 700,
          fontSize: '0.875rem',
          bgcolor: arg.isToday ? 'primary.main' : 'transparent',
          color: arg.isToday ? 'primary.contrastText' : 'text.primary',
        }}
      >
        {arg.date.getUTCDate()}
      </Box>
    </Box>
  );
}

export interface WeekCalendarProps {
  /** Monday 00:00 of the week to show, as a wall time (visit-time.ts). */
  weekStart: Date;
  events: EventInput[];
  /** The current instant: the "now" line, today's column and the shaded past follow it. */
  now: Date;
  /** Height of each 30-minute row, px. */
  slotHeight?: number;
  /** A click on an empty slot, with the slot's start as a wall time. */
  onSlotClick?: (wall: Date) => void;
  /** A click on an event, with its id. */
  onEventClick?: (id: string) => void;
  renderEvent?: (arg: EventContentArg) => ReactNode;
  /** Greys out the time before now. */
  shadePast?: boolean;
  'aria-label': string;
}

/**
 * FullCalendar's week of 30-minute slots from 09:00 to 20:00, Monday to Saturday, in Spanish. It runs in
 * wall time (timeZone 'UTC' fed with business-clock times), so what it shows is Mexico City time whatever
 * the browser's zone; the toolbar lives outside (WeekToolbar).
 */
export function WeekCalendar({
  weekStart,
  events,
  now,
  slotHeight = 40,
  onSlotClick,
  onEventClick,
  renderEvent,
  shadePast = false,
  'aria-label': ariaLabel,
}: WeekCalendarProps) {
  const ref = useRef<FullCalendar>(null);
  const nowWall = toWall(now);
  const nowKey = nowWall.getTime();

  useEffect(() => {
    ref.current?.getApi().gotoDate(weekStart);
  }, [weekStart]);

  const allEvents = useMemo<EventInput[]>(() => {
    const weekEnd = addDays(weekStart, 7);
    if (!shadePast || nowKey <= weekStart.getTime()) return events;
    const pastEnd = new Date(Math.min(nowKey, weekEnd.getTime()));
    return [
      ...events,
      { id: '__past', start: weekStart, end: pastEnd, display: 'background', classNames: ['visit-past'] },
    ];
  }, [events, shadePast, nowKey, weekStart]);

  return (
    <Box role="region" aria-label={ariaLabel} sx={calendarSx(slotHeight, Boolean(onSlotClick))}>
      <FullCalendar
        ref={ref}
        plugins={PLUGINS}
        initialView="timeGridWeek"
        initialDate={weekStart}
        timeZone="UTC"
        locale={esLocale}
        now={() => toWall(new Date())}
        headerToolbar={false}
        firstDay={1}
        hiddenDays={HIDDEN_DAYS}
        allDaySlot={false}
        slotDuration="00:30:00"
        slotLabelInterval="00:30:00"
        slotMinTime={`${VISIT_DAY_START}:00`}
        slotMaxTime={`${VISIT_DAY_END}:00`}
        slotLabelFormat={SLOT_LABEL_FORMAT}
        eventTimeFormat={SLOT_LABEL_FORMAT}
        height="auto"
        nowIndicator
        dayHeaderContent={(arg) => <DayHeader arg={arg} />}
        events={allEvents}
        eventContent={
          renderEvent ? (arg) => (arg.event.display === 'background' ? <></> : renderEvent(arg)) : undefined
        }
        dateClick={onSlotClick ? (arg) => onSlotClick(arg.date) : undefined}
        eventClick={
          onEventClick
            ? (arg) => {
                arg.jsEvent.preventDefault();
                onEventClick(arg.event.id);
              }
            : undefined
        }
      />
    </Box>
  );
}
