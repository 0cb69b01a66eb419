import { pagedSchema, whatsappMessageSchema } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { whatsappKeys } from './whatsapp-query-keys';

const schema = pagedSchema(whatsappMessageSchema);
/** The newest messages the panel shows (the server's largest page). */
export const PANEL_MESSAGES = 500;

/** GET /api/whatsapp/conversations/{id}/messages: the newest 500, oldest first. */
export async function fetchMessages(conversationId: string, signal?: AbortSignal) {
  const data = await api.get<unknown>(
    `/api/whatsapp/conversations/${encodeURIComponent(conversationId)}/messages?pageSize=${PANEL_MESSAGES}`,
    { signal, silent: true },
  );
  return readResponse(schema, data, 'los mensajes');
}

export const messagesQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: whatsappKeys.messages(conversationId),
    queryFn: ({ signal }) => fetchMessages(conversationId, signal),
  });

export function useMessages(conversationId: string | null) {
  return useQuery({ ...messagesQueryOptions(conversationId ?? ''), enabled: conversationId !== null });
}
