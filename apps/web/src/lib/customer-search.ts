import type { CustomerSearchResult } from '@airlink/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { answerSchemas } from './answer-checks';
import { readResponse } from './read-response';

/**
 * The customer search shared by the navbar search box (customers), the customer picker (components/ui) and
 * WhatsApp's 'Ver cliente' link: it lives here so that no feature imports another one for it.
 */

/** The customer panel's address. */
export const customerPanelPath = (id: number) => `/dashboard/profile?id=${id}`;

/** Query keys of the search; they sit under the customers area's keys (`['customers', …]`), so its invalidations reach them. */
export const customerSearchKeys = {
  all: ['customers', 'search'] as const,
  search: (q: string) => [...customerSearchKeys.all, q] as const,
};

/** GET /api/customer/search?q= (level 5): the best 20 matches. */
export async function searchCustomers(q: string, signal?: AbortSignal): Promise<CustomerSearchResult[]> {
  const data = await api.get<unknown>(`/api/customer/search?q=${encodeURIComponent(q)}`, { signal, silent: true });
  const { customerSearchResultsSchema } = await answerSchemas();
  return readResponse(customerSearchResultsSchema, data, 'con la búsqueda de clientes');
}

export const customerSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: customerSearchKeys.search(q),
    queryFn: ({ signal }) => searchCustomers(q, signal),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

/** Searches while `q` has text; a blank search asks nothing. */
export function useCustomerSearch(q: string) {
  const text = q.trim();
  return useQuery({ ...customerSearchQueryOptions(text), enabled: text.length > 0 });
}
