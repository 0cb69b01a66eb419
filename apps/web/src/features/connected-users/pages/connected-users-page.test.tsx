import type { ReactNode } from 'react';
import { type ConnectedUser } from '@airlink/domain';
import { ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Toaster from '../../../app/toaster';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../components/ui/theme';
import { renderApp } from '../../../app/testing/render-app';
import { connectHub, disconnectHub } from '../../../lib/realtime';
import { lastSocket } from '../../../lib/testing/fake-socket';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { makeConnectedUser, makeUser, signIn } from '../../../lib/testing/fixtures';
import { ConnectedUsersPage } from './connected-users-page';

vi.mock('socket.io-client', async () => (await import('../../../lib/testing/fake-socket')).socketIoMock);

/** This browser's label (lib/realtime computerName); the admin's own connection carries it. */
const THIS_COMPUTER = 'Linux-Chrome-ADM1';
const ADMIN_NAME = makeUser(20).name;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const conn = (id: string, overrides: Partial<ConnectedUser> = {}) =>
  makeConnectedUser(id, {
    fullName: `Persona ${id}`,
    connectionId: `${id}-conn-0000000000`.slice(0, 20),
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0',
    ...overrides,
  });

const admin = conn('admin', {
  fullName: ADMIN_NAME,
  computerName: THIS_COMPUTER,
  currentPage: '/dashboard/usuarios-conectados',
  ipAddress: '127.0.0.1',
});
const mariana = conn('soporte', {
  fullName: 'Mariana Hernández Ortiz',
  ipAddress: '192.168.1.20',
  currentPage: '/dashboard/clientes',
  lastActivity: minutesAgo(2),
});
const luis = conn('tecnico', {
  fullName: 'Luis Alberto Ramírez Soto',
  computerName: 'Android-Chrome-BEEF',
  currentPage: '/dashboard/agenda',
  lastActivity: minutesAgo(8),
});
const guadalupe = conn('cajero', {
  fullName: 'Guadalupe Mendoza Cruz',
  currentPage: '/dashboard/gastos',
  lastActivity: minutesAgo(40),
  isActive: false,
});

const stats = { totalConnected: 4, activeUsers: 2, inactiveUsers: 2, recentActivity: 3 };

function server(overrides: Record<string, MockReply> = {}, list: ConnectedUser[] = [admin, mariana, luis, guadalupe]) {
  return mockFetch({
    'GET /api/ConnectedUsers': { body: list },
    'GET /api/ConnectedUsers/stats': { body: stats },
    ...overrides,
  });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <>
          <Toaster />
          {children}
        </>
      </QueryClientProvider>
    </ThemeProvider>
  );
  return render(<ConnectedUsersPage />, { wrapper });
}

async function rowOf(name: string | RegExp) {
  const cell = await screen.findByText(name);
  return cell.closest('[role="row"]') as HTMLElement;
}

/** The user names of the rows on screen, in order. */
function shownUsers(): string[] {
  const table = screen.getByRole('grid', { name: 'Usuarios conectados' });
  return within(table)
    .queryAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('[data-field="fullName"] [data-role="user-name"]')?.textContent ?? '')
    .filter(Boolean);
}

const gets = (calls: { method: string; path: string }[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.path === path).length;

describe('/dashboard/usuarios-conectados', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(20);
    localStorage.setItem('computerName', THIS_COMPUTER);
  });
  afterEach(() => {
    disconnectHub();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is a built page of the app, not the En construcción card', async () => {
    server({ 'GET /api/usuarios': { body: [makeUser(20)] }, 'GET /api/notifications': { body: [] } });
    renderApp('/dashboard/usuarios-conectados');
    // The page is lazy-loaded: its first import can take a while on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Usuarios Conectados' })).toBeInTheDocument();
    expect(await screen.findByText('Mariana Hernández Ortiz')).toBeInTheDocument();
    expect(screen.queryByText('En construcción')).not.toBeInTheDocument();
  });

  it('shows the four counters from the stats call', async () => {
    server();
    renderPage();
    const counter = (name: string) => screen.getByRole('group', { name });
    await waitFor(() => expect(counter('Conectados')).toHaveTextContent('4'));
    expect(counter('Activos')).toHaveTextContent('2');
    expect(counter('Inactivos')).toHaveTextContent('2');
    expect(counter('Actividad reciente')).toHaveTextContent('3');
  });

  it('lists every connection with its computer, IP, page, action and dates', async () => {
    server();
    renderPage();
    const row = await rowOf('Luis Alberto Ramírez Soto');
    expect(within(row).getByText('tecnico')).toBeInTheDocument();
    expect(within(row).getByText('Android-Chrome-BEEF')).toBeInTheDocument();
    expect(within(row).getByText('10.0.0.1')).toBeInTheDocument();
    expect(within(row).getByText('/dashboard/agenda')).toBeInTheDocument();
    expect(within(row).getByText('Conectado')).toBeInTheDocument();
    expect(within(row).getAllByText(/^\d{2}\/\d{2}\/\d{4}$/)).toHaveLength(2);
    expect(within(row).getAllByText(/^\d{2}:\d{2}$/)).toHaveLength(2);
    // The most recently active first.
    expect(shownUsers()).toEqual(['admin', 'soporte', 'tecnico', 'cajero']);
  });

  it('searches by name, user, IP, computer or page without minding case or accents, and filters by activity', async () => {
    server();
    renderPage();
    await screen.findByText('Mariana Hernández Ortiz');
    const search = screen.getByRole('searchbox', { name: 'Buscar conexión' });
    const searchFor = async (text: string) => {
      await userEvent.clear(search);
      if (text) await userEvent.paste(text);
    };

    await userEvent.click(search);
    for (const [text, expected] of [
      ['HERNANDEZ', ['soporte']],
      ['ramirez', ['tecnico']],
      ['192.168.1', ['soporte']],
      ['android', ['tecnico']],
      ['/dashboard/gastos', ['cajero']],
      ['cajero', ['cajero']],
    ] as const) {
      await searchFor(text);
      await waitFor(() => expect(shownUsers()).toEqual(expected));
    }
    expect(screen.getByRole('status')).toHaveTextContent('1 de 4 conexiones');

    await searchFor('');
    await userEvent.click(screen.getByRole('button', { name: 'Activos' }));
    await waitFor(() => expect(shownUsers()).toEqual(['admin', 'soporte']));
    await userEvent.click(screen.getByRole('button', { name: 'Inactivos' }));
    await waitFor(() => expect(shownUsers()).toEqual(['tecnico', 'cajero']));
    await userEvent.click(search);
    await searchFor('mariana');
    expect(await screen.findByText('Sin resultados')).toBeInTheDocument();
    await searchFor('');
    await userEvent.click(screen.getByRole('button', { name: 'Todos' }));
    await waitFor(() => expect(shownUsers()).toHaveLength(4));
    expect(screen.getByRole('status')).toHaveTextContent('4 conexiones');
  });

  it('paints the activity dots green under 5 min, yellow under 15 and red otherwise', async () => {
    server({}, [
      conn('a', { lastActivity: minutesAgo(4.5) }),
      conn('b', { lastActivity: minutesAgo(5.5) }),
      conn('c', { lastActivity: minutesAgo(14.5) }),
      conn('d', { lastActivity: minutesAgo(15.5) }),
    ]);
    renderPage();
    const dot = async (user: string) => {
      const row = await rowOf(user);
      return within(row).getByRole('img', { name: /^Activo hace (\d+|menos de 1) min$/ });
    };
    const green = await dot('a');
    expect(green).toHaveAccessibleName('Activo hace 4 min');
    expect(green).toHaveStyle({ backgroundColor: theme.palette.success.main });
    expect(await dot('b')).toHaveStyle({ backgroundColor: theme.palette.warning.main });
    expect(await dot('c')).toHaveStyle({ backgroundColor: theme.palette.warning.main });
    const red = await dot('d');
    expect(red).toHaveStyle({ backgroundColor: theme.palette.error.main });
    expect(red).toHaveAccessibleName('Activo hace 15 min');
    await userEvent.hover(green);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Activo hace 4 min');
  });

  it('repaints the dots every 30 s as time goes by', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    server({}, [conn('a', { lastActivity: minutesAgo(4.6) })]);
    renderPage();
    const dot = within(await rowOf('a')).getByRole('img');
    expect(dot).toHaveAttribute('data-activity', 'green');
    act(() => vi.advanceTimersByTime(30_000));
    expect(dot).toHaveAttribute('data-activity', 'yellow');
    expect(dot).toHaveAccessibleName('Activo hace 5 min');
  });

  it('shows Fecha inválida for a date it cannot read', async () => {
    server({}, [conn('roto', { connectedAt: 'no-es-fecha', lastActivity: '2026-13-45' })]);
    renderPage();
    const row = await rowOf('roto');
    expect(screen.getByRole('status')).toHaveTextContent('1 conexión');
    expect(within(row).getAllByText('Fecha inválida')).toHaveLength(2);
    expect(within(row).getByRole('img')).toHaveAttribute('data-activity', 'red');
  });

  it('marks the admin’s own connection with Tú and does not offer to disconnect it', async () => {
    server();
    renderPage();
    const own = await rowOf(ADMIN_NAME);
    expect(within(own).getByText('Tú')).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Detalles' })).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Desconectar' })).not.toBeInTheDocument();
    const other = await rowOf('Mariana Hernández Ortiz');
    expect(within(other).queryByText('Tú')).not.toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Desconectar' })).toBeInTheDocument();
  });

  it('disconnects after confirming, then reloads the list and the counters', async () => {
    let list = [admin, mariana, luis, guadalupe];
    const { calls } = server({
      'GET /api/ConnectedUsers': () => ({ body: list }),
      [`POST /api/ConnectedUsers/disconnect/${luis.connectionId}`]: () => {
        list = [admin, mariana, guadalupe];
        return { body: { ok: true } };
      },
    });
    renderPage();
    const row = await rowOf('Luis Alberto Ramírez Soto');
    await waitFor(() => expect(gets(calls, '/api/ConnectedUsers/stats')).toBe(1));
    expect(gets(calls, '/api/ConnectedUsers')).toBe(1);

    await userEvent.click(within(row).getByRole('button', { name: 'Desconectar' }));
    const dialog = screen.getByRole('dialog', { name: '¿Desconectar a Luis Alberto Ramírez Soto?' });
    expect(dialog).toHaveTextContent('Se cerrará esa conexión; la persona deberá volver a entrar.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desconectar' }));

    expect(await screen.findByText('Conexión cerrada')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Luis Alberto Ramírez Soto')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/ConnectedUsers/disconnect/${luis.connectionId}`,
    ]);
    await waitFor(() => expect(gets(calls, '/api/ConnectedUsers')).toBe(2));
    await waitFor(() => expect(gets(calls, '/api/ConnectedUsers/stats')).toBe(2));
  });

  it('cancelling the confirmation sends nothing; a connection already gone shows the server’s message', async () => {
    const { calls } = server({
      [`POST /api/ConnectedUsers/disconnect/${mariana.connectionId}`]: {
        status: 404,
        body: { error: 'not_found', message: 'La conexión ya no existe.' },
      },
    });
    renderPage();
    const row = await rowOf('Mariana Hernández Ortiz');
    await userEvent.click(within(row).getByRole('button', { name: 'Desconectar' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(within(row).getByRole('button', { name: 'Desconectar' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Desconectar' }));
    expect(await within(screen.getByRole('dialog')).findByText('La conexión ya no existe.')).toBeInTheDocument();
    expect(screen.queryByText('Conexión cerrada')).not.toBeInTheDocument();
  });

  it('shows Error al cargar usuarios conectados with Reintentar when the server answers an error', async () => {
    server({ 'GET /api/ConnectedUsers': { status: 500, body: { error: 'internal', message: 'Error interno' } } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar usuarios conectados');
    server();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Mariana Hernández Ortiz')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows Error de conexión al cargar usuarios when the server cannot be reached', async () => {
    server({
      'GET /api/ConnectedUsers': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error de conexión al cargar usuarios');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('follows the hub: a connection appears, moves to another page and leaves without a refresh', async () => {
    const { calls } = server();
    connectHub();
    renderPage();
    await screen.findByText('Mariana Hernández Ortiz');
    const socket = lastSocket();
    const nuevo = conn('gerente', { fullName: 'Patricia Morales Reyes', currentPage: '' });

    act(() => socket.fire('UserConnected', nuevo));
    const row = await rowOf('Patricia Morales Reyes');
    expect(within(row).getByText('gerente')).toBeInTheDocument();

    act(() =>
      socket.fire('UserActivityUpdate', {
        ...nuevo,
        currentPage: '/dashboard/agenda',
        currentAction: 'Navegando en /dashboard/agenda',
      }),
    );
    expect(
      await within(await rowOf('Patricia Morales Reyes')).findByText('Navegando en /dashboard/agenda'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Patricia Morales Reyes')).toHaveLength(1);

    act(() => socket.fire('UserDisconnected', { ...nuevo, isActive: false }));
    await waitFor(() => expect(screen.queryByText('Patricia Morales Reyes')).not.toBeInTheDocument());
    // Only the first load asked for the list; the counters are asked for again after the events.
    expect(gets(calls, '/api/ConnectedUsers')).toBe(1);
    await waitFor(() => expect(gets(calls, '/api/ConnectedUsers/stats')).toBeGreaterThan(1));
  });

  it('reloads the list and the counters when the hub connects again (events may have been missed)', async () => {
    const { calls } = server();
    connectHub();
    const socket = lastSocket();
    act(() => socket.fire('connect'));
    renderPage();
    await screen.findByText('Mariana Hernández Ortiz');
    await waitFor(() => expect(gets(calls, '/api/ConnectedUsers/stats')).toBe(1));
    expect(gets(calls, '/api/ConnectedUsers')).toBe(1);
    act(() => socket.fire('disconnect', 'transport close'));
    act(() => socket.fire('connect'));
    await waitFor(() => expect(gets(calls, '/api/ConnectedUsers')).toBe(2));
    await waitFor(() => expect(gets(calls, '/api/ConnectedUsers/stats')).toBe(2));
  });

  it('shows every field in the details dialog, the user agent included', async () => {
    server();
    renderPage();
    const row = await rowOf('Luis Alberto Ramírez Soto');
    await userEvent.click(within(row).getByRole('button', { name: 'Detalles' }));
    const dialog = screen.getByRole('dialog', { name: 'Detalles de la conexión' });
    for (const text of [
      'Luis Alberto Ramírez Soto',
      'tecnico',
      'Android-Chrome-BEEF',
      '10.0.0.1',
      '/dashboard/agenda',
      'Conectado',
      luis.connectionId,
      luis.userAgent,
      'Inactivo',
    ]) {
      expect(within(dialog).getAllByText(text).length).toBeGreaterThan(0);
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Probar IP shows the four addresses the server sees, or the failure', async () => {
    server({
      'GET /api/ConnectedUsers/test-connection': {
        body: {
          requestIP: '10.1.1.1',
          forwardedFor: '200.1.2.3, 10.1.1.1',
          realIP: null,
          calculatedRealIP: '200.1.2.3',
        },
      },
    });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Probar IP' }));
    const dialog = screen.getByRole('dialog', { name: 'Prueba de IP' });
    expect(await within(dialog).findByText('10.1.1.1')).toBeInTheDocument();
    expect(within(dialog).getByText('200.1.2.3, 10.1.1.1')).toBeInTheDocument();
    expect(within(dialog).getByText('200.1.2.3')).toBeInTheDocument();
    expect(within(dialog).getByText('—')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    server({
      'GET /api/ConnectedUsers/test-connection': {
        status: 500,
        body: { error: 'internal', message: 'Error interno del servidor' },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Probar IP' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'Error al obtener información: Error interno del servidor',
    );
  });
});
