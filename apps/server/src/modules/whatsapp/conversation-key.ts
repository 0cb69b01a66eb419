import { notFound } from '../../lib/errors';

/** A conversation's id in the API and the push: `<instanceId>~<conversationId>`. */
export const conversationKey = (instanceId: number, conversationId: string) => `${instanceId}~${conversationId}`;

export function parseConversationKey(id: string): { instanceId: number; conversationId: string } {
  const m = /^(\d{1,9})~([^~]{1,200})$/.exec(id);
  if (!m) throw notFound('Conversación no encontrada');
  return { instanceId: Number(m[1]), conversationId: m[2]! };
}
