import { businessDate } from '@airlink/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, openDay } from '../testing/cash-fixtures';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { CashPage } from './cash-page';

beforeAll(async () => {
  await import('@mui/x-data-grid');
});
afterEach(() => vi.unstubAllGlobals());

function server() {
  return mockFetch({
    'GET /api/cuentas': { body: accounts },
    'GET /api/cortes-caja/dia': { body: openDay(4, businessDate(new Date())) },
    'GET /api/cortes-caja': { body: { items: [], total: 0 } },
    'GET /api/Cuentas/pagospendientes': { body: [] },
  });
}

describe('Caja y Bancos', () => {
  it('opens on Corte de caja and keeps the chosen tab in the address', async () => {
    server();
    const { router } = renderWithProviders(<CashPage />, { path: '/dashboard/caja' });
    expect(await screen.findByRole('tab', { name: 'Corte de caja' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: /Oficina Aurrera/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Depósitos pendientes' }));
    expect(await screen.findByText('No hay depósitos pendientes')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=pendientes');

    await userEvent.click(screen.getByRole('tab', { name: 'Importar estado de cuenta' }));
    expect(await screen.findByRole('button', { name: /Elegir archivo CSV/ })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=importar'));
  });
});
