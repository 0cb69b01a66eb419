/** TanStack Query keys of the agenda area. Everything under `all`, so one invalidation refreshes it all. */
export const agendaKeys = {
  all: ['agenda'] as const,
  range: (desde: string, hasta: string) => [...agendaKeys.all, 'range', desde, hasta] as const,
  customer: (customerId: number) => [...agendaKeys.all, 'customer', customerId] as const,
  customerPage: (customerId: number, page: number, pageSize: number) =>
    [...agendaKeys.customer(customerId), page, pageSize] as const,
};
