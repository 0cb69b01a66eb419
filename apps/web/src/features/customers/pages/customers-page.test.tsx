import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../app/testing/render-app';
import { notificationStore } from '../../notifications/notification-store';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { stubIdle } from '../../../lib/testing/idle';
import { makeUser, signIn } from '../../../lib/testing/fixtures';
import { makeListItem } from '../customer-fixtures';

vi.mock('socket.io-client', async () => (await import('../../../lib/testing/fake-socket')).socketIoMock);
// Waits for the page (debounce, requests, lazy modules) allow for a loaded machine.
// The router loads the page lazily; loading its module (and the Data Grid) once up front keeps the
// first test from spending its time on the import.
beforeAll(async () => {
  await import('./customers-page');
});

const rows = [
  makeListItem(1, { nombre: 'Ana López', tipo: 2, monto: 500 }),
  makeListItem(2, { nombre: 'Beto Ruiz', cortado: true, diasRetraso: 40 }),
  makeListItem(3, { nombre: 'Carla Soto', no: 0 }),
  makeListItem(4, { nombre: 'Dora Gil', activo: false }),
];

function server(level: number) {
  return mockFetch({
    'GET /api/usuarios': { body: [makeUser(level)] },
    'GET /api/notifications': { body: [] },
    'GET /api/customer': { body: { items: rows, total: 57 } },
  });
}

/** The query strings of the list requests, newest last. */
const listQueries = (fn: ReturnType<typeof server>['fn']) =>
  fn.mock.calls
    .map((c) => new URL(String(c[0]), 'http://x'))
    .filter((u) => u.pathname === '/api/customer')
    .map((u) => Object.fromEntries(u.searchParams));

const rowOf = async (name: string) => (await screen.findByText(name)).closest('[role="row"]') as HTMLElement;

beforeEach(() => {
  localStorage.clear();
  notificationStore.reload();
});
afterEach(() => vi.unstubAllGlobals());

describe('Clientes page', () => {
  it('lists the page of customers with type, amount and status chips', async () => {
    const { fn } = server(5);
    signIn(5);
    renderApp('/dashboard/clientes');
    const ana = await rowOf('Ana López');
    expect(within(ana).getByText('Oficina hasta 6 Mbps')).toBeInTheDocument();
    expect(within(ana).getByText('$500.00')).toBeInTheDocument();
    expect(within(ana).getByText('Al corriente')).toBeInTheDocument();
    const beto = await rowOf('Beto Ruiz');
    expect(within(beto).getByText('Suspendido')).toBeInTheDocument();
    expect(within(beto).getByText('Retraso 40 días')).toBeInTheDocument();
    expect(within(await rowOf('Carla Soto')).getByText('Sin autorizar')).toBeInTheDocument();
    expect(within(await rowOf('Dora Gil')).getByText('Cancelado')).toBeInTheDocument();
    expect(screen.getByText('57 clientes')).toBeInTheDocument();
    expect(listQueries(fn)[0]).toEqual({ page: '0', pageSize: '10' });
  });

  it('Crear Nuevo Cliente is for level 16 and up', async () => {
    server(5);
    signIn(5);
    const a = renderApp('/dashboard/clientes');
    await rowOf('Ana López');
    expect(screen.queryByRole('button', { name: 'Crear Nuevo Cliente' })).not.toBeInTheDocument();
    a.unmount();
    vi.unstubAllGlobals();
    server(16);
    signIn(16);
    renderApp('/dashboard/clientes');
    await rowOf('Ana López');
    await userEvent.click(screen.getByRole('button', { name: 'Crear Nuevo Cliente' }));
    expect(screen.getByRole('dialog', { name: 'Crear Nuevo Cliente' })).toBeInTheDocument();
  });

  it('search and filters go to the server, from page 0', async () => {
    const { fn } = server(5);
    signIn(5);
    const { router } = renderApp('/dashboard/clientes');
    await rowOf('Ana López');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'ana hidalgo');
    await waitFor(() => expect(listQueries(fn).at(-1)).toMatchObject({ q: 'ana hidalgo', page: '0' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(screen.getByRole('option', { name: 'Suspendidos' }));
    await waitFor(() => expect(listQueries(fn).at(-1)).toMatchObject({ q: 'ana hidalgo', estado: 'suspendidos' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Tipo de servicio' }));
    await userEvent.click(screen.getByRole('option', { name: 'Extremo simétrico' }));
    await waitFor(() => expect(listQueries(fn).at(-1)).toMatchObject({ estado: 'suspendidos', tipo: '8' }));
    // The filters are in the address, so Back from a customer finds the list as it was.
    expect(router.state.location.search).toContain('estado=suspendidos');
    expect(router.state.location.search).toContain('tipo=8');
  });

  it('the idle prefetch finds the list on the screen fresh and does not ask for it again', async () => {
    const { runIdle } = stubIdle();
    const { fn, of } = server(16);
    signIn(16);
    renderApp('/dashboard/clientes');
    await rowOf('Ana López');
    runIdle();
    // The prefetch goes page after page in the sidebar's order: once Dispositivos is asked for, Clientes is done.
    await waitFor(() => expect(of('GET /api/devices')).not.toHaveLength(0));
    expect(listQueries(fn)).toHaveLength(1);
  });

  it('a row opens the customer panel', async () => {
    server(5);
    signIn(5);
    const { router } = renderApp('/dashboard/clientes');
    await userEvent.click(await screen.findByText('Beto Ruiz'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/profile'));
    expect(router.state.location.search).toBe('?id=2');
  });
});
