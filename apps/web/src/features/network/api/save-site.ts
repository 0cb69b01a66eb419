import { siteSchema, type SiteInput } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { networkKeys } from './network-query-keys';

export interface SaveSiteVars {
  /** Absent: a new site (POST); else PUT of that site (an empty password keeps the stored one). */
  id?: number;
  input: SiteInput;
}

/** POST /api/site or PUT /api/site/{id} (level 20). */
export async function saveSite({ id, input }: SaveSiteVars) {
  // The dialog shows every failure in place, so the global error toast stays quiet.
  const data =
    id === undefined
      ? await api.post<unknown>('/api/site', input, { silent: true })
      : await api.put<unknown>(`/api/site/${id}`, input, { silent: true });
  return readResponse(siteSchema, data, 'el site');
}

export function useSaveSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networkKeys.all }),
  });
}
