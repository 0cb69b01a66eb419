import type { CustomerSearchResult } from '@airlink/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customersKeys } from './customers-query-keys';
import { answerSchemas } from '../../../lib/answer-checks';
import { readResponse } from '../../../lib/read-response';

/** GET /api/customer/search?q= (level 5): the best 20 matches. */
export async function searchCustomers(q: string, signal?: AbortSignal): Promise<CustomerSearchResult[]> {
  const data = await api.get<unknown>(`/api/customer/search?q=${encodeURIComponent(q)}`, { signal, silent: true });
  const { customerSearchResultsSchema } = await answerSchemas();
  return readResponse(customerSearchResultsSchema, data, 'con la búsqueda de clientes');
}

export const customerSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: customersKeys.search(q),
    queryFn: ({ signal }) => searchCustomers(q, signal),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

/** Searches while `q` has text; a blank search asks nothing. */
export function useCustomerSearch(q: string) {
  const text = q.trim();
  return useQuery({ ...customerSearchQueryOptions(text), enabled: text.length > 0 });
}
