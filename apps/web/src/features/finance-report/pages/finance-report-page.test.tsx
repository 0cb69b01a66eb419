import { businessDate } from '@airlink/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, mockFetch } from '../../../lib/testing/fetch-mock';
import { session } from '../../../lib/session';
import { presetRange } from '../report-range';
import { makeReport } from '../testing/report-fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { FinanceReportPage } from './finance-report-page';

beforeAll(async () => {
  await import('@mui/x-charts/BarChart');
});

const token = fakeToken();
beforeEach(() => {
  localStorage.clear();
  session.set(token, { id: 20, name: 'Ana Admin', email: 'ana@airlink.test', picture: null, idPerfilUsuario: 20 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  session.end('/login');
});

function server() {
  return mockFetch({
    'GET /api/usuarios': { body: [{ id: 20 }] },
    'GET /api/finanzas/reporte': ({ query }) => ({
      body: makeReport({ desde: query.get('desde')!, hasta: query.get('hasta')! }),
    }),
    'GET /api/finanzas/reporte.csv': {
      text: '\uFEFFconcepto,monto\r\nIngresos,25700.50\r\n',
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="finanzas-2026-03-01-2026-03-03.csv"',
      },
    },
  });
}

const tile = (name: string) => screen.getByRole('group', { name });

describe('FinanceReportPage', () => {
  it('asks for this month and shows the totals per group, expenses, net result and adjustments apart', async () => {
    const api = server();
    renderWithProviders(<FinanceReportPage />, { path: '/dashboard/finanzas' });
    expect(await screen.findByRole('group', { name: 'Ingresos totales' })).toHaveTextContent('$25,700.50');
    expect(tile('Ingresos totales')).toHaveTextContent('61 pagos');
    expect(tile('Efectivo Tizayuca')).toHaveTextContent('$12,500.00');
    expect(tile('Efectivo Pachuca')).toHaveTextContent('$4,300.50');
    expect(tile('Banco')).toHaveTextContent('$8,900.00');
    expect(tile('Gastos')).toHaveTextContent('$7,450.25');
    expect(tile('Resultado neto')).toHaveTextContent('$18,250.25');
    const adjustments = screen.getByRole('note', { name: 'Ajustes' });
    expect(adjustments).toHaveTextContent('$900.00');
    expect(adjustments).toHaveTextContent('Los ajustes no son ingresos');

    const today = businessDate(new Date());
    const asked = api.of('GET /api/finanzas/reporte')[0]!.query;
    expect(Object.fromEntries(asked)).toEqual(presetRange('este-mes', today));

    const byAccount = screen.getByRole('table', { name: 'Ingresos por cuenta' });
    const aurrera = within(byAccount).getByText('Oficina Aurrera').closest('tr')!;
    expect(aurrera).toHaveTextContent('30');
    expect(aurrera).toHaveTextContent('$12,500.00');
    expect(within(byAccount).getByText('Total').closest('tr')).toHaveTextContent('$25,700.50');

    const byCategory = screen.getByRole('list', { name: 'Gastos por categoría' });
    expect(
      within(byCategory)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Renta'), expect.stringContaining('Luz')]);
    expect(screen.getByRole('region', { name: 'Ingresos por día' })).toBeInTheDocument();
  });

  it('changes the period with a preset', async () => {
    const api = server();
    renderWithProviders(<FinanceReportPage />, { path: '/dashboard/finanzas' });
    await screen.findByRole('group', { name: 'Ingresos totales' });
    await userEvent.click(screen.getByRole('button', { name: 'Mes anterior' }));
    const today = businessDate(new Date());
    await waitFor(() =>
      expect(Object.fromEntries(api.of('GET /api/finanzas/reporte').at(-1)!.query)).toEqual(
        presetRange('mes-anterior', today),
      ),
    );
    expect(screen.getByRole('button', { name: 'Mes anterior' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('takes its own dates from the address and refuses a range out of order', async () => {
    const api = server();
    renderWithProviders(<FinanceReportPage />, { path: '/dashboard/finanzas?desde=2026-03-01&hasta=2026-03-03' });
    await screen.findByRole('group', { name: 'Ingresos totales' });
    expect(Object.fromEntries(api.of('GET /api/finanzas/reporte')[0]!.query)).toEqual({
      desde: '2026-03-01',
      hasta: '2026-03-03',
    });
    expect(screen.getByText('Reporte del 1 al 3 de marzo de 2026')).toBeInTheDocument();
    const before = api.of('GET /api/finanzas/reporte').length;
    const hasta = screen.getByLabelText('Hasta');
    await userEvent.clear(hasta);
    await userEvent.type(hasta, '2026-02-01');
    expect(await screen.findByText('La fecha inicial debe ser anterior o igual a la final')).toBeInTheDocument();
    expect(api.of('GET /api/finanzas/reporte')).toHaveLength(before);
  });

  it("'Exportar CSV' downloads the report with the bearer token, as a file", async () => {
    const api = server();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:reporte');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.getAttribute('href')}`);
    });

    renderWithProviders(<FinanceReportPage />, { path: '/dashboard/finanzas?desde=2026-03-01&hasta=2026-03-03' });
    await screen.findByRole('group', { name: 'Ingresos totales' });
    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));

    await waitFor(() => expect(downloads).toEqual(['finanzas-2026-03-01-2026-03-03.csv blob:reporte']));
    const call = api.of('GET /api/finanzas/reporte.csv')[0]!;
    expect(call.headers.Authorization).toBe(`Bearer ${token}`);
    expect(Object.fromEntries(call.query)).toEqual({ desde: '2026-03-01', hasta: '2026-03-03' });
    const blob = createObjectURL.mock.calls[0]![0];
    expect(await blob.text()).toContain('Ingresos,25700.50');
    expect(await screen.findByText('Reporte descargado')).toBeInTheDocument();
  });

  it('shows a Spanish error with Reintentar when the report fails', async () => {
    mockFetch({
      'GET /api/usuarios': { body: [{ id: 20 }] },
      'GET /api/finanzas/reporte': { status: 500, body: { error: 'internal', message: 'Falla' } },
    });
    renderWithProviders(<FinanceReportPage />, { path: '/dashboard/finanzas' });
    expect(await screen.findByText('No se pudo cargar el reporte de finanzas.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
