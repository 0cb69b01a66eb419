import { pendingMovementsKeys } from '../../../lib/pending-movements-keys';

/**
 * TanStack Query keys of Caja y Bancos. Everything of its own under `all`; the pending deposits are shared
 * with the payment dialog, under the one root of `pendingMovementsKeys`.
 */
export const cashKeys = {
  all: ['cash'] as const,
  day: (idCuenta: number, fecha: string) => [...cashKeys.all, 'day', idCuenta, fecha] as const,
  closes: () => [...cashKeys.all, 'closes'] as const,
  closesPage: (page: number, pageSize: number) => [...cashKeys.closes(), page, pageSize] as const,
  online: () => [...cashKeys.all, 'online'] as const,
  onlinePage: (page: number, pageSize: number, estado: string) =>
    [...cashKeys.online(), page, pageSize, estado] as const,
  pending: () => pendingMovementsKeys.all,
  pendingList: (q: string, idCuenta: number | '') => pendingMovementsKeys.list(q, idCuenta),
  preview: (file: number, idCuenta: number, mapping: string) =>
    [...cashKeys.all, 'preview', file, idCuenta, mapping] as const,
};
