/**
 * Query keys of the pending bank movements (deposits no payment uses yet). Caja y Bancos lists them and
 * the payment dialog searches them: both areas build their keys from this one root, so a payment, an
 * imported statement or anything else that changes them refreshes every cached list at once.
 */
export const pendingMovementsKeys = {
  all: ['pending-movements'] as const,
  /** The payment dialog's reference search (`q` trimmed and lower case; '' = the newest ones). */
  search: (q: string) => [...pendingMovementsKeys.all, 'search', q] as const,
  /** Caja y Bancos' list, by reference text and account ('' = every account). */
  list: (q: string, idCuenta: number | '') => [...pendingMovementsKeys.all, 'list', q, idCuenta] as const,
};
