import { NO_HUB_CONNECTION_MESSAGE, type Notification } from '@airlink/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Toaster from '../../../app/toaster';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_OVER_MESSAGE, connectHub, disconnectHub } from '../../../lib/realtime';
import { lastSocket } from '../../../lib/testing/fake-socket';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { makeNotification, signIn } from '../../../lib/testing/fixtures';
import { notificationStore } from '../notification-store';
import { NotificationBell } from './notification-bell';

vi.mock('socket.io-client', async () => (await import('../../../lib/testing/fake-socket')).socketIoMock);

function renderBell() {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/home', element: <NotificationBell /> },
      { path: '*', element: <p>Otra página</p> },
    ],
    { initialEntries: ['/dashboard/home'] },
  );
  render(
    <>
      <Toaster />
      <RouterProvider router={router} />
    </>,
  );
  return router;
}

function seed(unread: number, read = 0) {
  const list: Notification[] = [];
  for (let i = 0; i < unread + read; i++) list.push(makeNotification(i, { read: i < read }));
  act(() => notificationStore.replace(list));
}

describe('notification bell', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(10);
    notificationStore.reload();
  });
  afterEach(() => {
    disconnectHub();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows '9+' above 9 unread", () => {
    seed(12, 3);
    renderBell();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('9+');
    expect(screen.getByRole('button', { name: 'Notificaciones: 12 sin leer' })).toBeInTheDocument();
  });

  it('shows the exact number up to 9 and nothing at 0', () => {
    seed(9, 2);
    renderBell();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('9');
    act(() => notificationStore.markAllRead());
    expect(screen.getByTestId('notification-badge')).toBeEmptyDOMElement();
  });

  it('lists the notifications; clicking one with a customer marks it read and opens its panel', async () => {
    const { calls } = mockFetch({ 'POST /api/notifications/n1/read': { body: {} } });
    act(() =>
      notificationStore.replace([
        makeNotification(1, { user: 'Pago registrado', message: 'Juan pagó $300', customerId: 42 }),
        makeNotification(0, { user: 'Aviso', message: 'Corte programado', read: true }),
      ]),
    );
    const router = renderBell();
    await userEvent.click(screen.getByRole('button', { name: /Notificaciones/ }));
    const menu = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(within(menu).getByText('Pago registrado')).toBeInTheDocument();
    expect(within(menu).getByText('Corte programado')).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Ver todas' })).toHaveAttribute('href', '/dashboard/notificaciones');
    await userEvent.click(within(menu).getByText('Juan pagó $300'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/profile'));
    expect(router.state.location.search).toBe('?id=42');
    expect(notificationStore.get('n1')?.read).toBe(true);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/notifications/n1/read');
  });

  it('shows the empty state', async () => {
    renderBell();
    await userEvent.click(screen.getByRole('button', { name: 'Notificaciones' }));
    expect(screen.getByText('No tienes notificaciones')).toBeInTheDocument();
  });

  it('Enviar aviso while disconnected toasts the no-connection message', async () => {
    connectHub();
    renderBell();
    await userEvent.click(screen.getByRole('button', { name: 'Notificaciones' }));
    // The notice form loads when the menu first opens.
    await userEvent.type(await screen.findByRole('textbox', { name: 'Texto del aviso' }), 'Hola a todos');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar aviso' }));
    expect(await screen.findByText(NO_HUB_CONNECTION_MESSAGE)).toBeInTheDocument();
    expect(lastSocket().emitted.find((e) => e.event === 'SendMessage')).toBeUndefined();
  });

  it('Enviar aviso while connected sends SendMessage through the hub', async () => {
    connectHub();
    act(() => lastSocket().fire('connect'));
    renderBell();
    await userEvent.click(screen.getByRole('button', { name: 'Notificaciones' }));
    // The notice form loads when the menu first opens.
    await userEvent.type(await screen.findByRole('textbox', { name: 'Texto del aviso' }), 'Hola a todos');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar aviso' }));
    expect(await screen.findByText('Aviso enviado')).toBeInTheDocument();
    expect(lastSocket().emitted).toContainEqual({ event: 'SendMessage', args: [{ message: 'Hola a todos' }] });
  });

  it.each([
    ['an outside site', 'https://evil.example/robar'],
    ['a protocol-relative url', '//evil.example'],
    ['a backslash trick', '/\\evil.example'],
    ['a dot-segment trick', '/.//evil.example'],
  ])('a notification linking to %s only gets marked read; with a customer it opens the panel', async (_, url) => {
    const errors = vi.spyOn(console, 'error');
    mockFetch({ 'POST /api/notifications/n1/read': { body: {} }, 'POST /api/notifications/n2/read': { body: {} } });
    act(() =>
      notificationStore.replace([
        makeNotification(2, { message: 'Con cliente', url, customerId: 9 }),
        makeNotification(1, { message: 'Sin cliente', url }),
      ]),
    );
    const router = renderBell();
    await userEvent.click(screen.getByRole('button', { name: /Notificaciones/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Notificaciones' })).getByText('Sin cliente'),
    );
    expect(notificationStore.get('n1')?.read).toBe(true);
    expect(router.state.location.pathname).toBe('/dashboard/home');
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Notificaciones' })).getByText('Con cliente'),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/profile'));
    expect(router.state.location.search).toBe('?id=9');
    expect(errors).not.toHaveBeenCalled();
  });

  it('a notice refused because the session ended shows the server message once', async () => {
    connectHub();
    act(() => lastSocket().fire('connect'));
    lastSocket().ackReply = { ok: false, error: SESSION_OVER_MESSAGE };
    renderBell();
    await userEvent.click(screen.getByRole('button', { name: 'Notificaciones' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Texto del aviso' }), 'Hola');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar aviso' }));
    expect(await screen.findByText(SESSION_OVER_MESSAGE)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByText(SESSION_OVER_MESSAGE)).toHaveLength(1);
  });
});
