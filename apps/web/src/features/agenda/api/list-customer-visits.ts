import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { agendaKeys } from './agenda-query-keys';
import { readAgendaPage } from './read-agenda';

/** GET /api/customer/{id}/agenda: one customer's visits, newest first, paged. */
export async function fetchCustomerVisits(customerId: number, page: number, pageSize: number, signal?: AbortSignal) {
  const data = await api.get<unknown>(`/api/customer/${customerId}/agenda?page=${page}&pageSize=${pageSize}`, {
    signal,
    silent: true,
  });
  return readAgendaPage(data);
}

export const customerVisitsQueryOptions = (customerId: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: agendaKeys.customerPage(customerId, page, pageSize),
    queryFn: ({ signal }) => fetchCustomerVisits(customerId, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export function useCustomerVisits(customerId: number, page: number, pageSize: number) {
  return useQuery(customerVisitsQueryOptions(customerId, page, pageSize));
}
