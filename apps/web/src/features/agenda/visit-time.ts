import { TZDate } from '@date-fns/tz';
import { VISIT_DAY_END, VISIT_SLOT_MINUTES, localParts, visitSlotError, type AgendaEvent } from '@airlink/domain';
import { businessTz } from '../../lib/business-time';

/*
 * The calendar works in "wall time": a Date whose UTC fields hold the clock time in the business time zone
 * (FullCalendar with timeZone 'UTC'). The browser's own zone never enters: these helpers are the only
 * bridge between wall times and real instants, so the agenda reads the same from Pachuca or from a test
 * running in UTC.
 */

const DAY_MS = 24 * 3600_000;
const SLOT_MS = VISIT_SLOT_MINUTES * 60_000;

/** The wall time (business clock as UTC fields) of an instant. */
export function toWall(instant: Date | string | number, tz = businessTz()): Date {
  const d = instant instanceof Date ? instant : new Date(instant);
  const p = localParts(d, tz);
  const [y, m, day] = p.date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, day, Math.floor(p.minutes / 60), p.minutes % 60, Math.floor(p.seconds)));
}

/** The real instant of a wall time in the business time zone. */
export function fromWall(wall: Date, tz = businessTz()): Date {
  const t = new TZDate(
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    tz,
  );
  return new Date(t.getTime());
}

export function addDays(wall: Date, days: number): Date {
  return new Date(wall.getTime() + days * DAY_MS);
}

/** Monday 00:00 of the week (Monday to Sunday) holding this wall time. */
export function weekStartOf(wall: Date): Date {
  const sinceMonday = (wall.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() - sinceMonday));
}

/** GET /api/agenda range of a week: [Monday 00:00, next Monday 00:00) in the business time zone, as ISO instants. */
export function weekRange(weekStart: Date, tz = businessTz()): { desde: string; hasta: string } {
  return { desde: fromWall(weekStart, tz).toISOString(), hasta: fromWall(addDays(weekStart, 7), tz).toISOString() };
}

/**
 * The week the visit calendar opens on: this week, or the next one when no slot is left in this one
 * (on Sundays, and on Saturdays after the last slot).
 */
export function firstBookableWeek(now: Date, tz = businessTz()): Date {
  const week = weekStartOf(toWall(now, tz));
  const [h, m] = VISIT_DAY_END.split(':').map(Number) as [number, number];
  const lastSlot = new Date(addDays(week, 5).getTime() + (h * 60 + m) * 60_000 - SLOT_MS);
  return fromWall(lastSlot, tz).getTime() > now.getTime() ? week : addDays(week, 7);
}

/** The visits that overlap the 30-minute slot starting at this instant. */
export function eventsInSlot(start: Date, events: readonly AgendaEvent[]): AgendaEvent[] {
  const from = start.getTime();
  const to = from + SLOT_MS;
  return events.filter((e) => Date.parse(e.fechaEvento) < to && Date.parse(e.fechaFin) > from);
}

/**
 * Why a visit cannot be booked in the slot starting at this wall time, in Spanish, or null when it can:
 * the domain's slot rules (no Sundays, 09:00 to 20:00, 30-minute steps), then past, then taken.
 */
export function slotRefusal(
  slotWall: Date,
  now: Date,
  events: readonly AgendaEvent[],
  tz = businessTz(),
): string | null {
  const start = fromWall(slotWall, tz);
  const rule = visitSlotError(start, tz);
  if (rule) return rule;
  if (start.getTime() <= now.getTime()) return 'Ese horario ya pasó. Elige un horario a partir de ahora.';
  const clash = eventsInSlot(start, events)[0];
  if (clash) {
    const who = clash.nombreCliente ? ` (${clash.nombreCliente})` : '';
    return `Ese horario ya está ocupado por otra visita${who}. Elige otro.`;
  }
  return null;
}

const longDate = new Intl.DateTimeFormat('es-MX', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const clock = new Intl.DateTimeFormat('es-MX', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });
const dayMonth = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('es-MX', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'martes, 10 de marzo de 2026, de 10:30 a 11:00' for a slot starting at this wall time. */
export function slotLabel(slotWall: Date): string {
  const end = new Date(slotWall.getTime() + SLOT_MS);
  return `${longDate.format(slotWall)}, de ${clock.format(slotWall)} a ${clock.format(end)}`;
}

/** 'HH:mm' of a wall time. */
export function wallClock(wall: Date): string {
  return clock.format(wall);
}

/** '9 – 14 de marzo de 2026' (Monday to Saturday of the week; the months and years when they differ). */
export function weekTitle(weekStart: Date): string {
  const end = addDays(weekStart, 5);
  const sameYear = weekStart.getUTCFullYear() === end.getUTCFullYear();
  if (weekStart.getUTCMonth() === end.getUTCMonth() && sameYear) {
    return `${weekStart.getUTCDate()} – ${dayMonthYear.format(end)}`;
  }
  return `${(sameYear ? dayMonth : dayMonthYear).format(weekStart)} – ${dayMonthYear.format(end)}`;
}

const dayHeadingFmt = new Intl.DateTimeFormat('es-MX', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** 'Lunes, 9 de marzo' of a wall date (list headings). */
export function dayHeading(wall: Date): string {
  const text = dayHeadingFmt.format(wall);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const shortDayMonth = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '9 – 14 mar 2026' (phones). */
export function weekTitleShort(weekStart: Date): string {
  const end = addDays(weekStart, 5);
  const clean = (s: string) => s.replace('.', '');
  const from =
    weekStart.getUTCMonth() === end.getUTCMonth()
      ? String(weekStart.getUTCDate())
      : clean(shortDayMonth.format(weekStart));
  return `${from} – ${clean(shortDayMonth.format(end))} ${end.getUTCFullYear()}`;
}
