import { pagedSchema, receiptSchema, type Receipt, type Paged } from '@airlink/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { HOME_REFETCH_ON_MOUNT, HOME_STALE_TIME_MS, homeKeys, type HomeReceiptsParams } from './home-query-keys';
import { readResponse } from '../../../lib/read-response';

const pageSchema = pagedSchema(receiptSchema);

function searchOf(params: HomeReceiptsParams): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  return `?${q.toString()}`;
}

/**
 * GET /api/recibos (level 10): receipts, newest first, one page; `desde`/`hasta` are business
 * dates (both included), `grupo` an account group (tizayuca, pachuca, banco).
 */
export async function fetchReceipts(params: HomeReceiptsParams, signal?: AbortSignal): Promise<Paged<Receipt>> {
  const data = await api.get<unknown>(`/api/recibos${searchOf(params)}`, { signal, silent: true });
  return readResponse(pageSchema, data, 'con los pagos');
}

export const receiptsQueryOptions = (params: HomeReceiptsParams) =>
  queryOptions({
    queryKey: homeKeys.receipts(params),
    queryFn: ({ signal }) => fetchReceipts(params, signal),
    placeholderData: keepPreviousData,
    staleTime: HOME_STALE_TIME_MS,
    refetchOnMount: HOME_REFETCH_ON_MOUNT,
  });

export function useReceipts(params: HomeReceiptsParams) {
  return useQuery(receiptsQueryOptions(params));
}
