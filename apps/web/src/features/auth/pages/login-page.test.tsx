import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../app/testing/render-app';
import { session } from '../../../lib/session';
import { fakeToken, mockFetch } from '../../../lib/testing/fetch-mock';
import { makeUser, signIn } from '../../../lib/testing/fixtures';
import { OIDC_PENDING_KEY } from '../oidc-pending';

vi.mock('socket.io-client', async () => (await import('../../../lib/testing/fake-socket')).socketIoMock);

const devUsers = [
  { email: 'soporte@airlink.test', nombre: 'Sofía Soporte', idPerfilUsuario: 5 },
  { email: 'admin@airlink.test', nombre: 'Andrés Admin', idPerfilUsuario: 20 },
];

describe('/login', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the title, the text and the Google button to the authorize endpoint', async () => {
    mockFetch({});
    renderApp('/login');
    // The page loads on first visit (lazy).
    expect(await screen.findByRole('heading', { name: 'Bienvenido a AirLink' })).toBeInTheDocument();
    expect(screen.getByText('Inicia sesión para acceder al sistema')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Iniciar sesión con Google/ })).toHaveAttribute(
      'href',
      '/api/auth/authorize',
    );
    // Demo sign-in is off (404): no demo section.
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByText('Acceso de demostración')).not.toBeInTheDocument();
  });

  it('the Google button marks the sign-in as started in this tab right before leaving', async () => {
    mockFetch({});
    renderApp('/login');
    // jsdom cannot follow the link: stop the navigation, the click handlers still run.
    const stop = (e: Event) => e.preventDefault();
    document.addEventListener('click', stop);
    const before = Date.now();
    expect(sessionStorage.getItem(OIDC_PENDING_KEY)).toBeNull();
    await userEvent.click(await screen.findByRole('link', { name: /Iniciar sesión con Google/ }));
    document.removeEventListener('click', stop);
    const marked = Number(sessionStorage.getItem(OIDC_PENDING_KEY));
    expect(marked).toBeGreaterThanOrEqual(before);
    expect(marked).toBeLessThanOrEqual(Date.now());
  });

  it('lists the demo users with their level and signs in as one, landing on its first page', async () => {
    const user = makeUser(5, { name: 'Sofía Soporte', email: 'soporte@airlink.test' });
    const { calls } = mockFetch({
      'GET /api/auth/dev-users': { body: devUsers },
      'POST /api/auth/dev-login': { body: { token: fakeToken(), user } },
      'GET /api/usuarios': { body: [user] },
      'GET /api/notifications': { body: [] },
    });
    const { router } = renderApp('/login');
    expect(await screen.findByText('Acceso de demostración')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Entrar como Andrés Admin/ })).toHaveTextContent('Nivel 20');
    await userEvent.click(screen.getByRole('button', { name: /Entrar como Sofía Soporte/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/clientes'));
    expect(calls.find((c) => c.path === '/api/auth/dev-login')?.body).toEqual({ email: 'soporte@airlink.test' });
    expect(session.getUser()).toEqual(user);
  });

  it('goes to /dashboard when a session is stored', async () => {
    mockFetch({ 'GET /api/usuarios': { body: [makeUser(20)] }, 'GET /api/notifications': { body: [] } });
    signIn(20);
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/home'));
  });
});
