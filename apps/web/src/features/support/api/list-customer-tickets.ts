import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readTicketPage } from './read-support';
import { supportKeys } from './support-query-keys';

/** GET /api/customer/{id}/supports: one customer's tickets, newest first, paged. */
export async function fetchCustomerTickets(customerId: number, page: number, pageSize: number, signal?: AbortSignal) {
  const data = await api.get<unknown>(`/api/customer/${customerId}/supports?page=${page}&pageSize=${pageSize}`, {
    signal,
    silent: true,
  });
  return readTicketPage(data);
}

export const customerTicketsQueryOptions = (customerId: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: supportKeys.customerPage(customerId, page, pageSize),
    queryFn: ({ signal }) => fetchCustomerTickets(customerId, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export function useCustomerTickets(customerId: number, page: number, pageSize: number) {
  return useQuery(customerTicketsQueryOptions(customerId, page, pageSize));
}
