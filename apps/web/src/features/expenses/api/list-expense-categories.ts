import { expenseCategorySchema, z } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { expensesKeys } from './expenses-query-keys';
import { readResponse } from '../../../lib/read-response';

/** GET /api/MovimientoFinancieroCategoria (level 16): the expense categories. */
export async function fetchExpenseCategories(signal?: AbortSignal) {
  const data = await api.get<unknown>('/api/MovimientoFinancieroCategoria', { signal, silent: true });
  return readResponse(z.array(expenseCategorySchema), data, 'las categorías de gasto');
}

export const expenseCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: expensesKeys.categories(),
    queryFn: ({ signal }) => fetchExpenseCategories(signal),
    staleTime: 5 * 60_000,
  });

export function useExpenseCategories() {
  return useQuery(expenseCategoriesQueryOptions());
}
