import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../features/notifications/notification-store';
import { session } from '../../lib/session';
import { lastSocket } from '../../lib/testing/fake-socket';
import { mockFetch } from '../../lib/testing/fetch-mock';
import { makeNotification, makeUser, signIn } from '../../lib/testing/fixtures';
import { renderApp } from '../testing/render-app';

vi.mock('socket.io-client', async () => (await import('../../lib/testing/fake-socket')).socketIoMock);

/** A page that is only its 'En construcción' card: the layout tests need the layout, not a heavy lazy page. */
const LIGHT_PAGE = '/dashboard/empleados';
/** The home page loads its lazy dashboards first; on a busy 2-core machine that takes seconds. */

function server(level: number, notifications = [makeNotification(1)]) {
  return mockFetch({
    'GET /api/usuarios': { body: [makeUser(level)] },
    'GET /api/notifications': { body: notifications },
    'POST /api/auth/logout': { status: 204 },
  });
}

describe('dashboard layout', () => {
  beforeEach(() => {
    localStorage.clear();
    notificationStore.reload();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows breadcrumb, search box, version, push dot and user; loads the notifications', async () => {
    server(20);
    signIn(20);
    renderApp('/dashboard/clientes');
    const crumbs = (await screen.findAllByRole('navigation', { name: 'Ruta de navegación' }))[0]!;
    expect(crumbs).toHaveTextContent('Gestión de Clientes/Clientes');
    expect(screen.getByRole('combobox', { name: 'Buscar cliente' })).toHaveAttribute('placeholder', 'Buscar cliente…');
    expect(screen.getByText('v2.1.21')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Sin conexión a notificaciones' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('1'));
    act(() => lastSocket().fire('connect'));
    expect(screen.getByRole('status', { name: 'Conectado a notificaciones' })).toBeInTheDocument();
  });

  it('reports every navigation to the hub', async () => {
    server(20);
    signIn(20);
    const { router } = renderApp('/dashboard/clientes');
    await screen.findAllByRole('navigation', { name: 'Menú principal' });
    const s = lastSocket();
    act(() => s.fire('connect'));
    await act(() => router.navigate('/dashboard/agenda'));
    expect(s.emitted).toContainEqual({ event: 'UpdateUserPage', args: ['/dashboard/clientes'] });
    // The page reported is the one on the screen: the agenda is reported once its lazy page has loaded and shown.
    await waitFor(() => expect(s.emitted).toContainEqual({ event: 'UpdateUserPage', args: ['/dashboard/agenda'] }));
  });

  it('a ReceiveMessage adds the notification and shows a toast', async () => {
    server(20, []);
    signIn(20);
    renderApp(LIGHT_PAGE);
    await screen.findAllByRole('navigation', { name: 'Menú principal' });
    act(() =>
      lastSocket().fire(
        'ReceiveMessage',
        makeNotification(5, { user: 'Corte', message: 'Se cortó el servicio de Ana' }),
      ),
    );
    expect(await screen.findByText('Se cortó el servicio de Ana')).toBeInTheDocument();
    expect(notificationStore.get('n5')).toBeDefined();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('1');
  });

  it('logout asks first, then ends the session on the server and here, and shows /logedout', async () => {
    const { calls } = server(20);
    signIn(20);
    const { router } = renderApp(LIGHT_PAGE);
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Estás seguro?' });
    expect(within(dialog).getByText('Estas cerrando sesión')).toBeInTheDocument();
    const s = lastSocket();
    document.cookie = 'airlink_auth=1; path=/';
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/logedout'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/auth/logout');
    expect(session.getToken()).toBeNull();
    expect(session.getUser()).toBeNull();
    expect(document.cookie).not.toContain('airlink_auth=1');
    expect(s.disconnect).toHaveBeenCalled();
    expect(await screen.findByText('El usuario no existe en el sistema o no esta logueado')).toBeInTheDocument();
  });

  it('a SessionEnded from the hub goes to /logedout with the reason', async () => {
    server(20);
    signIn(20);
    const { router } = renderApp(LIGHT_PAGE);
    await screen.findAllByRole('navigation', { name: 'Menú principal' });
    act(() => lastSocket().fire('SessionEnded', { reason: 'Tu usuario fue desactivado' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/logedout'));
    expect(await screen.findByTestId('logout-error')).toHaveTextContent('Tu usuario fue desactivado');
  });

  it('the home page greets the user with the view of the level', async () => {
    server(20);
    signIn(20);
    renderApp('/dashboard/home');
    expect(await screen.findByRole('heading', { name: /Usuario/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Panel de administración' })).toBeInTheDocument();
  });

  it("'Abrir menú' opens the drawer; choosing a page goes there and closes it", async () => {
    server(20);
    signIn(20);
    renderApp(LIGHT_PAGE);
    const drawer = (await screen.findByRole('button', { name: 'Abrir menú' })).ownerDocument.querySelector(
      'dialog.sh-drawer',
    ) as HTMLDialogElement;
    expect(drawer.open).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    await waitFor(() => expect(drawer.open).toBe(true));
    await userEvent.click(within(drawer).getByRole('link', { name: 'Clientes' }));
    await waitFor(() => expect(drawer.open).toBe(false));
    // The breadcrumb follows the route once the page's chunk arrived: wait for it rather than read it at once.
    await waitFor(() =>
      expect(screen.getAllByRole('navigation', { name: 'Ruta de navegación' })[0]).toHaveTextContent('Clientes'),
    );
  });
});
