import { DEFAULT_BUSINESS_TZ } from '../format/format';

/** Technician visit slots (docs/business-rules.md "Support, logs and visits"): 30 minutes, 09:00 to 20:00, no Sundays. */
export const VISIT_SLOT_MINUTES = 30;
export const VISIT_DAY_START = '09:00';
export const VISIT_DAY_END = '20:00';

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Start times of every slot of a day: '09:00', '09:30', … '19:30'. */
export function visitSlotTimes(): string[] {
  const out: string[] = [];
  for (let m = toMinutes(VISIT_DAY_START); m < toMinutes(VISIT_DAY_END); m += VISIT_SLOT_MINUTES) {
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return out;
}

const partsFmt = new Map<string, Intl.DateTimeFormat>();
/** Date, weekday and clock of an instant in a time zone. */
export function localParts(instant: Date, tz = DEFAULT_BUSINESS_TZ) {
  let f = partsFmt.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    partsFmt.set(tz, f);
  }
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    weekday: weekdays.indexOf(p.weekday ?? ''),
    minutes: Number(p.hour) * 60 + Number(p.minute),
    seconds: Number(p.second) + (instant.getTime() % 1000) / 1000,
  };
}

/**
 * Why a visit cannot start at this instant, in Spanish, or null when it is a valid slot: on a 30-minute
 * boundary of the business time zone, starting 09:00 to 19:30 (ending by 20:00), Monday to Saturday.
 */
export function visitSlotError(instant: Date, tz = DEFAULT_BUSINESS_TZ): string | null {
  if (Number.isNaN(instant.getTime())) return 'La fecha de la visita no es válida.';
  const { weekday, minutes, seconds } = localParts(instant, tz);
  if (weekday === 0) return 'No se agendan visitas en domingo. Elige un día de lunes a sábado.';
  if (minutes < toMinutes(VISIT_DAY_START) || minutes + VISIT_SLOT_MINUTES > toMinutes(VISIT_DAY_END)) {
    return `El horario de visitas es de ${VISIT_DAY_START} a ${VISIT_DAY_END}.`;
  }
  if (minutes % VISIT_SLOT_MINUTES !== 0 || seconds !== 0) {
    return 'Las visitas se agendan en bloques de 30 minutos (por ejemplo 10:00 o 10:30).';
  }
  return null;
}
