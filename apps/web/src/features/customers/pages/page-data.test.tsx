import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { makeUser, signIn } from '../../../lib/testing/fixtures';
import { createQueryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeContract, makeListItem } from '../customer-fixtures';
import { CustomerPanelPage } from './customer-panel-page';
import { CustomersPage } from './customers-page';
import { prefetchCustomerPanel, prefetchCustomersPage } from './page-data';

vi.mock('socket.io-client', async () => (await import('../../../lib/testing/fake-socket')).socketIoMock);
beforeAll(async () => {
  await import('@mui/x-data-grid');
});
afterEach(() => vi.unstubAllGlobals());

describe("the customers area's data fetched ahead (app/prefetch-pages.ts)", () => {
  it('Clientes finds its first page in the cache: no second request', async () => {
    const api = mockFetch({
      'GET /api/usuarios': { body: [makeUser(5)] },
      'GET /api/customer': { body: { items: [makeListItem(1, { nombre: 'Ana López' })], total: 1 } },
    });
    signIn(5);
    // The app's client (30 s fresh): what was fetched ahead is shown without asking again.
    const client = createQueryClient();
    await prefetchCustomersPage(client);
    expect(api.of('GET /api/customer')).toHaveLength(1);
    renderWithProviders(<CustomersPage />, { path: '/dashboard/clientes', client });
    expect(await screen.findByText('Ana López')).toBeInTheDocument();
    expect(api.of('GET /api/customer')).toHaveLength(1);
  });

  it("a customer's panel finds the contract and its first payments in the cache", async () => {
    const api = mockFetch({
      'GET /api/usuarios': { body: [makeUser(5)] },
      'GET /api/contratos/7': { body: makeContract({ id: 7, nombre: 'Beto Ruiz' }) },
      'GET /api/customer/7/payments': { body: { items: [], total: 0 } },
    });
    signIn(5);
    // The app's client (30 s fresh): what was fetched ahead is shown without asking again.
    const client = createQueryClient();
    await prefetchCustomerPanel(client, 7);
    renderWithProviders(<CustomerPanelPage />, { path: '/dashboard/profile?id=7', client });
    expect(await screen.findByRole('heading', { level: 1, name: 'Beto Ruiz' })).toBeInTheDocument();
    expect(api.of('GET /api/contratos/7')).toHaveLength(1);
    expect(api.of('GET /api/customer/7/payments')).toHaveLength(1);
  });
});
