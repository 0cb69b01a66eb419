import { expenseSchema, type Expense, type ExpenseInput } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { expensesKeys } from './expenses-query-keys';

/** An answer without the new expense's id: the save cannot be trusted (docs/business-rules.md "Screens"). */
export class ExpenseNotSavedError extends Error {
  constructor() {
    super('Error al guardar el gasto');
    this.name = 'ExpenseNotSavedError';
  }
}

/**
 * POST /api/MovimientoFinancieroGasto (level 16): the parsed form (amount in pesos as a decimal, category and
 * account ids as integers). Success requires an id in the response.
 */
export async function createExpense(body: ExpenseInput): Promise<Expense> {
  // The form shows every failure itself (field errors or its own toast), so the global toast stays quiet.
  const data = await api.post<unknown>('/api/MovimientoFinancieroGasto', body, { silent: true });
  const id = (data as { id?: unknown } | null)?.id;
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) throw new ExpenseNotSavedError();
  // Saved: an answer in an unexpected shape must not turn a saved expense into an error.
  const parsed = expenseSchema.safeParse(data);
  return parsed.success ? parsed.data : (data as Expense);
}

export function useCreateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExpense,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expensesKeys.lists() }),
  });
}
