import { cashCloseItemSchema, pagedSchema } from '@airlink/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cashKeys } from './cash-query-keys';
import { readResponse } from '../../../lib/read-response';

const pagedCloses = pagedSchema(cashCloseItemSchema);

/** GET /api/cortes-caja (level 16): the closes, newest day first, paged. */
export async function fetchCashCloses(page: number, pageSize: number, signal?: AbortSignal) {
  const data = await api.get<unknown>(`/api/cortes-caja?page=${page}&pageSize=${pageSize}`, { signal, silent: true });
  return readResponse(pagedCloses, data, 'la lista de cortes');
}

export const cashClosesQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: cashKeys.closesPage(page, pageSize),
    queryFn: ({ signal }) => fetchCashCloses(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export function useCashCloses(page: number, pageSize: number) {
  return useQuery(cashClosesQueryOptions(page, pageSize));
}
