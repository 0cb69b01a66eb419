import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { expensesKeys } from './expenses-query-keys';

/** DELETE /api/MovimientoFinancieroCategoria/{id} (level 20): refused (409) while an expense uses it. */
async function deleteExpenseCategory(id: number): Promise<void> {
  await api.delete<unknown>(`/api/MovimientoFinancieroCategoria/${id}`, { silent: true });
}

export function useDeleteExpenseCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExpenseCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expensesKeys.categories() }),
  });
}
