import { companySchema, type Company } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { companyKeys } from './company-query-keys';
import { readResponse } from '../../../lib/read-response';

/** GET /api/empresa: company data printed on contracts and receipts. */
async function fetchCompany(signal?: AbortSignal): Promise<Company> {
  return readResponse(
    companySchema,
    await api.get<unknown>('/api/empresa', { signal, silent: true }),
    'con los datos de la empresa',
  );
}

const companyQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.all,
    queryFn: ({ signal }) => fetchCompany(signal),
    staleTime: 5 * 60_000,
  });

export function useCompany() {
  return useQuery(companyQueryOptions());
}
