import { cashDaySchema, type CashDay } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cashKeys } from './cash-query-keys';
import { readResponse } from '../../../lib/read-response';

/** POST /api/cortes-caja/{id}/reabrir (level 20): the office accepts cash payments of that day again. */
export async function reopenCashClose(id: number): Promise<CashDay> {
  const data = await api.post<unknown>(`/api/cortes-caja/${id}/reabrir`, {}, { silent: true });
  return readResponse(cashDaySchema, data, 'el corte');
}

export function useReopenCashClose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenCashClose,
    onSuccess: (day) => {
      queryClient.setQueryData(cashKeys.day(day.idCuenta, day.fecha), day);
      return queryClient.invalidateQueries({ queryKey: cashKeys.closes() });
    },
  });
}
