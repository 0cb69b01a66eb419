import type { Contract } from '@airlink/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useContractChanged } from './contract-changed';
import { readContract } from './get-contract';

// The dialogs show every failure in place, so the global error toast stays quiet.

/** GET /api/contratos/{id}/authorize (level 18): assigns the next contract number. 409 already_authorized, contract_cancelled. */
export async function authorizeContract(id: number): Promise<Contract> {
  return readContract(await api.get<unknown>(`/api/contratos/${id}/authorize`, { silent: true }));
}

/** POST /api/contratos/{id}/cortar (level 17). 409 already_cut, contract_cancelled. */
export async function cutService({ id, nota }: { id: number; nota: string }): Promise<Contract> {
  return readContract(await api.post<unknown>(`/api/contratos/${id}/cortar`, { nota }, { silent: true }));
}

/** POST /api/contratos/{id}/reconectar (level 17). 409 not_cut, contract_cancelled. */
export async function reconnectService({ id, nota }: { id: number; nota: string }): Promise<Contract> {
  return readContract(await api.post<unknown>(`/api/contratos/${id}/reconectar`, { nota }, { silent: true }));
}

/** POST /api/contratos/{id}/cancelar (level 17) with the reason. 409 contract_cancelled. */
export async function cancelContract({ id, motivo }: { id: number; motivo: string }): Promise<Contract> {
  return readContract(await api.post<unknown>(`/api/contratos/${id}/cancelar`, { motivo }, { silent: true }));
}

export function useAuthorizeContract() {
  const changed = useContractChanged();
  return useMutation({ mutationFn: authorizeContract, onSuccess: changed });
}

export function useCutService() {
  const changed = useContractChanged();
  return useMutation({ mutationFn: cutService, onSuccess: changed });
}

export function useReconnectService() {
  const changed = useContractChanged();
  return useMutation({ mutationFn: reconnectService, onSuccess: changed });
}

export function useCancelContract() {
  const changed = useContractChanged();
  return useMutation({ mutationFn: cancelContract, onSuccess: changed });
}
