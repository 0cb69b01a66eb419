import {
  conversationPreview,
  type Paged,
  type WhatsAppConversation,
  type WhatsAppMessage,
  type WhatsAppMessageEvent,
} from '@airlink/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { PANEL_MESSAGES } from './list-messages';
import { whatsappKeys } from './whatsapp-query-keys';

const at = (m: WhatsAppMessage) => Date.parse(m.timestamp);

/** The conversation's messages with the pushed one: replaced when known (an ack, a deletion), else placed in time. */
function withMessage(page: Paged<WhatsAppMessage>, message: WhatsAppMessage): Paged<WhatsAppMessage> {
  const i = page.items.findIndex((m) => m.id === message.id);
  if (i >= 0) return { ...page, items: page.items.map((m) => (m.id === message.id ? message : m)) };
  let to = page.items.length;
  while (to > 0 && at(page.items[to - 1]!) > at(message)) to -= 1;
  const items = [...page.items.slice(0, to), message, ...page.items.slice(to)];
  return { total: page.total + 1, items: items.slice(-PANEL_MESSAGES) };
}

/**
 * A conversation list with the pushed message: its last message again (an ack or deletion of it), or a newer
 * message (counted, unread when received, the conversation moved to the top). Undefined when the list does not
 * hold the conversation (a new one, or one its search leaves out).
 */
function withConversationMessage(
  list: Paged<WhatsAppConversation>,
  conversationId: string,
  message: WhatsAppMessage,
): Paged<WhatsAppConversation> | undefined {
  const c = list.items.find((x) => x.id === conversationId);
  if (!c) return undefined;
  if (c.lastMessage.id === message.id) {
    const updated = { ...c, lastMessage: message, preview: conversationPreview(message) };
    return { ...list, items: list.items.map((x) => (x.id === c.id ? updated : x)) };
  }
  // An ack of an older message changes nothing the list shows.
  if (at(message) < at(c.lastMessage)) return list;
  const updated: WhatsAppConversation = {
    ...c,
    lastMessage: message,
    preview: conversationPreview(message),
    messageCount: c.messageCount + 1,
    unreadCount: c.unreadCount + (message.read ? 0 : 1),
  };
  return { ...list, items: [updated, ...list.items.filter((x) => x.id !== c.id)] };
}

/** Whether a request for this query is on its way: its answer was asked before the push and may not hold it. */
const inFlight = (queryClient: QueryClient, key: QueryKey) =>
  queryClient.getQueryState(key)?.fetchStatus === 'fetching';

/** Asks again (cancelling a request on its way, whose answer would be older than the push). */
const askAgain = (queryClient: QueryClient, key: QueryKey) =>
  void queryClient.invalidateQueries({ queryKey: key, exact: true });

/**
 * Puts a pushed WhatsAppMessage (docs/api-contract.md, push hub) into the cached inbox instead of asking the server
 * for the lists again: the conversation's messages and every cached conversation list. A list that does not hold
 * the conversation (a new chat, or one its search or page leaves out) or has none yet is asked again, and so is any
 * list or page whose request is on its way when the push arrives (its answer, asked before the message was stored,
 * would otherwise replace the one the push put in).
 */
export function applyPushedMessage(queryClient: QueryClient, { conversationId, message }: WhatsAppMessageEvent): void {
  const messagesKey = whatsappKeys.messages(conversationId);
  queryClient.setQueryData<Paged<WhatsAppMessage>>(messagesKey, (page) => (page ? withMessage(page, message) : page));
  if (inFlight(queryClient, messagesKey)) askAgain(queryClient, messagesKey);
  for (const [key, list] of queryClient.getQueriesData<Paged<WhatsAppConversation>>({
    queryKey: whatsappKeys.conversations(),
  })) {
    const next = list && withConversationMessage(list, conversationId, message);
    if (next) queryClient.setQueryData(key, next);
    if (!next || inFlight(queryClient, key)) askAgain(queryClient, key);
  }
}

/** The conversation read (its received messages marked): no unread count left in the cached lists. */
export function applyConversationRead(queryClient: QueryClient, conversationId: string): void {
  queryClient.setQueriesData<Paged<WhatsAppConversation>>({ queryKey: whatsappKeys.conversations() }, (list) =>
    list ? { ...list, items: list.items.map((c) => (c.id === conversationId ? { ...c, unreadCount: 0 } : c)) } : list,
  );
  queryClient.setQueryData<Paged<WhatsAppMessage>>(whatsappKeys.messages(conversationId), (page) =>
    page ? { ...page, items: page.items.map((m) => (m.read ? m : { ...m, read: true })) } : page,
  );
  // A list on its way was asked before the read mark: its unread count would come back.
  for (const [key] of queryClient.getQueriesData({ queryKey: whatsappKeys.conversations() }))
    if (inFlight(queryClient, key)) askAgain(queryClient, key);
}
