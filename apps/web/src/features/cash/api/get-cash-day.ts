import { cashDaySchema } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cashKeys } from './cash-query-keys';
import { readResponse } from '../../../lib/read-response';

/** While a day is open its expected cash grows with each payment: ask again this often. */
export const OPEN_DAY_REFRESH_MS = 60_000;

/** GET /api/cortes-caja/dia (level 16): what the office's payments of that day add up to, and its close. */
export async function fetchCashDay(idCuenta: number, fecha: string, signal?: AbortSignal) {
  const search = new URLSearchParams({ idCuenta: String(idCuenta), fecha });
  const data = await api.get<unknown>(`/api/cortes-caja/dia?${search.toString()}`, { signal, silent: true });
  return readResponse(cashDaySchema, data, 'el día de caja');
}

export const cashDayQueryOptions = (idCuenta: number, fecha: string) =>
  queryOptions({
    queryKey: cashKeys.day(idCuenta, fecha),
    queryFn: ({ signal }) => fetchCashDay(idCuenta, fecha, signal),
    refetchInterval: (q) => (q.state.data && !q.state.data.cerrado ? OPEN_DAY_REFRESH_MS : false),
  });

export function useCashDay(idCuenta: number, fecha: string) {
  return useQuery(cashDayQueryOptions(idCuenta, fecha));
}
