import type { Contract } from '@airlink/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { customersKeys } from './customers-query-keys';

/**
 * After any change to a contract: the panel shows the server's answer (the current contract) at
 * once, and the lists, the navbar search and its Registro (every change writes an entry) are fetched
 * again.
 */
export async function contractChanged(queryClient: QueryClient, contract: Contract): Promise<void> {
  queryClient.setQueryData(customersKeys.contract(contract.id), contract);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: customersKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: customersKeys.searches() }),
    queryClient.invalidateQueries({ queryKey: customersKeys.logs(contract.id) }),
  ]);
}

export function useContractChanged() {
  const queryClient = useQueryClient();
  return useCallback((contract: Contract) => contractChanged(queryClient, contract), [queryClient]);
}
