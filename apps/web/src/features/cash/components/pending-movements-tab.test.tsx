import { PENDING_PAYMENTS_REFRESH_MS, type PendingMovement } from '@airlink/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pendingMovementsQueryOptions } from '../api/list-pending-movements';
import { accounts } from '../testing/cash-fixtures';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { PendingMovementsTab } from './pending-movements-tab';

beforeAll(async () => {
  await import('@mui/x-data-grid');
});
afterEach(() => vi.unstubAllGlobals());

const movement = (id: number, overrides: Partial<PendingMovement> = {}): PendingMovement => ({
  id,
  referencia: `REF-${id}`,
  fechaRealizacion: '2026-03-05',
  monto: 300,
  idCuenta: 2,
  cuenta: 'Banamex Crispin',
  descripcion: 'DEPOSITO EN EFECTIVO',
  ...overrides,
});

describe('Depósitos pendientes', () => {
  it('lists the pending deposits with their total, searches by reference and filters by account', async () => {
    const api = mockFetch({
      'GET /api/cuentas': { body: accounts },
      'GET /api/Cuentas/pagospendientes': { body: [movement(1), movement(2, { monto: 450.5 })] },
    });
    renderWithProviders(<PendingMovementsTab />);
    const grid = await screen.findByRole('grid', { name: 'Depósitos pendientes' });
    expect(await within(grid).findByText('REF-2')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 depósitos pendientes · $750.50');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar por referencia' }), 'REF-2');
    await waitFor(() => expect(api.of('GET /api/Cuentas/pagospendientes').at(-1)!.query.get('q')).toBe('REF-2'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Cuenta' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Banamex Airlink' }));
    await waitFor(() => expect(api.of('GET /api/Cuentas/pagospendientes').at(-1)!.query.get('idCuenta')).toBe('6'));
  });

  it("asks again with 'Actualizar' and on its own every 15 minutes", async () => {
    const api = mockFetch({
      'GET /api/cuentas': { body: accounts },
      'GET /api/Cuentas/pagospendientes': { body: [movement(1)] },
    });
    renderWithProviders(<PendingMovementsTab />);
    await screen.findByText('REF-1');
    const before = api.of('GET /api/Cuentas/pagospendientes').length;
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(api.of('GET /api/Cuentas/pagospendientes').length).toBe(before + 1));
    expect(pendingMovementsQueryOptions('', '').refetchInterval).toBe(PENDING_PAYMENTS_REFRESH_MS);
    expect(screen.getByText(/Se actualiza sola cada 15 minutos/)).toBeInTheDocument();
  });
});
