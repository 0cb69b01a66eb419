import { cashOfficesResponseSchema, type FinancialData } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { HOME_REFETCH_ON_MOUNT, HOME_STALE_TIME_MS, homeKeys } from './home-query-keys';
import { readResponse } from '../../../lib/read-response';

export type CashOfficesData = Pick<FinancialData, 'EfectivoTizayuca' | 'EfectivoPachuca'>;

/** GET /api/WeatherForecast/financial/pagosTizayuca (level 10): daily rows of the two cash offices. */
export async function fetchCashOffices(signal?: AbortSignal): Promise<CashOfficesData> {
  const data = await api.get<unknown>('/api/WeatherForecast/financial/pagosTizayuca', { signal, silent: true });
  return readResponse(cashOfficesResponseSchema, data, 'con el efectivo de las oficinas').data;
}

export const cashOfficesQueryOptions = () =>
  queryOptions({
    queryKey: homeKeys.cashOffices(),
    queryFn: ({ signal }) => fetchCashOffices(signal),
    staleTime: HOME_STALE_TIME_MS,
    refetchOnMount: HOME_REFETCH_ON_MOUNT,
  });

export function useCashOffices() {
  return useQuery(cashOfficesQueryOptions());
}
