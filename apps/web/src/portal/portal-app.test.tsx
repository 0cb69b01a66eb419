import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PortalApp, screenOf } from './portal-app';
import { account, stubPortalFetch } from './testing/portal-fetch';

beforeEach(() => window.history.replaceState(null, '', '/portal'));
afterEach(() => vi.unstubAllGlobals());

describe('portal app', () => {
  it('maps its addresses to screens (an unknown one is the account)', () => {
    expect(screenOf('/portal')).toBe('cuenta');
    expect(screenOf('/portal/pagos')).toBe('pagos');
    expect(screenOf('/portal/pagar')).toBe('pagar');
    expect(screenOf('/portal/pago/abc')).toBe('pago');
    expect(screenOf('/portal/pago')).toBe('pago');
    expect(screenOf('/portal/reportes')).toBe('reportes');
    expect(screenOf('/portal/facturas')).toBe('facturas');
    expect(screenOf('/portal/otra')).toBe('cuenta');
    expect(screenOf('/portal', new URLSearchParams('pago=abc&status=approved'))).toBe('pago');
  });

  it('without a session (401) shows the sign-in; after it, the account', async () => {
    stubPortalFetch({
      'GET /api/portal/cuenta': [
        { status: 401, body: { error: 'unauthorized', message: 'Inicia sesión.' } },
        { status: 200, body: account() },
      ],
      'POST /api/portal/codigo': { status: 202, body: { message: 'Te enviamos un código.' } },
      'POST /api/portal/sesion': { status: 200, body: { nombre: 'María', expira: '2026-12-27T00:00:00Z' } },
    });
    render(<PortalApp />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Número de contrato'), '12');
    await user.type(screen.getByLabelText('Teléfono'), '7711234567');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    await user.type(await screen.findByLabelText('Código de 6 dígitos'), '123456');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { name: 'Hola, María López' })).toBeInTheDocument();
  });

  it("moves between screens from the navigation, and 'Salir' ends the session", async () => {
    const { calls } = stubPortalFetch({
      'GET /api/portal/cuenta': { status: 200, body: account() },
      'GET /api/portal/pagos': { status: 200, body: [] },
      'GET /api/portal/facturas': { status: 200, body: [] },
      'POST /api/portal/salir': { status: 204 },
    });
    render(<PortalApp />);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Hola, María López' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Mis pagos' }));
    expect(await screen.findByRole('heading', { name: 'Mis pagos' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/portal/pagos');
    expect(screen.getByRole('link', { name: 'Mis pagos' })).toHaveAttribute('aria-current', 'page');
    // 'Mis facturas' comes in its own chunk when opened.
    await user.click(screen.getByRole('link', { name: 'Mis facturas' }));
    expect(await screen.findByRole('heading', { name: 'Mis facturas' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/portal/facturas');
    expect(screen.getByRole('link', { name: 'Mis facturas' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Salir' }));
    expect(await screen.findByRole('button', { name: 'Enviar código' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/portal/salir')).toBe(true);
    expect(window.location.pathname).toBe('/portal');
  });
});
