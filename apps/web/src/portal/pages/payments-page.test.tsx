import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubPortalFetch } from '../testing/portal-fetch';
import { PaymentsPage } from './payments-page';

afterEach(() => vi.unstubAllGlobals());

describe('portal payments', () => {
  it('lists each payment with its date, period and a link to its own receipt PDF', async () => {
    stubPortalFetch({
      'GET /api/portal/pagos': {
        status: 200,
        body: [
          {
            id: 9,
            fecha: '2026-11-03T18:20:00.000Z',
            monto: 698,
            periodoInicio: '2026-11-01',
            periodoFin: '2026-12-31',
            idRecibo: 41,
          },
        ],
      },
    });
    render(<PaymentsPage />);
    expect(await screen.findByText('$698.00')).toBeInTheDocument();
    expect(screen.getByText('Pagado el 3 de noviembre de 2026')).toBeInTheDocument();
    expect(screen.getByText('Periodo: 1 de noviembre de 2026 al 31 de diciembre de 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recibo (PDF)' })).toHaveAttribute('href', '/api/portal/recibos/41/pdf');
  });

  it('an instant late in the evening is dated in the business time zone', async () => {
    stubPortalFetch({
      'GET /api/portal/pagos': {
        status: 200,
        body: [
          {
            id: 1,
            fecha: '2026-11-04T03:30:00.000Z',
            monto: 349,
            periodoInicio: '2026-11-01',
            periodoFin: '2026-11-30',
            idRecibo: 2,
          },
        ],
      },
    });
    render(<PaymentsPage />);
    expect(await screen.findByText('Pagado el 3 de noviembre de 2026')).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    stubPortalFetch({ 'GET /api/portal/pagos': { status: 200, body: [] } });
    render(<PaymentsPage />);
    expect(await screen.findByText(/Todavía no hay pagos/)).toBeInTheDocument();
  });
});
