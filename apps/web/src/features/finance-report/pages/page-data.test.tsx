import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { signIn } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeReport } from '../testing/report-fixtures';
import { FinanceReportPage } from './finance-report-page';
import { prefetchFinanceReportPage } from './page-data';

beforeAll(async () => {
  await import('@mui/x-charts/BarChart');
});
afterEach(() => vi.unstubAllGlobals());

describe('Finanzas fetched ahead (app/prefetch-pages.ts)', () => {
  it("finds this month's report in the cache: no second request", async () => {
    const api = mockFetch({
      'GET /api/usuarios': { body: [{ id: 20 }] },
      'GET /api/finanzas/reporte': ({ query }) => ({
        body: makeReport({ desde: query.get('desde')!, hasta: query.get('hasta')! }),
      }),
    });
    signIn(20);
    // The app's client (30 s fresh): what was fetched ahead is shown without asking again.
    const client = createQueryClient();
    await prefetchFinanceReportPage(client);
    renderWithProviders(<FinanceReportPage />, { path: '/dashboard/finanzas', client });
    expect(await screen.findByRole('group', { name: 'Ingresos totales' })).toBeInTheDocument();
    expect(api.of('GET /api/finanzas/reporte')).toHaveLength(1);
  });
});
