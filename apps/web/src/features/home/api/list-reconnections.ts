import { pagedSchema, reconnectionItemSchema, type ReconnectionItem, type Paged } from '@airlink/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toSearchParams, type ServerTableParams } from '../../../components/ui/use-server-table';
import { HOME_REFETCH_ON_MOUNT, HOME_STALE_TIME_MS, homeKeys } from './home-query-keys';
import { readResponse } from '../../../lib/read-response';

const pageSchema = pagedSchema(reconnectionItemSchema);

/** GET /api/recibos/reconexiones (level 10): reconnection receipts, newest first, one page. */
export async function fetchReconnections(
  params: ServerTableParams,
  signal?: AbortSignal,
): Promise<Paged<ReconnectionItem>> {
  const data = await api.get<unknown>(`/api/recibos/reconexiones${toSearchParams(params)}`, { signal, silent: true });
  return readResponse(pageSchema, data, 'con las reconexiones');
}

export const reconnectionsQueryOptions = (params: ServerTableParams) =>
  queryOptions({
    queryKey: homeKeys.reconnections(params),
    queryFn: ({ signal }) => fetchReconnections(params, signal),
    placeholderData: keepPreviousData,
    staleTime: HOME_STALE_TIME_MS,
    refetchOnMount: HOME_REFETCH_ON_MOUNT,
  });

export function useReconnections(params: ServerTableParams) {
  return useQuery(reconnectionsQueryOptions(params));
}
