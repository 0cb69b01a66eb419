import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { makeUser } from '../../../lib/testing/fixtures';
import { AuthCallbackPage } from './auth-callback-page';

function renderCallback(search: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '/dashboard', element: <p>Página dashboard</p> },
      { path: '/login', element: <p>Página login</p> },
    ],
    { initialEntries: [`/auth/callback${search}`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('/auth/callback', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('stores token and user, shows the spinner, then goes to /dashboard after 1 s', async () => {
    const user = makeUser(20);
    const router = renderCallback(`?token=abc.def.ghi&user=${encodeURIComponent(JSON.stringify(user))}`);
    expect(screen.getByText('Iniciando sesión…')).toBeInTheDocument();
    expect(session.getToken()).toBe('abc.def.ghi');
    expect(session.getUser()).toEqual(user);
    await new Promise((r) => setTimeout(r, 500));
    expect(router.state.location.pathname).toBe('/auth/callback');
    expect(await screen.findByText('Página dashboard', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it.each([
    ['no user', '?token=abc'],
    ['no token', `?user=${encodeURIComponent(JSON.stringify(makeUser(20)))}`],
    ['user that is not valid JSON', '?token=abc&user=%7Bnope'],
    ['user without the required fields', `?token=abc&user=${encodeURIComponent('{"name":"X"}')}`],
  ])('with %s logs an error and goes to /login', async (_, search) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderCallback(search);
    expect(await screen.findByText('Página login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(session.getToken()).toBeNull();
    expect(log).toHaveBeenCalled();
  });
});
