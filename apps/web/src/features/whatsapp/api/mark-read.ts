import { markReadResultSchema } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { applyConversationRead } from './pushed-message';

/** POST /api/whatsapp/conversations/{id}/read: the received messages count as read. */
export async function markRead(conversationId: string) {
  const data = await api.post<unknown>(
    `/api/whatsapp/conversations/${encodeURIComponent(conversationId)}/read`,
    {},
    {
      silent: true,
    },
  );
  return readResponse(markReadResultSchema, data, 'la lectura');
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    // The lists already hold the conversation: its unread count goes to 0 in place (nothing is asked again).
    onSuccess: ({ marked }, conversationId) => {
      if (marked > 0) applyConversationRead(queryClient, conversationId);
    },
  });
}
