import { cashDaySchema, type CashCloseInput, type CashDay } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cashKeys } from './cash-query-keys';
import { readResponse } from '../../../lib/read-response';

/** POST /api/cortes-caja (level 16): closes the office's day with the cash counted (409 already_closed). */
export async function closeCashDay(body: CashCloseInput): Promise<CashDay> {
  // The form shows every failure in place, so the global error toast stays quiet.
  return readResponse(cashDaySchema, await api.post<unknown>('/api/cortes-caja', body, { silent: true }), 'el corte');
}

export function useCloseCashDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeCashDay,
    onSuccess: (day) => {
      queryClient.setQueryData(cashKeys.day(day.idCuenta, day.fecha), day);
      return queryClient.invalidateQueries({ queryKey: cashKeys.closes() });
    },
  });
}
