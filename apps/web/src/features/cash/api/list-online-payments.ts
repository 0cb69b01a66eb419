import { onlinePaymentListItemSchema, pagedSchema, type OnlinePaymentState } from '@airlink/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { cashKeys } from './cash-query-keys';

const pagedOnline = pagedSchema(onlinePaymentListItemSchema);
/** A pending OXXO or SPEI payment turns approved on its own: the list is read again every minute. */
const ONLINE_REFRESH_MS = 60_000;

/** GET /api/pagos-en-linea (level 16): the customers' online payments (Mercado Pago), newest first, paged. */
async function fetchOnlinePayments(
  page: number,
  pageSize: number,
  estado: OnlinePaymentState | '',
  signal?: AbortSignal,
) {
  const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (estado) search.set('estado', estado);
  const data = await api.get<unknown>(`/api/pagos-en-linea?${search.toString()}`, { signal, silent: true });
  return readResponse(pagedOnline, data, 'los pagos en línea');
}

export function useOnlinePayments(page: number, pageSize: number, estado: OnlinePaymentState | '') {
  return useQuery(
    queryOptions({
      queryKey: cashKeys.onlinePage(page, pageSize, estado),
      queryFn: ({ signal }) => fetchOnlinePayments(page, pageSize, estado, signal),
      placeholderData: keepPreviousData,
      refetchInterval: ONLINE_REFRESH_MS,
    }),
  );
}
