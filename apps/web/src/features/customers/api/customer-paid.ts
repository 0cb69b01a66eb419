import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { customersKeys } from './customers-query-keys';

/**
 * After a payment (issue 4): the contract (paid-until, lateness, suspension), its Pagos and Registro
 * tabs, the customer lists and the navbar search are fetched again.
 */
export async function customerPaid(queryClient: QueryClient, id: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: customersKeys.contract(id) }),
    queryClient.invalidateQueries({ queryKey: customersKeys.payments(id) }),
    queryClient.invalidateQueries({ queryKey: customersKeys.logs(id) }),
    queryClient.invalidateQueries({ queryKey: customersKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: customersKeys.searches() }),
  ]);
}

export function useCustomerPaid() {
  const queryClient = useQueryClient();
  return useCallback((id: number) => customerPaid(queryClient, id), [queryClient]);
}
