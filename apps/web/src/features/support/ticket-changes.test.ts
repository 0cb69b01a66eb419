import { describe, expect, it } from 'vitest';
import { supportListSearch } from './api/list-support-tickets';
import { historyText, manageValuesOf, ticketChanges } from './ticket-changes';
import { makeTicket } from './testing/support-fixtures';

describe('ticketChanges', () => {
  const ticket = makeTicket(1, { estado: 'Abierto', prioridad: 4, asignadoA: 3, asignadoNombre: 'Luis' });

  it('is null while nothing changed and no note is written', () => {
    expect(ticketChanges(ticket, manageValuesOf(ticket))).toBeNull();
    expect(ticketChanges(ticket, { ...manageValuesOf(ticket), nota: '   ' })).toBeNull();
  });

  it('sends only what changed, unassigning as null, and the trimmed note', () => {
    expect(ticketChanges(ticket, { ...manageValuesOf(ticket), estado: 'Resuelto' })).toEqual({ estado: 'Resuelto' });
    expect(
      ticketChanges(ticket, { estado: 'Abierto', prioridad: 1, asignadoA: null, nota: ' Se llamó al cliente ' }),
    ).toEqual({ prioridad: 1, asignadoA: null, nota: 'Se llamó al cliente' });
  });
});

describe('historyText', () => {
  const entry = { id: 1, at: '2026-03-10T16:00:00.000Z', usuario: 'Ana' };
  it('writes each change in Spanish with priority names', () => {
    expect(historyText({ ...entry, campo: 'estado', antes: 'Abierto', despues: 'En Progreso' })).toEqual({
      title: 'Cambió el estado',
      detail: 'Abierto → En Progreso',
    });
    expect(historyText({ ...entry, campo: 'prioridad', antes: '4', despues: '1' }).detail).toBe('Baja → Critico');
    expect(historyText({ ...entry, campo: 'asignadoA', antes: null, despues: 'Luis' })).toEqual({
      title: 'Asignó el ticket',
      detail: 'Sin asignar → Luis',
    });
    expect(historyText({ ...entry, campo: 'nota', antes: null, despues: 'Cambio de equipo' })).toEqual({
      title: 'Agregó una nota',
      detail: 'Cambio de equipo',
    });
  });
});

describe('supportListSearch', () => {
  it('sends page, sort and only the filters in use', () => {
    const table = { page: 2, pageSize: 25, sort: 'prioridad', dir: 'asc' as const };
    expect(supportListSearch(table, { q: '', estado: '', prioridad: '', asignadoA: '' })).toBe(
      '?page=2&pageSize=25&sort=prioridad&dir=asc',
    );
    const q = new URLSearchParams(
      supportListSearch({ page: 0, pageSize: 10 }, { q: ' Juan ', estado: 'En Progreso', prioridad: 1, asignadoA: 0 }),
    );
    expect(Object.fromEntries(q)).toEqual({
      page: '0',
      pageSize: '10',
      q: 'Juan',
      estado: 'En Progreso',
      prioridad: '1',
      asignadoA: '0',
    });
  });
});
