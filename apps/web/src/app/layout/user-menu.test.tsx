import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../lib/testing/fetch-mock';
import { makeUser, signIn } from '../../lib/testing/fixtures';
import { renderWithProviders } from '../../lib/testing/render';
import { UserMenu } from './user-menu';

async function openMenu(level: number) {
  signIn(level);
  renderWithProviders(<UserMenu user={makeUser(level)} onLogout={() => undefined} />);
  await userEvent.click(screen.getByRole('button', { name: 'Menú de usuario' }));
  await screen.findByRole('menuitem', { name: 'Cerrar sesión' });
}

describe('user menu: API documentation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('level 20 opens the docs in a new tab after the server set its cookie', async () => {
    const server = mockFetch({ 'POST /api/docs/session': { status: 204 } });
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    await openMenu(20);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Documentación de la API' }));
    await waitFor(() => expect(tab.location.href).toBe('/api/docs'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    const [call] = server.of('POST /api/docs/session');
    expect(call?.headers.Authorization).toMatch(/^Bearer /);
  });

  it('closes the new tab when the server refuses', async () => {
    mockFetch({
      'POST /api/docs/session': { status: 403, body: { error: 'forbidden', message: 'No tienes permiso' } },
    });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    await openMenu(20);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Documentación de la API' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.href).toBe('');
  });

  it('lower levels do not see it', async () => {
    mockFetch({});
    await openMenu(18);
    expect(screen.queryByRole('menuitem', { name: 'Documentación de la API' })).not.toBeInTheDocument();
  });
});
