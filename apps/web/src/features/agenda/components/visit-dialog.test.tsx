import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeVisit } from '../testing/agenda-fixtures';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { CustomerVisitsTab } from './customer-visits-tab';
import { VisitDialog } from './visit-dialog';
import type { WeekCalendarProps } from './week-calendar';

/*
 * FullCalendar finds the clicked slot from the layout, which jsdom does not have: here the calendar is a
 * button per slot of the shown week (wall times, as FullCalendar reports them) and per event. The real
 * calendar's configuration is tested in week-calendar.test.tsx.
 */
vi.mock('./week-calendar', () => ({
  WeekCalendar: ({ weekStart, events, onSlotClick, onEventClick }: WeekCalendarProps) => {
    const slots: Date[] = [];
    for (let d = 0; d < 6; d++) {
      for (let m = 9 * 60; m < 20 * 60; m += 30) {
        slots.push(new Date(weekStart.getTime() + d * 86_400_000 + m * 60_000));
      }
    }
    return (
      <div>
        {slots.map((s) => (
          <button key={s.getTime()} type="button" onClick={() => onSlotClick?.(s)}>
            {`Horario ${s.toISOString().slice(0, 16).replace('T', ' ')}`}
          </button>
        ))}
        {events
          .filter((e) => e.display !== 'background')
          .map((e) => (
            <button key={String(e.id)} type="button" onClick={() => onEventClick?.(String(e.id))}>
              {`Evento ${String(e.id)}`}
            </button>
          ))}
      </div>
    );
  },
}));

// Tuesday 10 March 2026, 12:00 in Mexico City (18:00 UTC; tests run with TZ=UTC).
const NOW = new Date('2026-03-10T18:00:00.000Z');
const customer = { id: 7, nombre: 'Juan Pérez', telefono: '7711234567' };
// Wednesday 11 March 10:00 Mexico City is taken.
const taken = makeVisit(40, '2026-03-11T16:00:00.000Z', { nombreCliente: 'María López', idCliente: 9 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function server(overrides: Record<string, MockReply> = {}) {
  return mockFetch({
    'GET /api/agenda': { body: [taken] },
    'GET /api/customer/7/agenda': { body: { items: [], total: 0 } },
    'POST /api/agenda': ({ body }) => ({
      status: 201,
      body: makeVisit(41, (body as { fechaEvento: string }).fechaEvento, body as object),
    }),
    ...overrides,
  });
}

function Harness({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <VisitDialog
        open={open}
        customer={customer}
        onClose={() => {
          setOpen(false);
          onClose();
        }}
      />
      <CustomerVisitsTab customerId={customer.id} />
    </>
  );
}

async function openDialog() {
  const dialog = await screen.findByRole('dialog', { name: /Agendar visita/ });
  await within(dialog).findByRole('button', { name: 'Horario 2026-03-11 10:30' });
  return dialog;
}

async function fillForm(dialog: HTMLElement, accion: string, titulo: string, descripcion = '') {
  await userEvent.type(within(dialog).getByRole('combobox', { name: /Acción a realizar/ }), accion);
  await userEvent.type(within(dialog).getByRole('textbox', { name: /Título/ }), titulo);
  if (descripcion) await userEvent.type(within(dialog).getByRole('textbox', { name: 'Descripción' }), descripcion);
}

describe('VisitDialog', () => {
  it('asks for the taken slots of the shown week in Mexico City time', async () => {
    const api = server();
    renderWithProviders(<Harness />, { path: '/dashboard/agenda' });
    await openDialog();
    const q = api.of('GET /api/agenda')[0]!.query;
    expect(q.get('desde')).toBe('2026-03-09T06:00:00.000Z');
    expect(q.get('hasta')).toBe('2026-03-16T06:00:00.000Z');
  });

  it('refuses a taken slot and a past slot with the reason, and stays on the calendar', async () => {
    server();
    renderWithProviders(<Harness />, { path: '/dashboard/agenda' });
    const dialog = await openDialog();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Horario 2026-03-11 10:00' }));
    expect(
      await within(dialog).findByText('Ese horario ya está ocupado por otra visita (María López). Elige otro.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Evento 40' }));
    expect(within(dialog).getByText(/ya está ocupado/)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Horario 2026-03-10 11:30' }));
    expect(
      await within(dialog).findByText('Ese horario ya pasó. Elige un horario a partir de ahora.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /Título/ })).not.toBeInTheDocument();
  });

  it('validates the visit form with the domain messages and sends nothing', async () => {
    const api = server();
    renderWithProviders(<Harness />, { path: '/dashboard/agenda' });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Horario 2026-03-11 10:30' }));
    expect(await within(dialog).findByText('miércoles, 11 de marzo de 2026, de 10:30 a 11:00')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Agendar visita' }));
    expect(await within(dialog).findByText('Escribe la acción a realizar')).toBeInTheDocument();
    expect(within(dialog).getByText('El título es obligatorio')).toBeInTheDocument();
    expect(api.of('POST /api/agenda')).toHaveLength(0);
  });

  it('books the chosen slot as the Mexico City instant and refreshes the customer visits', async () => {
    const api = server();
    const onClose = vi.fn();
    renderWithProviders(<Harness onClose={onClose} />, { path: '/dashboard/agenda' });
    const dialog = await openDialog();
    await waitFor(() => expect(api.of('GET /api/customer/7/agenda')).toHaveLength(1));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Horario 2026-03-11 10:30' }));
    await fillForm(dialog, 'Instalación', 'Instalar antena', 'Llevar escalera');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agendar visita' }));

    await waitFor(() => expect(api.of('POST /api/agenda')).toHaveLength(1));
    expect(api.of('POST /api/agenda')[0]!.body).toEqual({
      idCliente: 7,
      fechaEvento: '2026-03-11T16:30:00.000Z',
      accionRealizar: 'Instalación',
      titulo: 'Instalar antena',
      descripcion: 'Llevar escalera',
    });
    expect(
      await screen.findByText(/Visita agendada: miércoles, 11 de marzo de 2026, de 10:30 a 11:00/),
    ).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(api.of('GET /api/customer/7/agenda')).toHaveLength(2));
  });

  it('goes back with Cambiar horario keeping the typed text', async () => {
    const api = server();
    renderWithProviders(<Harness />, { path: '/dashboard/agenda' });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Horario 2026-03-11 10:30' }));
    await fillForm(dialog, 'Revisión de señal', 'Sin señal');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cambiar horario' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Horario 2026-03-12 17:00' }));
    expect(within(dialog).getByRole('textbox', { name: /Título/ })).toHaveValue('Sin señal');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agendar visita' }));
    await waitFor(() => expect(api.of('POST /api/agenda')).toHaveLength(1));
    expect(api.of('POST /api/agenda')[0]!.body).toMatchObject({
      fechaEvento: '2026-03-12T23:00:00.000Z',
      accionRealizar: 'Revisión de señal',
      titulo: 'Sin señal',
    });
  });

  it('shows the server 409 message on the calendar, asks again for the week and keeps the typed text', async () => {
    const message = 'Ese horario ya fue tomado por otra visita. Elige otro.';
    const api = server({ 'POST /api/agenda': { status: 409, body: { error: 'slot_taken', message } } });
    renderWithProviders(<Harness />, { path: '/dashboard/agenda' });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Horario 2026-03-11 10:30' }));
    await fillForm(dialog, 'Instalación', 'Instalar antena');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agendar visita' }));

    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Horario 2026-03-11 11:00' })).toBeInTheDocument();
    await waitFor(() => expect(api.of('GET /api/agenda').length).toBeGreaterThan(1));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Horario 2026-03-11 11:00' }));
    expect(within(dialog).getByRole('textbox', { name: /Título/ })).toHaveValue('Instalar antena');
    expect(within(dialog).getByRole('combobox', { name: /Acción a realizar/ })).toHaveValue('Instalación');
  });

  it('shows the server 400 invalid_slot message on the calendar too', async () => {
    const message = 'No se agendan visitas en domingo. Elige un día de lunes a sábado.';
    server({ 'POST /api/agenda': { status: 400, body: { error: 'invalid_slot', message } } });
    renderWithProviders(<Harness />, { path: '/dashboard/agenda' });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Horario 2026-03-11 10:30' }));
    await fillForm(dialog, 'Instalación', 'Instalar antena');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agendar visita' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /Título/ })).not.toBeInTheDocument();
  });

  it('opens on next week on a Sunday, and never shows a past week', async () => {
    vi.setSystemTime(new Date('2026-03-15T18:00:00.000Z')); // Sunday noon in Mexico City
    const api = server();
    renderWithProviders(<Harness />, { path: '/dashboard/agenda' });
    const dialog = await screen.findByRole('dialog', { name: /Agendar visita/ });
    expect(await within(dialog).findByRole('button', { name: 'Horario 2026-03-16 09:00' })).toBeInTheDocument();
    expect(api.of('GET /api/agenda')[0]!.query.get('desde')).toBe('2026-03-16T06:00:00.000Z');
    expect(within(dialog).getByRole('button', { name: 'Semana anterior' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Semana siguiente' }));
    expect(await within(dialog).findByRole('button', { name: 'Horario 2026-03-23 09:00' })).toBeInTheDocument();
  });
});
