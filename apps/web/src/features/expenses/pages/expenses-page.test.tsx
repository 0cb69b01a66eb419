import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, categories, makeExpense } from '../testing/expense-fixtures';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { ExpensesPage } from './expenses-page';

afterEach(() => vi.unstubAllGlobals());
beforeAll(async () => {
  await import('@mui/x-data-grid');
});

const luz = makeExpense(7, { descripcion: 'Recibo de luz', monto: 1250.1, categoriaNombre: 'Luz' });
const renta = makeExpense(8, {
  descripcion: 'Renta de marzo',
  monto: 4500.2,
  idGasto: 1,
  categoriaNombre: 'Renta',
  estadoPago: 'Atrasado',
  fechaRealizacion: null,
  fechaPagoProgramada: '2026-03-05',
  cuentaNombre: 'Banamex Crispin',
  creadoPor: 'Luis Ramírez',
});

function server() {
  return mockFetch({
    'GET /api/MovimientoFinancieroCategoria': { body: categories },
    'GET /api/cuentas': { body: accounts },
    'GET /api/MovimientoFinancieroGasto': { body: { items: [luz, renta], total: 12 } },
  });
}
const lastList = (api: ReturnType<typeof server>) => api.of('GET /api/MovimientoFinancieroGasto').at(-1)!.query;

describe('ExpensesPage', () => {
  it('lists the expenses with category, account, amount, status and who, and the total of the page', async () => {
    const api = server();
    renderWithProviders(<ExpensesPage />);
    const table = await screen.findByRole('grid', { name: 'Gastos' });
    const row = (await within(table).findByText('Renta de marzo')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Renta')).toBeInTheDocument();
    expect(within(row).getByText('Banamex Crispin')).toBeInTheDocument();
    expect(within(row).getByText('$4,500.20')).toBeInTheDocument();
    expect(within(row).getByText('Atrasado')).toBeInTheDocument();
    expect(within(row).getByText('Luis Ramírez')).toBeInTheDocument();
    expect(within(row).getByText('05/03/2026')).toBeInTheDocument();
    expect(within(row).getByText('programado')).toBeInTheDocument();
    // 1,250.10 + 4,500.20, exact to the centavo.
    expect(screen.getByTestId('expense-page-total')).toHaveTextContent('$5,750.30');
    expect(screen.getByText('12 gastos')).toBeInTheDocument();
    expect(Object.fromEntries(lastList(api))).toEqual({ page: '0', pageSize: '10' });
  });

  it('asks the server with the status, category, account, dates and debounced search', async () => {
    const api = server();
    renderWithProviders(<ExpensesPage />);
    await screen.findByText('Recibo de luz');
    const list = screen.getByRole('region', { name: 'Gastos registrados' });

    await userEvent.click(within(list).getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Atrasado' }));
    await waitFor(() => expect(lastList(api).get('estadoPago')).toBe('Atrasado'));

    await userEvent.click(within(list).getByRole('combobox', { name: 'Categoría' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Renta' }));
    await waitFor(() => expect(lastList(api).get('idGasto')).toBe('1'));

    await userEvent.click(within(list).getByRole('combobox', { name: 'Cuenta' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Banamex Crispin' }));
    await waitFor(() => expect(lastList(api).get('idCuenta')).toBe('2'));

    await userEvent.type(within(list).getByLabelText('Desde'), '2026-03-01');
    await waitFor(() => expect(lastList(api).get('desde')).toBe('2026-03-01'));

    await userEvent.type(within(list).getByRole('searchbox', { name: 'Buscar gasto' }), 'renta');
    await waitFor(() => expect(lastList(api).get('q')).toBe('renta'));

    await userEvent.click(within(list).getByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() => expect(Object.fromEntries(lastList(api))).toEqual({ page: '0', pageSize: '10' }));
  });

  it('shows a Spanish error with Reintentar when the list cannot be loaded', async () => {
    mockFetch({
      'GET /api/MovimientoFinancieroCategoria': { body: categories },
      'GET /api/cuentas': { body: accounts },
      'GET /api/MovimientoFinancieroGasto': { status: 500, body: { error: 'internal', message: 'Falla' } },
    });
    renderWithProviders(<ExpensesPage />);
    expect(await screen.findByText('No se pudieron cargar los gastos.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
