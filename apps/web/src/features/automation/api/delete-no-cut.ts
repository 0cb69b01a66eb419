import { type NoCutMarkItem } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { automationKeys } from './automation-query-keys';

/** DELETE /api/cortes-programados/no-cortar/{id}: the contract can be cut again by a run. */
export async function deleteNoCut(idContrato: number): Promise<void> {
  await api.delete(`/api/cortes-programados/no-cortar/${idContrato}`, { silent: true });
}

export function useDeleteNoCut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNoCut,
    onSuccess: (_void, id) => {
      queryClient.setQueryData<NoCutMarkItem[]>(automationKeys.noCut(), (list) =>
        list?.filter((m) => m.idContrato !== id),
      );
      return queryClient.invalidateQueries({ queryKey: automationKeys.preview() });
    },
  });
}
