import type { ConversationFilter } from '@airlink/domain';

/** TanStack Query keys of the WhatsApp area (conversations, messages, the test panel's instance). */
export const whatsappKeys = {
  all: ['whatsapp'] as const,
  conversations: () => [...whatsappKeys.all, 'conversations'] as const,
  conversationList: (search: string, filter: ConversationFilter) =>
    [...whatsappKeys.conversations(), search, filter] as const,
  messages: (conversationId: string) => [...whatsappKeys.all, 'messages', conversationId] as const,
  instance: (instance: string) => [...whatsappKeys.all, 'instance', instance] as const,
  state: (instance: string) => [...whatsappKeys.instance(instance), 'state'] as const,
  groups: (instance: string) => [...whatsappKeys.instance(instance), 'groups'] as const,
};
