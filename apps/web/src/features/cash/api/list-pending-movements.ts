import { PENDING_PAYMENTS_REFRESH_MS, pendingMovementSchema, z } from '@airlink/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cashKeys } from './cash-query-keys';
import { readResponse } from '../../../lib/read-response';

/** At most this many pending movements are listed (the server's cap is 500). */
export const PENDING_LIMIT = 500;

/** GET /api/Cuentas/pagospendientes (level 16): bank movements no payment uses yet, newest first. */
export async function fetchPendingMovements(q: string, idCuenta: number | '', signal?: AbortSignal) {
  const search = new URLSearchParams({ limit: String(PENDING_LIMIT) });
  if (q.trim()) search.set('q', q.trim());
  if (idCuenta !== '') search.set('idCuenta', String(idCuenta));
  const data = await api.get<unknown>(`/api/Cuentas/pagospendientes?${search.toString()}`, { signal, silent: true });
  return readResponse(z.array(pendingMovementSchema), data, 'los depósitos pendientes');
}

export const pendingMovementsQueryOptions = (q: string, idCuenta: number | '') =>
  queryOptions({
    queryKey: cashKeys.pendingList(q.trim(), idCuenta),
    queryFn: ({ signal }) => fetchPendingMovements(q, idCuenta, signal),
    placeholderData: keepPreviousData,
    // docs/business-rules.md "Screens": pending payments refresh every 15 minutes.
    refetchInterval: PENDING_PAYMENTS_REFRESH_MS,
  });

export function usePendingMovements(q: string, idCuenta: number | '') {
  return useQuery(pendingMovementsQueryOptions(q, idCuenta));
}
