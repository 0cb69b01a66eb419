import { describe, expect, it } from 'vitest';
import { localParts, VISIT_SLOT_MINUTES, visitSlotError, visitSlotTimes } from './visit-slots';

const tz = 'America/Mexico_City'; // UTC-6 all year since 2022

describe('visit slots (docs/business-rules.md "Support, logs and visits")', () => {
  it('are 30 minutes from 09:00 to 20:00', () => {
    expect(VISIT_SLOT_MINUTES).toBe(30);
    const slots = visitSlotTimes();
    expect(slots[0]).toBe('09:00');
    expect(slots.at(-1)).toBe('19:30');
    expect(slots).toHaveLength(22);
  });

  it('accepts a slot start on Monday to Saturday in the business time zone', () => {
    expect(visitSlotError(new Date('2026-11-23T15:00:00Z'), tz)).toBeNull(); // Mon 09:00 local
    expect(visitSlotError(new Date('2026-11-28T01:30:00Z'), tz)).toBeNull(); // Fri 27th 19:30 local
    expect(visitSlotError(new Date('2026-11-21T16:30:00-06:00'), tz)).toBeNull(); // Saturday
  });

  it('refuses Sundays', () => {
    expect(visitSlotError(new Date('2026-11-22T10:00:00-06:00'), tz)).toMatch(/domingo/);
  });

  it('refuses times outside 09:00 to 20:00', () => {
    expect(visitSlotError(new Date('2026-11-23T08:30:00-06:00'), tz)).toBe(
      'El horario de visitas es de 09:00 a 20:00.',
    );
    expect(visitSlotError(new Date('2026-11-23T20:00:00-06:00'), tz)).toBe(
      'El horario de visitas es de 09:00 a 20:00.',
    );
    // 09:00 UTC is 03:00 in Mexico City: the check uses the business time zone, not UTC.
    expect(visitSlotError(new Date('2026-11-23T09:00:00Z'), tz)).toBe('El horario de visitas es de 09:00 a 20:00.');
  });

  it('refuses times off the 30-minute grid', () => {
    expect(visitSlotError(new Date('2026-11-23T10:15:00-06:00'), tz)).toMatch(/bloques de 30 minutos/);
    expect(visitSlotError(new Date('2026-11-23T10:00:30-06:00'), tz)).toMatch(/bloques de 30 minutos/);
  });

  it('refuses an invalid date', () => {
    expect(visitSlotError(new Date('nope'), tz)).toBe('La fecha de la visita no es válida.');
  });

  it('reads local date, weekday and minutes', () => {
    expect(localParts(new Date('2026-11-22T05:59:00Z'), tz)).toMatchObject({
      date: '2026-11-21',
      weekday: 6,
      minutes: 23 * 60 + 59,
    });
  });
});
