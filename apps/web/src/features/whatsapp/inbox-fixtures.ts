import type { WhatsAppConversation, WhatsAppMessage } from '@airlink/domain';

const NOW = Date.now();
/** An instant `minutes` before the tests started. */
export const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

/** A received message of Rosa's conversation in Ventas (tests of the inbox). */
export function inboxMessage(id: number, over: Partial<WhatsAppMessage> = {}): WhatsAppMessage {
  return {
    id,
    instance: 'Ventas',
    conversationId: '527711234567@s.whatsapp.net',
    keyId: `K${id}`,
    remoteJid: '5217711234567@s.whatsapp.net',
    fromMe: false,
    fromNumber: '5217711234567',
    senderName: 'Rosa Martínez',
    timestamp: ago(5),
    type: 'text',
    text: 'Hola',
    read: false,
    status: null,
    deleted: false,
    sentByUserId: null,
    sentByName: null,
    ...over,
  };
}

/** Rosa's conversation in Ventas, its last message `last`. */
export function rosaConversation(
  last: WhatsAppMessage,
  over: Partial<WhatsAppConversation> = {},
): WhatsAppConversation {
  return {
    id: '1~527711234567@s.whatsapp.net',
    instance: 'Ventas',
    department: 'Ventas',
    conversationId: '527711234567@s.whatsapp.net',
    remoteJid: '5217711234567@s.whatsapp.net',
    name: 'Rosa Martínez',
    participants: ['5217711234567'],
    isGroup: false,
    lastMessage: last,
    preview: last.text,
    unreadCount: 2,
    messageCount: 2,
    phone: '7711234567',
    ...over,
  };
}
