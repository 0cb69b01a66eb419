import { render, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { fakeToken, mockFetch } from '../../../lib/testing/fetch-mock';
import { makeServerUser, makeUser, signIn } from '../../../lib/testing/fixtures';
import { OIDC_PENDING_KEY, OIDC_PENDING_MAX_AGE_MS } from '../oidc-pending';
import { AuthCallbackPage, NOT_STARTED_HERE_MESSAGE, NOT_VERIFIED_MESSAGE } from './auth-callback-page';

function renderCallback(search: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '/dashboard', element: <p>Página dashboard</p> },
      { path: '/login', element: <p>Página login</p> },
    ],
    { initialEntries: [`/auth/callback${search}`] },
  );
  render(
    <SnackbarProvider>
      <RouterProvider router={router} />
    </SnackbarProvider>,
  );
  return router;
}

const query = (token: string, user: unknown) =>
  `?token=${encodeURIComponent(token)}&user=${encodeURIComponent(JSON.stringify(user))}`;

/** What the login page stores right before going to the identity provider. */
const startSignIn = (at = Date.now()) => sessionStorage.setItem(OIDC_PENDING_KEY, String(at));

describe('/auth/callback', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("started here: checks the token with the server, stores the server's user and goes to /dashboard after 1 s", async () => {
    const token = fakeToken(8 * 3600, '20');
    const server = makeServerUser(20, { nombre: 'Ana', apellidos: 'Pérez' });
    const { calls } = mockFetch({ 'GET /api/usuarios': { body: [makeServerUser(5), server] } });
    startSignIn();
    // The query claims a different name and level: only its shape counts.
    const router = renderCallback(query(token, makeUser(20, { name: 'Otro', idPerfilUsuario: 1 })));
    expect(screen.getByText('Iniciando sesión…')).toBeInTheDocument();
    await waitFor(() => expect(session.getToken()).toBe(token));
    expect(session.getUser()).toEqual({
      id: 20,
      name: 'Ana Pérez',
      email: 'nivel20@airlink.test',
      picture: null,
      idPerfilUsuario: 20,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${token}`);
    expect(sessionStorage.getItem(OIDC_PENDING_KEY)).toBeNull();
    await new Promise((r) => setTimeout(r, 500));
    expect(router.state.location.pathname).toBe('/auth/callback');
    expect(await screen.findByText('Página dashboard', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('takes the token out of the address bar and the history entry at once', () => {
    mockFetch({ 'GET /api/usuarios': { body: [makeServerUser(20)] } });
    startSignIn();
    window.history.replaceState(null, '', `/auth/callback${query(fakeToken(3600, '20'), makeUser(20))}`);
    const replace = vi.spyOn(window.history, 'replaceState');
    renderCallback(query(fakeToken(3600, '20'), makeUser(20)));
    expect(replace.mock.calls.map((c) => c[2])).toEqual(['/auth/callback']);
    expect(window.location.search).toBe('');
    expect(window.location.pathname).toBe('/auth/callback');
  });

  it.each([
    ['no marker', () => {}],
    ['a marker older than 10 minutes', () => startSignIn(Date.now() - OIDC_PENDING_MAX_AGE_MS - 1000)],
    ['a marker that is not a time', () => sessionStorage.setItem(OIDC_PENDING_KEY, 'sí')],
  ])('with %s (not started in this tab) stores nothing and goes to /login with a message', async (_, prepare) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = mockFetch({ 'GET /api/usuarios': { body: [makeServerUser(20)] } });
    prepare();
    const router = renderCallback(query(fakeToken(3600, '20'), makeUser(20)));
    expect(await screen.findByText('Página login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText(NOT_STARTED_HERE_MESSAGE)).toBeInTheDocument();
    expect(session.getToken()).toBeNull();
    expect(calls).toHaveLength(0);
    expect(log).toHaveBeenCalled();
    expect(sessionStorage.getItem(OIDC_PENDING_KEY)).toBeNull();
  });

  it('the marker serves one callback only', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/usuarios': { body: [makeServerUser(20)] } });
    startSignIn();
    renderCallback(query(fakeToken(3600, '20'), makeUser(20)));
    await waitFor(() => expect(session.getUser()?.id).toBe(20));
    session.clear();
    const router = renderCallback(query(fakeToken(3600, '5'), makeUser(5)));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.getToken()).toBeNull();
  });

  it.each([
    ['refuses the token', { status: 401, body: { error: 'unauthorized', message: 'Sesión no válida' } }],
    ['does not list the token user', { body: [makeServerUser(5)] }],
    ['fails', { status: 503, body: { error: 'unavailable', message: 'No disponible' } }],
  ])('when the server %s, nothing is stored and it goes to /login', async (_, reply) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stored = signIn(10, 'sesion-previa');
    mockFetch({ 'GET /api/usuarios': reply });
    startSignIn();
    const router = renderCallback(query(fakeToken(3600, '20'), makeUser(20)));
    expect(await screen.findByText('Página login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText(NOT_VERIFIED_MESSAGE)).toBeInTheDocument();
    // The check neither stored the new token nor ended what was there.
    expect(session.getToken()).toBe('sesion-previa');
    expect(session.getUser()).toEqual(stored);
    expect(log).toHaveBeenCalled();
  });

  it.each([
    ['no user', '?token=abc'],
    ['no token', `?user=${encodeURIComponent(JSON.stringify(makeUser(20)))}`],
    ['user that is not valid JSON', '?token=abc&user=%7Bnope'],
    ['user without the required fields', `?token=abc&user=${encodeURIComponent('{"name":"X"}')}`],
  ])('with %s logs an error and goes to /login', async (_, search) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    startSignIn();
    const router = renderCallback(search);
    expect(await screen.findByText('Página login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(session.getToken()).toBeNull();
    expect(log).toHaveBeenCalled();
  });
});
