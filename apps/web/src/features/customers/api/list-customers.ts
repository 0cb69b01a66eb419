import { customerListItemSchema, pagedSchema, type CustomerListItem, type Paged } from '@airlink/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customersKeys, type CustomerListParams } from './customers-query-keys';
import { readResponse } from '../../../lib/read-response';

const pageSchema = pagedSchema(customerListItemSchema);

export type CustomerPage = Paged<CustomerListItem>;

/** Query string of the list: only the filters in use ('todos' and blank search are left out). */
export function customerListSearch(params: CustomerListParams): string {
  const q = new URLSearchParams();
  q.set('page', String(params.page));
  q.set('pageSize', String(params.pageSize));
  if (params.sort) q.set('sort', params.sort);
  if (params.dir) q.set('dir', params.dir);
  if (params.q?.trim()) q.set('q', params.q.trim());
  if (params.estado && params.estado !== 'todos') q.set('estado', params.estado);
  if (params.tipo) q.set('tipo', String(params.tipo));
  return `?${q.toString()}`;
}

/** GET /api/customer (level 5): one page of customers, filtered and sorted on the server. */
export async function fetchCustomers(params: CustomerListParams, signal?: AbortSignal): Promise<CustomerPage> {
  const data = await api.get<unknown>(`/api/customer${customerListSearch(params)}`, { signal, silent: true });
  return readResponse(pageSchema, data, 'con la lista de clientes');
}

export const customersQueryOptions = (params: CustomerListParams) =>
  queryOptions({
    queryKey: customersKeys.list(params),
    queryFn: ({ signal }) => fetchCustomers(params, signal),
    // The table keeps showing the last page while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useCustomers(params: CustomerListParams) {
  return useQuery(customersQueryOptions(params));
}
