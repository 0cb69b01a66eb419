import { pagedSchema, whatsappConversationSchema, type ConversationFilter } from '@airlink/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { whatsappKeys } from './whatsapp-query-keys';

const schema = pagedSchema(whatsappConversationSchema);
/** The list shows the newest 100 conversations of a search (the server's largest page); the total says the rest. */
export const CONVERSATIONS_SHOWN = 100;

/** GET /api/whatsapp/conversations (level 20): the newest first, searched and filtered on the server. */
export async function fetchConversations(search: string, filter: ConversationFilter, signal?: AbortSignal) {
  const q = new URLSearchParams({ filter, page: '0', pageSize: String(CONVERSATIONS_SHOWN) });
  if (search) q.set('search', search);
  const data = await api.get<unknown>(`/api/whatsapp/conversations?${q}`, { signal, silent: true });
  return readResponse(schema, data, 'las conversaciones');
}

export const conversationsQueryOptions = (search: string, filter: ConversationFilter) =>
  queryOptions({
    queryKey: whatsappKeys.conversationList(search, filter),
    queryFn: ({ signal }) => fetchConversations(search, filter, signal),
    placeholderData: keepPreviousData,
  });

export function useConversations(search: string, filter: ConversationFilter) {
  return useQuery(conversationsQueryOptions(search, filter));
}
