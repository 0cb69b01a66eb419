import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, stubPortalFetch } from '../testing/portal-fetch';
import { AccountPage } from './account-page';

afterEach(() => vi.unstubAllGlobals());

describe('portal account', () => {
  it('shows the name, address, plan and speeds, paid-until, cut-off date, amount to pay and bank accounts', async () => {
    stubPortalFetch({ 'GET /api/portal/cuenta': { status: 200, body: account({ saldoAFavor: 50 }) } });
    render(<AccountPage />);
    expect(await screen.findByRole('heading', { name: 'Hola, María López' })).toBeInTheDocument();
    expect(screen.getByText('Calle Hidalgo 12, Tizayuca')).toBeInTheDocument();
    expect(screen.getByText('Residencial 20 · 20 Mbps de bajada / 5 Mbps de subida')).toBeInTheDocument();
    expect(screen.getByText('Al corriente')).toBeInTheDocument();
    expect(screen.getByText('30 de noviembre de 2026')).toBeInTheDocument();
    expect(screen.getByText('5 de diciembre de 2026')).toBeInTheDocument();
    expect(screen.getByText('Saldo a favor').nextSibling).toHaveTextContent('$50.00');
    const pay = screen.getByRole('region', { name: 'Monto a pagar' });
    expect(within(pay).getByText('$349.00')).toBeInTheDocument();
    expect(within(pay).getByRole('link', { name: 'Pagar en línea' })).toHaveAttribute('href', '/portal/pagar');
    expect(screen.getByText('BBVA')).toBeInTheDocument();
    expect(screen.getByText('012290001234567891')).toBeInTheDocument();
    expect(screen.getByText('A nombre de AirLink SA de CV')).toBeInTheDocument();
  });

  it('late and suspended states read as the staff panel counts them; no speeds until plans have them', async () => {
    stubPortalFetch({
      'GET /api/portal/cuenta': [
        {
          status: 200,
          body: account({
            estado: 'con_retraso',
            diasRetraso: 12,
            plan: { nombre: 'Básico', bajadaMbps: null, subidaMbps: null },
          }),
        },
      ],
    });
    const { unmount } = render(<AccountPage />);
    expect(await screen.findByText('Con retraso de 12 días')).toBeInTheDocument();
    expect(screen.getByText('Básico')).toBeInTheDocument();
    unmount();
    stubPortalFetch({
      'GET /api/portal/cuenta': {
        status: 200,
        body: account({ estado: 'suspendido', diasRetraso: 40, montoAPagar: 379 }),
      },
    });
    render(<AccountPage />);
    expect(await screen.findByText('Servicio suspendido')).toBeInTheDocument();
    expect(screen.getByText(/con la reconexión/)).toBeInTheDocument();
  });

  it('without online payment on, no button: the office or a transfer', async () => {
    stubPortalFetch({
      'GET /api/portal/cuenta': { status: 200, body: account({ pagoEnLinea: false, saldoAFavor: 0 }) },
    });
    render(<AccountPage />);
    expect(await screen.findByText(/El pago en línea no está disponible/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pagar en línea' })).not.toBeInTheDocument();
    expect(screen.queryByText('Saldo a favor')).not.toBeInTheDocument();
  });

  it('a failed load says why and retries', async () => {
    stubPortalFetch({
      'GET /api/portal/cuenta': [
        { status: 500, body: { error: 'internal', message: 'Error interno del servidor.' } },
        { status: 200, body: account() },
      ],
    });
    render(<AccountPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error interno del servidor.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Hola, María López' })).toBeInTheDocument();
  });
});
