import type { Contract, ContractInput } from '@airlink/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useContractChanged } from './contract-changed';
import { readContract } from './get-contract';

export interface UpdateContractVars {
  id: number;
  /** The version the form was filled from: the server answers 409 `version_conflict` when it changed since. */
  version: number;
  body: ContractInput;
}

/** PUT /api/contratos/{id} (level 16) with `version`. */
export async function updateContract({ id, version, body }: UpdateContractVars): Promise<Contract> {
  return readContract(await api.put<unknown>(`/api/contratos/${id}`, { ...body, version }, { silent: true }));
}

export function useUpdateContract() {
  const changed = useContractChanged();
  return useMutation({ mutationFn: updateContract, onSuccess: changed });
}
