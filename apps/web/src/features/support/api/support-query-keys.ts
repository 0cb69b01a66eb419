/** TanStack Query keys of the support area. Everything under `all`, so one invalidation refreshes it all. */
export const supportKeys = {
  all: ['support'] as const,
  lists: () => [...supportKeys.all, 'list'] as const,
  list: (search: string) => [...supportKeys.lists(), search] as const,
  counters: () => [...supportKeys.all, 'counters'] as const,
  detail: (id: number) => [...supportKeys.all, 'detail', id] as const,
  assignees: () => [...supportKeys.all, 'assignees'] as const,
  customer: (customerId: number) => [...supportKeys.all, 'customer', customerId] as const,
  customerPage: (customerId: number, page: number, pageSize: number) =>
    [...supportKeys.customer(customerId), page, pageSize] as const,
};
