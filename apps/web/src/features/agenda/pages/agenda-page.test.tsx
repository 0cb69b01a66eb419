import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeVisit } from '../testing/agenda-fixtures';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { AgendaPage } from './agenda-page';

/** The agenda's own address, and the customer panel a visit opens. */
const AGENDA = {
  path: '/dashboard/agenda',
  routes: [{ path: '/dashboard/profile', element: <p>Panel del cliente</p> }],
};

// Tuesday 10 March 2026, 12:00 in Mexico City (tests run with TZ=UTC).
const NOW = new Date('2026-03-10T18:00:00.000Z');
// Wednesday 11 March, 10:00 and 18:30 Mexico City.
const morning = makeVisit(1, '2026-03-11T16:00:00.000Z', { titulo: 'Instalar antena', idCliente: 7 });
const evening = makeVisit(2, '2026-03-12T00:30:00.000Z', {
  titulo: 'Cambio de router',
  nombreCliente: 'María López',
  idCliente: 9,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const server = () =>
  mockFetch({
    'GET /api/agenda': ({ query }) => ({
      body: query.get('desde') === '2026-03-09T06:00:00.000Z' ? [morning, evening] : [],
    }),
  });

describe('AgendaPage', () => {
  it('shows the week Monday to Saturday, 09:00 to 19:30 in 30-minute rows, in Spanish', async () => {
    server();
    const { container } = renderWithProviders(<AgendaPage />, AGENDA);
    const calendar = await screen.findByRole('region', { name: 'Agenda de la semana' });
    const days = Array.from(container.querySelectorAll('.fc-col-header-cell')).map((c) => c.textContent);
    expect(days).toEqual(['lun9', 'mar10', 'mié11', 'jue12', 'vie13', 'sáb14']);
    const labels = Array.from(calendar.querySelectorAll('.fc-timegrid-slot-label')).map((c) => c.textContent);
    expect(labels[0]).toBe('09:00');
    expect(labels.at(-1)).toBe('19:30');
    expect(labels).toHaveLength(22);
    expect(screen.getByRole('heading', { name: '9 – 14 de marzo de 2026' })).toBeInTheDocument();
  });

  it('shows each visit at its Mexico City time with customer and title, and opens the customer panel', async () => {
    const api = server();
    const { router } = renderWithProviders(<AgendaPage />, AGENDA);
    expect(await screen.findByText('Instalar antena')).toBeInTheDocument();
    const q = api.of('GET /api/agenda')[0]!.query;
    expect([q.get('desde'), q.get('hasta')]).toEqual(['2026-03-09T06:00:00.000Z', '2026-03-16T06:00:00.000Z']);
    expect(screen.getByText('María López')).toBeInTheDocument();
    // The evening visit is 18:30 in Mexico City (00:30 UTC the next day) on Wednesday.
    const evening = screen.getByText('Cambio de router').closest('.fc-timegrid-col') as HTMLElement;
    expect(evening).toHaveAttribute('data-date', '2026-03-11');
    expect(within(evening).getByText('18:30')).toBeInTheDocument();
    expect(screen.getByText('2 visitas')).toBeInTheDocument();

    await userEvent.click(screen.getByText('Cambio de router'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/profile'));
    expect(router.state.location.search).toBe('?id=9');
  });

  it('moves by week and comes back with Hoy', async () => {
    const api = server();
    renderWithProviders(<AgendaPage />, AGENDA);
    await screen.findByText('Instalar antena');
    expect(screen.getByRole('button', { name: 'Hoy' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Semana siguiente' }));
    await waitFor(() => expect(api.of('GET /api/agenda').at(-1)!.query.get('desde')).toBe('2026-03-16T06:00:00.000Z'));
    expect(screen.getByRole('heading', { name: '16 – 21 de marzo de 2026' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Instalar antena')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Hoy' }));
    expect(await screen.findByText('Instalar antena')).toBeInTheDocument();
  });

  it('lists the visits by day in the list view, and a visit opens its customer', async () => {
    server();
    const { router } = renderWithProviders(<AgendaPage />, AGENDA);
    await userEvent.click(await screen.findByRole('button', { name: 'Lista' }));
    const list = await screen.findByRole('list', { name: 'Visitas de la semana' });
    expect(within(list).getByText('Miércoles, 11 de marzo')).toBeInTheDocument();
    expect(within(list).getByText('Martes, 10 de marzo · Hoy')).toBeInTheDocument();
    expect(within(list).getAllByText('Sin visitas')).toHaveLength(5);
    await userEvent.click(await within(list).findByText('Juan Pérez'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=7'));
  });
});
