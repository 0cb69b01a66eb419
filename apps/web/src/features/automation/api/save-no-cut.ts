import { noCutMarkSchema, type NoCutInput, type NoCutMarkItem, z } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { automationKeys } from './automation-query-keys';

export interface SaveNoCutVars {
  idContrato: number;
  input: NoCutInput;
}

/** PUT /api/cortes-programados/no-cortar/{id}: marks (or re-marks) a contract; the answer is the whole list. */
export async function saveNoCut({ idContrato, input }: SaveNoCutVars): Promise<NoCutMarkItem[]> {
  return readResponse(
    z.array(noCutMarkSchema),
    await api.put<unknown>(`/api/cortes-programados/no-cortar/${idContrato}`, input, { silent: true }),
    "con las marcas 'no cortar'",
  );
}

export function useSaveNoCut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNoCut,
    onSuccess: (list) => {
      queryClient.setQueryData(automationKeys.noCut(), list);
      return queryClient.invalidateQueries({ queryKey: automationKeys.preview() });
    },
  });
}
