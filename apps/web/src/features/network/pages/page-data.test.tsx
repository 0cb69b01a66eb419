import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { signIn } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeDevice } from '../testing/network-fixtures';
import { DevicesPage } from './devices-page';
import { prefetchDevicesPage } from './page-data';

beforeAll(async () => {
  await import('@mui/x-data-grid');
});
afterEach(() => vi.unstubAllGlobals());

describe('Dispositivos fetched ahead (app/prefetch-pages.ts)', () => {
  it('finds its first page in the cache: no second request', async () => {
    const api = mockFetch({
      'GET /api/devices': { body: { items: [makeDevice(7, { hostname: 'Casa Pérez' })], total: 1 } },
      'GET /api/site': { body: [] },
    });
    signIn(10);
    // The app's client (30 s fresh): what was fetched ahead is shown without asking again.
    const client = createQueryClient();
    await prefetchDevicesPage(client);
    renderWithProviders(<DevicesPage />, { path: '/dashboard/devices', client });
    expect(await screen.findByText('Casa Pérez')).toBeInTheDocument();
    expect(api.of('GET /api/devices')).toHaveLength(1);
  });
});
