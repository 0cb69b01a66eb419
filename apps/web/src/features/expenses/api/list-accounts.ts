import { accountSchema } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { expensesKeys } from './expenses-query-keys';
import { readResponse } from './read-response';

/** GET /api/cuentas (level 16): the accounts (payment places) with their group. */
export async function fetchAccounts(signal?: AbortSignal) {
  return readResponse(
    z.array(accountSchema),
    await api.get<unknown>('/api/cuentas', { signal, silent: true }),
    'las cuentas',
  );
}

export const accountsQueryOptions = () =>
  queryOptions({
    queryKey: expensesKeys.accounts(),
    queryFn: ({ signal }) => fetchAccounts(signal),
    staleTime: 5 * 60_000,
  });

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}
