import { landingPathFor } from '@airlink/domain';
import { render, screen, waitFor } from '@testing-library/react';
import Toaster from '../../../app/toaster';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { fakeToken, mockFetch } from '../../../lib/testing/fetch-mock';
import { makeUser, signIn } from '../../../lib/testing/fixtures';
import { OIDC_PENDING_KEY, OIDC_PENDING_MAX_AGE_MS } from '../oidc-pending';
import { AuthCallbackPage, NOT_STARTED_HERE_MESSAGE, NOT_VERIFIED_MESSAGE } from './auth-callback-page';

function renderCallback(search: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '/dashboard/*', element: <p>Página dashboard</p> },
      { path: '/login', element: <p>Página login</p> },
    ],
    { initialEntries: [`/auth/callback${search}`] },
  );
  render(
    <>
      <Toaster />
      <RouterProvider router={router} />
    </>,
  );
  return router;
}

/** A fresh one-time code each time (the page exchanges each code once). */
let codes = 0;
const newCode = () => Buffer.alloc(32, ++codes).toString('base64url');
const EXCHANGE = 'POST /api/auth/exchange';

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

  it("started here: exchanges the code by POST, stores the server's token and user and goes to the user's home page after 1 s", async () => {
    const token = fakeToken(8 * 3600, '16');
    const user = makeUser(16, { name: 'Carla Cajera' });
    const { calls } = mockFetch({ [EXCHANGE]: { body: { token, user } } });
    const code = newCode();
    startSignIn();
    const router = renderCallback(`?code=${code}`);
    expect(screen.getByText('Iniciando sesión…')).toBeInTheDocument();
    await waitFor(() => expect(session.getToken()).toBe(token));
    expect(session.getUser()).toEqual(user);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ code });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(sessionStorage.getItem(OIDC_PENDING_KEY)).toBeNull();
    await new Promise((r) => setTimeout(r, 500));
    expect(router.state.location.pathname).toBe('/auth/callback');
    expect(await screen.findByText('Página dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(landingPathFor(16));
  });

  it('takes the code out of the address bar and the history entry at once', () => {
    mockFetch({ [EXCHANGE]: { body: { token: fakeToken(3600, '20'), user: makeUser(20) } } });
    startSignIn();
    const code = newCode();
    window.history.replaceState(null, '', `/auth/callback?code=${code}`);
    const replace = vi.spyOn(window.history, 'replaceState');
    renderCallback(`?code=${code}`);
    expect(replace.mock.calls.map((c) => c[2])).toEqual(['/auth/callback']);
    expect(window.location.search).toBe('');
    expect(window.location.pathname).toBe('/auth/callback');
  });

  it('a code is exchanged once even when the page runs its effect twice (React development mode)', async () => {
    const token = fakeToken(3600, '20');
    const { calls } = mockFetch({ [EXCHANGE]: { body: { token, user: makeUser(20) } } });
    startSignIn();
    const code = newCode();
    renderCallback(`?code=${code}`);
    startSignIn();
    renderCallback(`?code=${code}`);
    await waitFor(() => expect(session.getToken()).toBe(token));
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['no marker', () => {}],
    ['a marker older than 10 minutes', () => startSignIn(Date.now() - OIDC_PENDING_MAX_AGE_MS - 1000)],
    ['a marker that is not a time', () => sessionStorage.setItem(OIDC_PENDING_KEY, 'sí')],
  ])('with %s (not started in this tab) exchanges nothing and goes to /login with a message', async (_, prepare) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = mockFetch({ [EXCHANGE]: { body: { token: fakeToken(3600, '20'), user: makeUser(20) } } });
    prepare();
    const router = renderCallback(`?code=${newCode()}`);
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
    mockFetch({ [EXCHANGE]: { body: { token: fakeToken(3600, '20'), user: makeUser(20) } } });
    startSignIn();
    renderCallback(`?code=${newCode()}`);
    await waitFor(() => expect(session.getUser()?.id).toBe(20));
    session.clear();
    const router = renderCallback(`?code=${newCode()}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.getToken()).toBeNull();
  });

  it.each([
    [
      'refuses a used or expired code',
      {
        status: 401,
        body: { error: 'unauthorized', message: 'El código de inicio de sesión expiró. Inicia sesión de nuevo.' },
      },
      'El código de inicio de sesión expiró. Inicia sesión de nuevo.',
    ],
    ['answers without a session', { body: { token: 'x' } }, NOT_VERIFIED_MESSAGE],
    ['fails', { status: 503, body: { error: 'unavailable', message: 'No disponible' } }, NOT_VERIFIED_MESSAGE],
    ['cannot be reached', { network: true }, NOT_VERIFIED_MESSAGE],
  ])('when the server %s, nothing is stored and it goes to /login saying why', async (_, reply, message) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stored = signIn(10, 'sesion-previa');
    mockFetch({ [EXCHANGE]: reply });
    startSignIn();
    const router = renderCallback(`?code=${newCode()}`);
    expect(await screen.findByText('Página login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText(message)).toBeInTheDocument();
    // The failed exchange neither stored anything nor ended what was there.
    expect(session.getToken()).toBe('sesion-previa');
    expect(session.getUser()).toEqual(stored);
    expect(log).toHaveBeenCalled();
  });

  it.each([
    ['no code', ''],
    ['an empty code', '?code='],
    ['a code of the wrong shape', '?code=abc'],
    [
      'a token and user instead of a code (the old callback)',
      `?token=${fakeToken(3600, '20')}&user=${encodeURIComponent(JSON.stringify(makeUser(20)))}`,
    ],
  ])('with %s logs an error, stores nothing and goes to /login', async (_, search) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = mockFetch({});
    startSignIn();
    const router = renderCallback(search);
    expect(await screen.findByText('Página login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(session.getToken()).toBeNull();
    expect(calls).toHaveLength(0);
    expect(log).toHaveBeenCalled();
  });
});
