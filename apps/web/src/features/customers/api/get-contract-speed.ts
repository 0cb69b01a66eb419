import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { liveSpeedSchema } from '@airlink/domain';
import { readResponse } from '../../../lib/read-response';
import { customersKeys } from './customers-query-keys';

/** How often the panel asks the router for the customer's rate while it is open and visible. */
export const SPEED_REFRESH_MS = 5_000;

/**
 * GET /api/contratos/{id}/velocidad (level 5): the customer's rate now, read from the router, with the plan's
 * limit. Asked again every few seconds while the panel is open; a hidden tab asks nothing (react-query stops the
 * interval in the background) and a failure is shown in place, without a toast.
 */
export function useContractSpeed(id: number) {
  return useQuery({
    queryKey: customersKeys.speed(id),
    queryFn: async ({ signal }) =>
      readResponse(
        liveSpeedSchema,
        await api.get<unknown>(`/api/contratos/${id}/velocidad`, { signal, silent: true }),
        'la velocidad actual',
      ),
    refetchInterval: SPEED_REFRESH_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
}
