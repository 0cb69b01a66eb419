import { companySchema, type Company } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customersKeys } from './customers-query-keys';
import { readResponse } from '../../../lib/read-response';

/** GET /api/empresa (level 5): company data printed on contracts and receipts. */
export async function fetchCompany(signal?: AbortSignal): Promise<Company> {
  return readResponse(
    companySchema,
    await api.get<unknown>('/api/empresa', { signal, silent: true }),
    'con los datos de la empresa',
  );
}

export const companyQueryOptions = () =>
  queryOptions({
    queryKey: customersKeys.company(),
    queryFn: ({ signal }) => fetchCompany(signal),
    staleTime: 5 * 60_000,
  });

export function useCompany() {
  return useQuery(companyQueryOptions());
}
