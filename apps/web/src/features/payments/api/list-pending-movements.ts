import { PENDING_PAYMENTS_REFRESH_MS, pendingMovementSchema, type PendingMovement, z } from '@airlink/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useIdleReached } from '../../../lib/idle-lazy';
import { paymentsKeys } from './payments-query-keys';
import { readResponse } from '../../../lib/read-response';

const listSchema = z.array(pendingMovementSchema);

/** The search text as sent: trimmed and lower case (references match without regard to case). */
export const pendingQueryText = (q: string) => q.trim().toLowerCase();

/** GET /api/Cuentas/pagospendientes?q= (level 16): bank movements no payment uses yet, newest first. */
export async function fetchPendingMovements(q: string, signal?: AbortSignal): Promise<PendingMovement[]> {
  const text = pendingQueryText(q);
  const search = text ? `?q=${encodeURIComponent(text)}` : '';
  const data = await api.get<unknown>(`/api/Cuentas/pagospendientes${search}`, { signal, silent: true });
  return readResponse(listSchema, data, 'con los depósitos pendientes');
}

/** Pending movements are fresh for 15 minutes and fetched again every 15 minutes (docs/business-rules.md "Screens"). */
export const pendingMovementsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: paymentsKeys.pending(pendingQueryText(q)),
    queryFn: ({ signal }) => fetchPendingMovements(q, signal),
    staleTime: PENDING_PAYMENTS_REFRESH_MS,
    refetchInterval: PENDING_PAYMENTS_REFRESH_MS,
  });

/**
 * The reference autocomplete: asks only with `enabled` (more than 2 characters typed). Until the
 * server answers, the matches among the last answer (or the movements the panel keeps loaded) are shown.
 */
export function usePendingMovements(q: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    ...pendingMovementsQueryOptions(q),
    enabled,
    placeholderData: (previous) => {
      const text = pendingQueryText(q);
      const source = previous ?? queryClient.getQueryData(pendingMovementsQueryOptions('').queryKey);
      return source?.filter((m) => m.referencia.toLowerCase().includes(text));
    },
  });
}

/**
 * Keeps the newest pending movements loaded and refreshed every 15 minutes while the customer
 * panel is open (docs/business-rules.md "Screens"), for cashiers who can register payments. The first request waits
 * until the browser is idle: the panel's contract and payments are drawn first.
 */
export function usePendingMovementsRefresh(enabled: boolean) {
  const idle = useIdleReached();
  useQuery({ ...pendingMovementsQueryOptions(''), enabled: enabled && idle });
}
