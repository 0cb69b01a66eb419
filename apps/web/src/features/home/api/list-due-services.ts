import { dueContractItemSchema, pagedSchema, type DueContractItem, type Paged } from '@airlink/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toSearchParams, type ServerTableParams } from '../../../components/ui/use-server-table';
import { HOME_REFETCH_ON_MOUNT, HOME_STALE_TIME_MS, homeKeys } from './home-query-keys';
import { readResponse } from '../../../lib/read-response';

const pageSchema = pagedSchema(dueContractItemSchema);

/**
 * GET /api/contratos/getduecontractsservices (level 10): active contracts past their cut-off date,
 * most late first, one page.
 */
export async function fetchDueServices(
  params: ServerTableParams,
  signal?: AbortSignal,
): Promise<Paged<DueContractItem>> {
  const data = await api.get<unknown>(`/api/contratos/getduecontractsservices${toSearchParams(params)}`, {
    signal,
    silent: true,
  });
  return readResponse(pageSchema, data, 'con los servicios vencidos');
}

export const dueServicesQueryOptions = (params: ServerTableParams) =>
  queryOptions({
    queryKey: homeKeys.dueServices(params),
    queryFn: ({ signal }) => fetchDueServices(params, signal),
    placeholderData: keepPreviousData,
    staleTime: HOME_STALE_TIME_MS,
    refetchOnMount: HOME_REFETCH_ON_MOUNT,
  });

export function useDueServices(params: ServerTableParams) {
  return useQuery(dueServicesQueryOptions(params));
}
