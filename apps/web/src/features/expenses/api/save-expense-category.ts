import { expenseCategorySchema, type ExpenseCategory, type ExpenseCategoryInput } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { expensesKeys } from './expenses-query-keys';

export interface SaveExpenseCategoryVars {
  /** null: a new category. */
  id: number | null;
  input: ExpenseCategoryInput;
}

/** POST /api/MovimientoFinancieroCategoria or PUT …/{id} (level 20, Administración). */
async function saveExpenseCategory({ id, input }: SaveExpenseCategoryVars): Promise<ExpenseCategory> {
  const url = '/api/MovimientoFinancieroCategoria';
  const data =
    id === null
      ? await api.post<unknown>(url, input, { silent: true })
      : await api.put<unknown>(`${url}/${id}`, input, { silent: true });
  return readResponse(expenseCategorySchema, data, 'con la categoría');
}

/** Saves a category; the categories and the expense lists (which show its name) refresh. */
export function useSaveExpenseCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExpenseCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expensesKeys.all }),
  });
}
