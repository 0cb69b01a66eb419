import type { Contract, ContractInput } from '@airlink/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useContractChanged } from './contract-changed';
import { readContract } from './get-contract';

/** POST /api/contratos (level 16): 201 with the new contract (not authorized yet: no = 0). */
export async function createContract(body: ContractInput): Promise<Contract> {
  // The form shows every failure in place, so the global error toast stays quiet.
  return readContract(await api.post<unknown>('/api/contratos', body, { silent: true }));
}

export function useCreateContract() {
  const changed = useContractChanged();
  return useMutation({ mutationFn: createContract, onSuccess: changed });
}
