/** TanStack Query keys of the expenses area. Everything under `all`, so one invalidation refreshes it all. */
export const expensesKeys = {
  all: ['expenses'] as const,
  lists: () => [...expensesKeys.all, 'list'] as const,
  list: (search: string) => [...expensesKeys.lists(), search] as const,
  categories: () => [...expensesKeys.all, 'categories'] as const,
};
