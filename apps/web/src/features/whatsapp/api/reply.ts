import { whatsappSentSchema } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { whatsappKeys } from './whatsapp-query-keys';

/** POST /api/whatsapp/conversations/{id}/reply: sent as the conversation's department, stored with the sender. */
export async function sendReply(input: { conversationId: string; text: string }) {
  const data = await api.post<unknown>(
    `/api/whatsapp/conversations/${encodeURIComponent(input.conversationId)}/reply`,
    { text: input.text },
    { silent: true },
  );
  return readResponse(whatsappSentSchema, data, 'el mensaje enviado');
}

export function useReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReply,
    onSuccess: (_r, { conversationId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: whatsappKeys.messages(conversationId) }),
        queryClient.invalidateQueries({ queryKey: whatsappKeys.conversations() }),
      ]),
  });
}
