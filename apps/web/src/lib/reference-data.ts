import { accountSchema, z, planSchema } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { readResponse } from './read-response';

/** Query keys of the reference data several areas read (accounts…), cached once for all of them. */
export const referenceKeys = {
  all: ['reference'] as const,
  accounts: () => [...referenceKeys.all, 'accounts'] as const,
  plans: () => [...referenceKeys.all, 'plans'] as const,
};

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
    queryKey: referenceKeys.accounts(),
    queryFn: ({ signal }) => fetchAccounts(signal),
    staleTime: 5 * 60_000,
  });

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}

/** GET /api/planes (every signed-in level): the plans with their speeds (the contract form and Administración). */
async function fetchPlans(signal?: AbortSignal) {
  return readResponse(
    z.array(planSchema),
    await api.get<unknown>('/api/planes', { signal, silent: true }),
    'los planes',
  );
}

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.plans(),
    queryFn: ({ signal }) => fetchPlans(signal),
    staleTime: 5 * 60_000,
  });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
