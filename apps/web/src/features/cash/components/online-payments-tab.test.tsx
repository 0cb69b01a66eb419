import type { OnlinePaymentListItem } from '@airlink/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { OnlinePaymentsTab } from './online-payments-tab';

beforeAll(async () => {
  await import('@mui/x-data-grid');
});
afterEach(() => vi.unstubAllGlobals());

const item = (n: number, over: Partial<OnlinePaymentListItem> = {}): OnlinePaymentListItem => ({
  id: `0b8f4a1e-58a2-4a6c-9d3e-5f1b2c3d4e5${n}`,
  fecha: '2026-11-20T17:00:00.000Z',
  idCliente: 7,
  idcliente: '260007JuanPerezHidalgo12Centro',
  nombreCliente: `Cliente ${n}`,
  meses: 2,
  monto: 698,
  estado: 'aprobado',
  idPagoMercadoPago: `12345${n}`,
  idPago: 90 + n,
  idRecibo: 40 + n,
  marcado: false,
  motivoMarca: null,
  ...over,
});

describe('Caja y Bancos › Pagos en línea', () => {
  it('lists contract, amount, state and the Mercado Pago payment id; a refunded one is flagged to review', async () => {
    mockFetch({
      'GET /api/pagos-en-linea': {
        body: {
          items: [
            item(1),
            item(2, { estado: 'reembolsado', marcado: true, motivoMarca: 'Reembolsado en Mercado Pago' }),
            item(3, { estado: 'pendiente', idPagoMercadoPago: null, idPago: null, idRecibo: null }),
          ],
          total: 3,
        },
      },
    });
    renderWithProviders(<OnlinePaymentsTab />);
    const grid = await screen.findByRole('grid', { name: 'Pagos en línea' });
    expect(await within(grid).findByRole('link', { name: 'Cliente 1' })).toHaveAttribute(
      'href',
      '/dashboard/profile?id=7',
    );
    expect(within(grid).getByText('123451')).toBeInTheDocument();
    expect(within(grid).getAllByText('$698.00')).toHaveLength(3);
    expect(within(grid).getByText('Aprobado')).toBeInTheDocument();
    expect(within(grid).getByText('Pendiente')).toBeInTheDocument();
    expect(within(grid).getByLabelText('Marcado: Reembolsado en Mercado Pago')).toBeInTheDocument();
    expect(within(grid).getByText('Cliente 2').closest('.MuiDataGrid-row')).toHaveClass('row-highlighted');
    expect(within(grid).getByText('Cliente 1').closest('.MuiDataGrid-row')).not.toHaveClass('row-highlighted');
    expect(screen.getByRole('alert')).toHaveTextContent('Un pago de esta página fue reembolsado');
  });

  it('filters by state on the server, from the first page', async () => {
    const api = mockFetch({ 'GET /api/pagos-en-linea': { body: { items: [], total: 0 } } });
    renderWithProviders(<OnlinePaymentsTab />);
    expect(await screen.findByText('Aún no hay pagos en línea')).toBeInTheDocument();
    expect(api.of('GET /api/pagos-en-linea')[0]!.query.get('page')).toBe('0');
    await userEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Reembolsado' }));
    await waitFor(() => expect(api.of('GET /api/pagos-en-linea').at(-1)!.query.get('estado')).toBe('reembolsado'));
    expect(await screen.findByText('Ningún pago en línea tiene ese estado.')).toBeInTheDocument();
  });
});
