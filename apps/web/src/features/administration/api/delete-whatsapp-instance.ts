import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { administrationKeys } from './administration-query-keys';

/** DELETE /api/whatsapp/instances/{id} (level 20); refused (409) while the inbox holds its messages. */
export function useDeleteWhatsAppInstance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/api/whatsapp/instances/${id}`, { silent: true });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: administrationKeys.whatsappInstances() }),
  });
}
