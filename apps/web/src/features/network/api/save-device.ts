import { deviceSchema, type DeviceInput } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { networkKeys } from './network-query-keys';

export interface SaveDeviceVars {
  /** Absent: a new radio (POST); else PUT of that radio (an empty password keeps the stored one). */
  id?: number;
  input: DeviceInput;
}

/** POST /api/devices or PUT /api/devices/{id} (level 20): 409 `mac_taken` for a MAC already registered. */
export async function saveDevice({ id, input }: SaveDeviceVars) {
  // The dialog shows every failure in place, so the global error toast stays quiet.
  const data =
    id === undefined
      ? await api.post<unknown>('/api/devices', input, { silent: true })
      : await api.put<unknown>(`/api/devices/${id}`, input, { silent: true });
  return readResponse(deviceSchema, data, 'el dispositivo');
}

export function useSaveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networkKeys.all }),
  });
}
