import { messageDisplayText, messagePreview, type MessageType } from './message';

/**
 * Delivery status of a message we sent (Evolution's `messages.update`: PENDING, SERVER_ACK, DELIVERY_ACK, READ,
 * PLAYED, ERROR). Acks arrive late and repeated: a status only ever moves forward (`nextStatus`).
 */

export const MESSAGE_STATUSES = ['error', 'pending', 'sent', 'delivered', 'read', 'played'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Text shown instead of a message its sender deleted (the text is kept for the record). */
export const DELETED_MESSAGE_TEXT = 'Mensaje eliminado';

const PROVIDER_STATUS: Readonly<Record<string, MessageStatus>> = {
  ERROR: 'error',
  PENDING: 'pending',
  SERVER_ACK: 'sent',
  DELIVERY_ACK: 'delivered',
  READ: 'read',
  PLAYED: 'played',
};

/** Evolution's status name (also Baileys' numeric proto status 0–5) → ours; null for anything else. */
export function messageStatusOf(provider: unknown): MessageStatus | null {
  if (typeof provider === 'number' && Number.isInteger(provider) && provider >= 0 && provider <= 5)
    return MESSAGE_STATUSES[provider]!;
  if (typeof provider !== 'string') return null;
  return PROVIDER_STATUS[provider.toUpperCase()] ?? null;
}

const rank = (s: MessageStatus | null): number => (s ? MESSAGE_STATUSES.indexOf(s) + 1 : 0);

/**
 * The status after an ack: the ack's when it moves forward, else the current one (never backwards). The store
 * applies the same order in SQL (MESSAGE_STATUSES' positions) so concurrent acks cannot race.
 */
export function nextStatus(current: MessageStatus | null, ack: MessageStatus): MessageStatus | null {
  return rank(ack) > rank(current) ? ack : current;
}

/**
 * WhatsApp sends PLAYED only for voice notes and audio. On any other message a PLAYED ack means it was read:
 * it moves the message to 'read', never to 'played' (`ackFor`).
 */
export const PLAYABLE_MESSAGE_TYPES: readonly MessageType[] = ['audio'];

/** The status an ack gives a message of this type: PLAYED on a message that cannot be played is 'read'. */
export function ackFor(ack: MessageStatus, type: MessageType): MessageStatus {
  return ack === 'played' && !PLAYABLE_MESSAGE_TYPES.includes(type) ? 'read' : ack;
}

/** The ticks of a sent message: one grey (sent), two grey (delivered), two blue (read or played). */
export type MessageTicks = 'none' | 'one' | 'two' | 'blue' | 'error';

export function messageTicks(status: MessageStatus | null): MessageTicks {
  switch (status) {
    case 'sent':
      return 'one';
    case 'delivered':
      return 'two';
    case 'read':
    case 'played':
      return 'blue';
    case 'error':
      return 'error';
    default:
      return 'none';
  }
}

/** Spanish label of a status (the ticks' tooltip and accessible name). */
export const MESSAGE_STATUS_LABELS: Readonly<Record<MessageStatus, string>> = {
  error: 'No se pudo enviar',
  pending: 'Enviando',
  sent: 'Enviado',
  delivered: 'Entregado',
  read: 'Leído',
  played: 'Reproducido',
};

/** A conversation's preview of its last message: 'Mensaje eliminado', else its text (or placeholder) cut to 60. */
export function conversationPreview(last: { type: string; text: string; deleted: boolean }): string {
  return last.deleted ? DELETED_MESSAGE_TEXT : messagePreview(messageDisplayText(last.type, last.text));
}
