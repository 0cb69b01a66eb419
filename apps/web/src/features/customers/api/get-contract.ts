import { contractSchema, type Contract } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customersKeys } from './customers-query-keys';
import { readResponse } from '../../../lib/read-response';

/** Reads one contract answer (GET, PUT and the contract actions all return a Contract). */
export const readContract = (data: unknown): Contract => readResponse(contractSchema, data, 'con un contrato');

/** GET /api/contratos/{id} (level 5): the contract with paid-until, lateness and version. */
export async function fetchContract(id: number, signal?: AbortSignal): Promise<Contract> {
  // The panel and the print view show a failure in place, so the global error toast stays quiet.
  return readContract(await api.get<unknown>(`/api/contratos/${id}`, { signal, silent: true }));
}

export const contractQueryOptions = (id: number) =>
  queryOptions({
    queryKey: customersKeys.contract(id),
    queryFn: ({ signal }) => fetchContract(id, signal),
  });

export function useContract(id: number | null) {
  return useQuery({ ...contractQueryOptions(id ?? 0), enabled: id !== null });
}
