import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubPortalFetch } from '../testing/portal-fetch';
import { InvoicesPage } from './invoices-page';

afterEach(() => vi.unstubAllGlobals());

describe('portal invoices (Mis facturas)', () => {
  it('lists each invoice with its folio, total, date and state, and links to its own PDF and XML', async () => {
    stubPortalFetch({
      'GET /api/portal/facturas': {
        status: 200,
        body: [
          { id: 31, serie: 'F', folio: 13, fecha: '2026-11-10T17:00:00.000Z', total: 348, estado: 'valida' },
          { id: 30, serie: 'F', folio: 12, fecha: '2026-10-04T03:30:00.000Z', total: 300, estado: 'cancelada' },
        ],
      },
    });
    render(<InvoicesPage />);
    expect(await screen.findByRole('heading', { name: 'Mis facturas' })).toBeInTheDocument();
    const [valid, cancelled] = within(screen.getByRole('list', { name: 'Facturas' })).getAllByRole('listitem');
    expect(within(valid!).getByText(/Factura F13/)).toBeInTheDocument();
    expect(within(valid!).getByText('Vigente')).toBeInTheDocument();
    expect(within(valid!).getByText('$348.00')).toBeInTheDocument();
    expect(within(valid!).getByText('Emitida el 10 de noviembre de 2026')).toBeInTheDocument();
    expect(within(valid!).getByRole('link', { name: 'PDF de la factura F13' })).toHaveAttribute(
      'href',
      '/api/portal/facturas/31/pdf',
    );
    expect(within(valid!).getByRole('link', { name: 'XML de la factura F13' })).toHaveAttribute(
      'href',
      '/api/portal/facturas/31/xml',
    );
    expect(within(cancelled!).getByText('Cancelada')).toBeInTheDocument();
    // Dated in the business time zone: late evening of October 3rd.
    expect(within(cancelled!).getByText('Emitida el 3 de octubre de 2026')).toBeInTheDocument();
    expect(within(cancelled!).getByRole('link', { name: 'PDF de la factura F12' })).toHaveAttribute(
      'href',
      '/api/portal/facturas/30/pdf',
    );
  });

  it('says so when there are none', async () => {
    stubPortalFetch({ 'GET /api/portal/facturas': { status: 200, body: [] } });
    render(<InvoicesPage />);
    expect(await screen.findByText(/Todavía no tienes facturas/)).toBeInTheDocument();
  });

  it('a failed load shows the Spanish message and Reintentar', async () => {
    stubPortalFetch({
      'GET /api/portal/facturas': { status: 500, body: { error: 'internal', message: 'Ocurrió un error.' } },
    });
    render(<InvoicesPage />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
