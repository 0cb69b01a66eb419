import { logEntrySchema, pagedSchema, type LogEntry, type Paged } from '@airlink/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toSearchParams, type ServerTableParams } from '../../../components/ui/use-server-table';
import { customersKeys } from './customers-query-keys';
import { readResponse } from '../../../lib/read-response';

const pageSchema = pagedSchema(logEntrySchema);

/** GET /api/customer/{id}/logs (level 5): the customer's Registro, newest first, paged. */
export async function fetchCustomerLogs(
  id: number,
  params: ServerTableParams,
  signal?: AbortSignal,
): Promise<Paged<LogEntry>> {
  const data = await api.get<unknown>(`/api/customer/${id}/logs${toSearchParams(params)}`, { signal, silent: true });
  return readResponse(pageSchema, data, 'con el registro del cliente');
}

export const customerLogsQueryOptions = (id: number, params: ServerTableParams) =>
  queryOptions({
    queryKey: customersKeys.logsPage(id, params),
    queryFn: ({ signal }) => fetchCustomerLogs(id, params, signal),
    placeholderData: keepPreviousData,
  });

export function useCustomerLogs(id: number, params: ServerTableParams) {
  return useQuery(customerLogsQueryOptions(id, params));
}
