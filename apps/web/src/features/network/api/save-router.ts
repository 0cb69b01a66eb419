import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { routerSchema, type RouterInput } from '@airlink/domain';
import { readResponse } from '../../../lib/read-response';
import { networkKeys } from './network-query-keys';

export interface SaveRouterVars {
  /** Absent: a new router (POST); else PUT of that router (an empty password keeps the stored one). */
  id?: number;
  input: RouterInput;
}

/** POST /api/MikrotikRouters or PUT /api/MikrotikRouters/{id} (level 20). */
export async function saveRouter({ id, input }: SaveRouterVars) {
  // The dialog shows every failure in place, so the global error toast stays quiet.
  const data =
    id === undefined
      ? await api.post<unknown>('/api/MikrotikRouters', input, { silent: true })
      : await api.put<unknown>(`/api/MikrotikRouters/${id}`, input, { silent: true });
  return readResponse(routerSchema, data, 'el router');
}

export function useSaveRouter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRouter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networkKeys.all }),
  });
}
