import { type AgendaEvent } from '@airlink/domain';
import { describe, expect, it } from 'vitest';
import {
  dayHeading,
  eventsInSlot,
  firstBookableWeek,
  fromWall,
  slotLabel,
  slotRefusal,
  toWall,
  weekRange,
  weekStartOf,
  weekTitle,
  weekTitleShort,
} from './visit-time';

/** A wall time: the business clock (America/Mexico_City) written as UTC fields. */
const wall = (s: string) => new Date(`${s}Z`);

function visit(fechaEvento: string, overrides: Partial<AgendaEvent> = {}): AgendaEvent {
  return {
    id: 1,
    idCliente: 7,
    idcliente: '260007JuanPerez',
    nombreCliente: 'Juan Pérez',
    fechaEvento,
    fechaFin: new Date(Date.parse(fechaEvento) + 30 * 60_000).toISOString(),
    accionRealizar: 'Instalación',
    titulo: 'Instalar antena',
    descripcion: '',
    usuario: 'Ana',
    fechaCreacion: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

// Tuesday 10 March 2026, 12:00 in Mexico City (UTC-6 all year since 2022).
const NOW = new Date('2026-03-10T18:00:00.000Z');

describe('wall time ↔ instant (business time zone, whatever the browser zone)', () => {
  it('reads a Mexico City slot as the right instant and back', () => {
    expect(process.env.TZ).toBe('UTC');
    expect(fromWall(wall('2026-03-11T10:30:00')).toISOString()).toBe('2026-03-11T16:30:00.000Z');
    expect(toWall('2026-03-11T16:30:00.000Z').toISOString()).toBe('2026-03-11T10:30:00.000Z');
    // Late evening in Mexico is already the next day in UTC.
    expect(toWall('2026-03-12T03:00:00.000Z').toISOString()).toBe('2026-03-11T21:00:00.000Z');
  });

  it('asks the server for Monday to Monday in Mexico City', () => {
    const monday = weekStartOf(toWall(NOW));
    expect(monday.toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(weekRange(monday)).toEqual({ desde: '2026-03-09T06:00:00.000Z', hasta: '2026-03-16T06:00:00.000Z' });
    // A Sunday belongs to the week that started on the Monday before.
    expect(weekStartOf(wall('2026-03-15T11:00:00')).toISOString()).toBe('2026-03-09T00:00:00.000Z');
  });

  it('opens the visit calendar on next week when no slot is left in this one', () => {
    expect(firstBookableWeek(NOW).toISOString()).toBe('2026-03-09T00:00:00.000Z');
    // Saturday 19:45 Mexico: the last slot (19:30) has started.
    expect(firstBookableWeek(fromWall(wall('2026-03-14T19:45:00'))).toISOString()).toBe('2026-03-16T00:00:00.000Z');
    // Sunday noon.
    expect(firstBookableWeek(fromWall(wall('2026-03-15T12:00:00'))).toISOString()).toBe('2026-03-16T00:00:00.000Z');
    // Saturday 19:00: 19:30 is still ahead.
    expect(firstBookableWeek(fromWall(wall('2026-03-14T19:00:00'))).toISOString()).toBe('2026-03-09T00:00:00.000Z');
  });

  it('names the slot and the week in Spanish', () => {
    expect(slotLabel(wall('2026-03-10T10:30:00'))).toBe('martes, 10 de marzo de 2026, de 10:30 a 11:00');
    expect(weekTitle(wall('2026-03-09T00:00:00'))).toBe('9 – 14 de marzo de 2026');
    expect(weekTitle(wall('2026-03-30T00:00:00'))).toBe('30 de marzo – 4 de abril de 2026');
    expect(weekTitle(wall('2026-12-28T00:00:00'))).toBe('28 de diciembre de 2026 – 2 de enero de 2027');
    expect(weekTitleShort(wall('2026-03-09T00:00:00'))).toBe('9 – 14 mar 2026');
    expect(weekTitleShort(wall('2026-03-30T00:00:00'))).toBe('30 mar – 4 abr 2026');
    expect(dayHeading(wall('2026-03-11T10:00:00'))).toBe('Miércoles, 11 de marzo');
  });
});

describe('slotRefusal', () => {
  it('accepts a free future slot of Monday to Saturday', () => {
    expect(slotRefusal(wall('2026-03-10T12:30:00'), NOW, [])).toBeNull();
    expect(slotRefusal(wall('2026-03-14T19:30:00'), NOW, [])).toBeNull();
  });

  it('refuses Sundays', () => {
    expect(slotRefusal(wall('2026-03-15T10:00:00'), NOW, [])).toMatch(/domingo/);
  });

  it('refuses a slot that has passed or already started', () => {
    expect(slotRefusal(wall('2026-03-10T11:30:00'), NOW, [])).toBe(
      'Ese horario ya pasó. Elige un horario a partir de ahora.',
    );
    expect(slotRefusal(wall('2026-03-10T12:00:00'), NOW, [])).toMatch(/ya pasó/);
    expect(slotRefusal(wall('2026-03-09T15:00:00'), NOW, [])).toMatch(/ya pasó/);
  });

  it('refuses a slot another visit takes, naming its customer', () => {
    const taken = [visit('2026-03-11T16:00:00.000Z')]; // 10:00 Mexico City
    expect(slotRefusal(wall('2026-03-11T10:00:00'), NOW, taken)).toBe(
      'Ese horario ya está ocupado por otra visita (Juan Pérez). Elige otro.',
    );
    expect(slotRefusal(wall('2026-03-11T10:30:00'), NOW, taken)).toBeNull();
    expect(slotRefusal(wall('2026-03-11T09:30:00'), NOW, taken)).toBeNull();
    // The UTC clock of the same visit (16:00) is a free slot in Mexico City.
    expect(slotRefusal(wall('2026-03-11T16:00:00'), NOW, taken)).toBeNull();
  });

  it('refuses times outside 09:00–20:00 and off the half hour', () => {
    expect(slotRefusal(wall('2026-03-11T20:00:00'), NOW, [])).toMatch(/09:00 a 20:00/);
    expect(slotRefusal(wall('2026-03-11T08:30:00'), NOW, [])).toMatch(/09:00 a 20:00/);
    expect(slotRefusal(wall('2026-03-11T10:15:00'), NOW, [])).toMatch(/30 minutos/);
  });

  it('finds the visits overlapping a slot', () => {
    const long = visit('2026-03-11T16:00:00.000Z', { fechaFin: '2026-03-11T17:00:00.000Z' });
    expect(eventsInSlot(fromWall(wall('2026-03-11T10:30:00')), [long])).toHaveLength(1);
    expect(eventsInSlot(fromWall(wall('2026-03-11T11:00:00')), [long])).toHaveLength(0);
  });
});
