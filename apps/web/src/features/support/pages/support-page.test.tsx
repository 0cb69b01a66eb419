import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeDetail, makeTicket } from '../testing/support-fixtures';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { SupportPage } from './support-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const open = makeTicket(11, { titulo: 'Sin internet', nombreCliente: 'Juan Pérez', prioridad: 2 });
const progress = makeTicket(12, {
  titulo: 'Lentitud por las tardes',
  nombreCliente: 'María López',
  idCliente: 9,
  estado: 'En Progreso',
  asignadoA: 3,
  asignadoNombre: 'Luis Ramírez',
});
const counters = { Abierto: 5, 'En Progreso': 2, Resuelto: 8, Cerrado: 1, total: 16 };
const assignees = [
  { id: 3, nombre: 'Luis Ramírez' },
  { id: 4, nombre: 'Sofía Cruz' },
];

function server(overrides: Record<string, MockReply> = {}) {
  return mockFetch({
    'GET /api/soporte': { body: { items: [open, progress], total: 2 } },
    'GET /api/soporte/resumen': { body: counters },
    'GET /api/soporte/asignables': { body: assignees },
    'GET /api/soporte/11': { body: makeDetail(open) },
    ...overrides,
  });
}

const lastList = (api: ReturnType<typeof server>) => api.of('GET /api/soporte').at(-1)!.query;

async function rowOf(text: string) {
  const cell = await screen.findByText(text);
  return cell.closest('[role="row"]') as HTMLElement;
}

describe('SupportPage', () => {
  it('shows the counters per status and the tickets, newest first', async () => {
    const api = server();
    renderWithProviders(<SupportPage />);
    expect(await screen.findByRole('button', { name: 'Abiertos: 5' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'En progreso: 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resueltos: 8' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrados: 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Total: 16' })).toHaveAttribute('aria-pressed', 'true');

    const row = await rowOf('Lentitud por las tardes');
    expect(within(row).getByText('María López')).toBeInTheDocument();
    expect(within(row).getByText('En Progreso')).toBeInTheDocument();
    expect(within(row).getByText('Luis Ramírez')).toBeInTheDocument();
    expect(within(await rowOf('Sin internet')).getByText('Urgente')).toBeInTheDocument();
    expect(Object.fromEntries(lastList(api))).toEqual({ page: '0', pageSize: '10', sort: 'createdAt', dir: 'desc' });
  });

  it('filters by status when a counter is clicked, and back to all with Total', async () => {
    const api = server();
    renderWithProviders(<SupportPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'En progreso: 2' }));
    await waitFor(() => expect(lastList(api).get('estado')).toBe('En Progreso'));
    expect(screen.getByRole('button', { name: 'En progreso: 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveTextContent('En Progreso');

    await userEvent.click(screen.getByRole('button', { name: 'Total: 16' }));
    await waitFor(() => expect(lastList(api).has('estado')).toBe(false));
  });

  it('asks the server with the priority, assignee (Sin asignar = 0) and debounced search', async () => {
    const api = server();
    renderWithProviders(<SupportPage />);
    await rowOf('Sin internet');

    await userEvent.click(screen.getByRole('combobox', { name: 'Prioridad' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Critico' }));
    await waitFor(() => expect(lastList(api).get('prioridad')).toBe('1'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Asignado a' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sin asignar' }));
    await waitFor(() => expect(lastList(api).get('asignadoA')).toBe('0'));

    const before = api.of('GET /api/soporte').length;
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar ticket' }), 'juan');
    await waitFor(() => expect(lastList(api).get('q')).toBe('juan'));
    // One request for the whole word, not one per key.
    expect(api.of('GET /api/soporte').length - before).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'Limpiar' }));
    await waitFor(() => expect(lastList(api).has('q')).toBe(false));
    expect(lastList(api).has('prioridad')).toBe(false);
    expect(lastList(api).has('asignadoA')).toBe(false);
  });

  it('sorts on the server', async () => {
    const api = server();
    renderWithProviders(<SupportPage />);
    await rowOf('Sin internet');
    await userEvent.click(screen.getByRole('columnheader', { name: /Prioridad/ }));
    await waitFor(() => expect(lastList(api).get('sort')).toBe('prioridad'));
    expect(lastList(api).get('dir')).toBe('asc');
  });

  it('opens a ticket with its customer and history, and saves a change with a note', async () => {
    const updated = makeDetail(
      {
        ...open,
        estado: 'En Progreso',
        asignadoA: 4,
        asignadoNombre: 'Sofía Cruz',
        updatedAt: '2026-03-10T18:00:00.000Z',
      },
      [
        { id: 1, at: open.createdAt, usuario: 'Ana Pérez', campo: 'creado', antes: null, despues: null },
        {
          id: 2,
          at: '2026-03-10T18:00:00.000Z',
          usuario: 'Ana Pérez',
          campo: 'estado',
          antes: 'Abierto',
          despues: 'En Progreso',
        },
        {
          id: 3,
          at: '2026-03-10T18:00:00.000Z',
          usuario: 'Ana Pérez',
          campo: 'nota',
          antes: null,
          despues: 'Se envía técnico',
        },
      ],
    );
    const api = server({ 'PUT /api/soporte/11': { body: updated } });
    renderWithProviders(<SupportPage />);
    await userEvent.click(await screen.findByText('Sin internet'));

    const dialog = await screen.findByRole('dialog', { name: 'Ticket #11' });
    expect(await within(dialog).findByText('Creó el ticket')).toBeInTheDocument();
    expect(within(dialog).getByText('El cliente reporta que no navega desde la mañana.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Ver cliente/ })).toHaveAttribute(
      'href',
      '/dashboard/profile?id=7',
    );
    const save = within(dialog).getByRole('button', { name: 'Guardar cambios' });
    expect(save).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'En Progreso' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Asignado a' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sofía Cruz' }));
    await userEvent.type(within(dialog).getByLabelText('Nota (opcional)'), 'Se envía técnico');
    const countersBefore = api.of('GET /api/soporte/resumen').length;
    const listBefore = api.of('GET /api/soporte').length;
    await userEvent.click(save);

    await waitFor(() => expect(api.of('PUT /api/soporte/11')).toHaveLength(1));
    expect(api.of('PUT /api/soporte/11')[0]!.body).toEqual({
      estado: 'En Progreso',
      asignadoA: 4,
      nota: 'Se envía técnico',
    });
    expect(await screen.findByText('Ticket actualizado')).toBeInTheDocument();
    expect(await within(dialog).findByText('Abierto → En Progreso')).toBeInTheDocument();
    expect(within(dialog).getByText('Asignado a Sofía Cruz')).toBeInTheDocument();
    // Counters and list follow the change.
    await waitFor(() => expect(api.of('GET /api/soporte/resumen').length).toBeGreaterThan(countersBefore));
    await waitFor(() => expect(api.of('GET /api/soporte').length).toBeGreaterThan(listBefore));
    // The form starts clean again.
    expect(within(dialog).getByLabelText('Nota (opcional)')).toHaveValue('');
  });

  it('shows the server message in the ticket when a change is refused', async () => {
    server({
      'PUT /api/soporte/11': { status: 400, body: { error: 'validation', message: 'No hay cambios que guardar' } },
    });
    renderWithProviders(<SupportPage />);
    await userEvent.click(await screen.findByText('Sin internet'));
    const dialog = await screen.findByRole('dialog', { name: 'Ticket #11' });
    await userEvent.type(await within(dialog).findByLabelText('Nota (opcional)'), 'Nota');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('No hay cambios que guardar')).toBeInTheDocument();
  });

  it('shows an error with Reintentar when the list fails', async () => {
    const api = server({ 'GET /api/soporte': { status: 500, body: { error: 'internal', message: 'Error interno' } } });
    renderWithProviders(<SupportPage />);
    expect(await screen.findByText('No se pudieron cargar los tickets de soporte.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(api.of('GET /api/soporte').length).toBe(2));
  });
});
