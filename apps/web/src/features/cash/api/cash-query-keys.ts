/** TanStack Query keys of Caja y Bancos. Everything under `all`, so one invalidation refreshes it all. */
export const cashKeys = {
  all: ['cash'] as const,
  day: (idCuenta: number, fecha: string) => [...cashKeys.all, 'day', idCuenta, fecha] as const,
  closes: () => [...cashKeys.all, 'closes'] as const,
  closesPage: (page: number, pageSize: number) => [...cashKeys.closes(), page, pageSize] as const,
  pending: () => [...cashKeys.all, 'pending'] as const,
  pendingList: (q: string, idCuenta: number | '') => [...cashKeys.pending(), q, idCuenta] as const,
  preview: (file: number, idCuenta: number, mapping: string) =>
    [...cashKeys.all, 'preview', file, idCuenta, mapping] as const,
};
