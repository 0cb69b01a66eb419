import { financialResponseSchema, type FinancialData } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { HOME_REFETCH_ON_MOUNT, HOME_STALE_TIME_MS, homeKeys } from './home-query-keys';
import { readResponse } from '../../../lib/read-response';

/**
 * GET /api/WeatherForecast/financial (level 10): daily rows of both cash offices and the bank
 * (today and the days before, newest first, only days with payments) and monthly totals.
 */
export async function fetchFinancial(signal?: AbortSignal): Promise<FinancialData> {
  // The dashboard shows a failure in place (with 'Reintentar'), so the global error toast stays quiet.
  const data = await api.get<unknown>('/api/WeatherForecast/financial', { signal, silent: true });
  return readResponse(financialResponseSchema, data, 'con el resumen financiero').data;
}

export const financialQueryOptions = () =>
  queryOptions({
    queryKey: homeKeys.financial(),
    queryFn: ({ signal }) => fetchFinancial(signal),
    staleTime: HOME_STALE_TIME_MS,
    refetchOnMount: HOME_REFETCH_ON_MOUNT,
  });

export function useFinancial() {
  return useQuery(financialQueryOptions());
}
