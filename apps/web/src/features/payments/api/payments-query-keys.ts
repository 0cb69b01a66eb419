import { pendingMovementsKeys } from '../../../lib/pending-movements-keys';

/** TanStack Query keys of the payments area (the pending deposits are shared with Caja y Bancos). */
export const paymentsKeys = {
  all: ['payments'] as const,
  /** Every cached list of pending bank movements, Caja y Bancos' included. */
  pendingAll: () => pendingMovementsKeys.all,
  /** Pending bank movements whose reference contains `q` ('' = the newest ones). */
  pending: (q: string) => pendingMovementsKeys.search(q),
  receipt: (idOrGuid: string) => [...paymentsKeys.all, 'receipt', idOrGuid] as const,
};
