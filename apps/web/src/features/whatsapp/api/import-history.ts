import { whatsappHistoryResultSchema } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { whatsappKeys } from './whatsapp-query-keys';

/** POST /api/whatsapp/conversations/{id}/history ('Historial'): Evolution's stored messages, each kept once. */
export async function importHistory(conversationId: string) {
  const data = await api.post<unknown>(
    `/api/whatsapp/conversations/${encodeURIComponent(conversationId)}/history`,
    {},
    { silent: true },
  );
  return readResponse(whatsappHistoryResultSchema, data, 'el historial');
}

export function useImportHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importHistory,
    onSuccess: (_r, conversationId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: whatsappKeys.messages(conversationId) }),
        queryClient.invalidateQueries({ queryKey: whatsappKeys.conversations() }),
      ]),
  });
}
