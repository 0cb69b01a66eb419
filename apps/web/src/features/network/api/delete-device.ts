import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { networkKeys } from './network-query-keys';

/** DELETE /api/devices/{id} (level 20): 204 (the radio is marked deleted, its history kept). */
export async function deleteDevice(id: number): Promise<void> {
  // The confirmation shows the failure in place, so the global error toast stays quiet.
  await api.delete(`/api/devices/${id}`, { silent: true });
}

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networkKeys.all }),
  });
}
