/** TanStack Query keys of the payments area. */
export const paymentsKeys = {
  all: ['payments'] as const,
  pendingAll: () => [...paymentsKeys.all, 'pending'] as const,
  /** Pending bank movements whose reference contains `q` ('' = the newest ones). */
  pending: (q: string) => [...paymentsKeys.pendingAll(), q] as const,
  receipt: (idOrGuid: string) => [...paymentsKeys.all, 'receipt', idOrGuid] as const,
};
