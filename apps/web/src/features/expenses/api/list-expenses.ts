import { expenseSchema, pagedSchema, type ExpenseStatus } from '@airlink/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { expensesKeys } from './expenses-query-keys';
import { readResponse } from '../../../lib/read-response';

/** The expense list's filters; '' means "any". Dates are YYYY-MM-DD, both ends included. */
export interface ExpenseFilters {
  desde: string;
  hasta: string;
  idGasto: number | '';
  idCuenta: number | '';
  estadoPago: ExpenseStatus | '';
  q: string;
}

export const NO_EXPENSE_FILTERS: ExpenseFilters = {
  desde: '',
  hasta: '',
  idGasto: '',
  idCuenta: '',
  estadoPago: '',
  q: '',
};

/** The query string of GET /api/MovimientoFinancieroGasto: the page and only the filters in use. */
export function expenseListSearch(page: number, pageSize: number, filters: ExpenseFilters): string {
  const q = new URLSearchParams();
  q.set('page', String(page));
  q.set('pageSize', String(pageSize));
  if (filters.desde) q.set('desde', filters.desde);
  if (filters.hasta) q.set('hasta', filters.hasta);
  if (filters.idGasto !== '') q.set('idGasto', String(filters.idGasto));
  if (filters.idCuenta !== '') q.set('idCuenta', String(filters.idCuenta));
  if (filters.estadoPago) q.set('estadoPago', filters.estadoPago);
  const text = filters.q.trim();
  if (text) q.set('q', text);
  return `?${q.toString()}`;
}

const pagedExpenses = pagedSchema(expenseSchema);

/** GET /api/MovimientoFinancieroGasto (level 16): expenses paged and filtered on the server, newest first. */
export async function fetchExpenses(search: string, signal?: AbortSignal) {
  // The list shows a failure in place (with 'Reintentar'), so the global error toast stays quiet.
  const data = await api.get<unknown>(`/api/MovimientoFinancieroGasto${search}`, { signal, silent: true });
  return readResponse(pagedExpenses, data, 'la lista de gastos');
}

export const expensesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: expensesKeys.list(search),
    queryFn: ({ signal }) => fetchExpenses(search, signal),
    placeholderData: keepPreviousData,
  });

export function useExpenses(search: string) {
  return useQuery(expensesQueryOptions(search));
}
