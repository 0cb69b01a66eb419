import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { mockFetch } from '../../lib/testing/fetch-mock';
import { makeUser, signIn } from '../../lib/testing/fixtures';
import { renderApp } from '../testing/render-app';

vi.mock('socket.io-client', async () => (await import('../../lib/testing/fake-socket')).socketIoMock);

function serverFor(level: number) {
  return mockFetch({
    'GET /api/usuarios': { body: [makeUser(level)] },
    'GET /api/notifications': { body: [] },
  });
}

describe('route guards', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('without a session a dashboard page goes to /login', async () => {
    mockFetch({});
    const { router } = renderApp('/dashboard/clientes');
    expect(await screen.findByRole('heading', { name: 'Bienvenido a AirLink' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('a level below the page minimum gets Sin acceso, even by URL, with a way back', async () => {
    serverFor(5);
    signIn(5);
    const { router } = renderApp('/dashboard/usuarios');
    expect(await screen.findByRole('heading', { name: 'Sin acceso' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/usuarios');
    expect(screen.getByRole('link', { name: 'Volver a mi página de inicio' })).toHaveAttribute(
      'href',
      '/dashboard/clientes',
    );
  });

  it('a level that reaches the page sees it', async () => {
    serverFor(20);
    signIn(20);
    renderApp('/dashboard/finanzas');
    // The report page is lazy-loaded (charts): its first import can take a few seconds in a cold test run.
    expect(await screen.findByRole('heading', { name: 'Finanzas', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Sin acceso')).not.toBeInTheDocument();
  });

  it('/dashboard/usuarios shows the users page to level 20', async () => {
    serverFor(20);
    signIn(20);
    renderApp('/dashboard/usuarios');
    // The page is lazy-loaded: its first import (Data Grid) can take a few seconds in a cold test run.
    expect(await screen.findByRole('heading', { name: 'Usuarios', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Sin acceso')).not.toBeInTheDocument();
  });

  it('/dashboard goes to the landing page of the level', async () => {
    serverFor(5);
    signIn(5);
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/clientes'));
  });

  it('/dashboard with a level that reaches no page shows Sin acceso', async () => {
    serverFor(1);
    signIn(1);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sin acceso' })).toBeInTheDocument();
  });

  it('an unknown path goes to /dashboard when signed in, /login otherwise', async () => {
    serverFor(20);
    signIn(20);
    const a = renderApp('/no/existe');
    await waitFor(() => expect(a.router.state.location.pathname).toBe('/dashboard/home'));
    a.unmount();
    session.clear();
    const b = renderApp('/no/existe');
    await waitFor(() => expect(b.router.state.location.pathname).toBe('/login'));
  });

  it('a stored session the server refuses (and cannot refresh) ends at /login', async () => {
    const unauthorized = { status: 401, body: { error: 'unauthorized', message: 'Sesión no válida' } };
    mockFetch({ 'GET /api/usuarios': unauthorized, 'POST /api/login/refresh-token': unauthorized });
    signIn(20);
    const { router } = renderApp('/dashboard/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.getToken()).toBeNull();
  });

  it('print views are outside the layout and still need a session', async () => {
    serverFor(20);
    signIn(20);
    const a = renderApp('/print/receipt/abc-123');
    expect(await screen.findByText(/No encontramos el recibo «abc-123»/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).not.toBeInTheDocument();
    a.unmount();
    session.clear();
    const b = renderApp('/print/contract/7');
    await waitFor(() => expect(b.router.state.location.pathname).toBe('/login'));
  });
});
