import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Toaster from '../../../app/toaster';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { makeNotification, signIn } from '../../../lib/testing/fixtures';
import { notificationStore } from '../notification-store';
import { NotificationsPage } from './notifications-page';

function renderPage() {
  render(
    <>
      <Toaster />
      <MemoryRouter>
        <NotificationsPage />
      </MemoryRouter>
    </>,
  );
}

describe('/dashboard/notificaciones', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(10);
    notificationStore.reload();
    act(() =>
      notificationStore.replace([
        makeNotification(2, { user: 'Pago registrado', message: 'Pago de Ana' }),
        makeNotification(1, { user: 'Corte', message: 'Corte de Luis' }),
        makeNotification(0, { user: 'Aviso', message: 'Mantenimiento', read: true }),
      ]),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists every notification and filters the unread ones', async () => {
    renderPage();
    const list = screen.getByRole('list', { name: 'Lista de notificaciones' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(screen.getByRole('tab', { name: 'No leídas (2)' }));
    expect(screen.queryByText('Mantenimiento')).not.toBeInTheDocument();
    expect(screen.getByText('Pago de Ana')).toBeInTheDocument();
  });

  it('marks all read, deletes one and clears all, telling the server', async () => {
    const { calls } = mockFetch({
      'POST /api/notifications/read-all': { body: { updated: 2 } },
      'DELETE /api/notifications/n1': { status: 204 },
      'DELETE /api/notifications': { status: 204 },
    });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Marcar todo como leído' }));
    expect(screen.getByRole('tab', { name: 'No leídas (0)' })).toBeInTheDocument();
    const item = screen.getByText('Corte de Luis').closest('li')!;
    await userEvent.click(within(item).getByRole('button', { name: 'Eliminar notificación' }));
    expect(screen.queryByText('Corte de Luis')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Borrar todo' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Borrar todo' }));
    expect(await screen.findByText('No tienes notificaciones')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
        'POST /api/notifications/read-all',
        'DELETE /api/notifications/n1',
        'DELETE /api/notifications',
      ]),
    );
  });
});
