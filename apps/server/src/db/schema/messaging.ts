import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './_common';

/** Department directory: one Evolution API instance per department phone; key encrypted at rest. */
export const messagingInstances = pgTable('messaging_instances', {
  id: serial('id').primaryKey(),
  department: text('department').notNull(),
  phone: text('phone').notNull(),
  instanceName: text('instance_name').notNull(),
  baseUrl: text('base_url').notNull().default(''),
  apiKeyEnc: text('api_key_enc'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    instance: text('instance').notNull(),
    messageId: text('message_id').notNull(),
    remoteJid: text('remote_jid').notNull(),
    fromMe: boolean('from_me').notNull(),
    fromNumber: text('from_number').notNull().default(''),
    toNumber: text('to_number').notNull().default(''),
    timestamp: tstz('timestamp').notNull(),
    content: text('content').notNull().default(''),
    senderName: text('sender_name'),
    isGroup: boolean('is_group').notNull().default(false),
    messageType: text('message_type').notNull().default('conversation'),
    conversationId: text('conversation_id').notNull(),
    raw: jsonb('raw'),
    readAt: tstz('read_at'),
    instanceId: integer('instance_id').references(() => messagingInstances.id),
  },
  (t) => [
    uniqueIndex('messages_instance_msg_uq').on(t.instance, t.messageId),
    index('messages_conversation_idx').on(t.conversationId, t.timestamp),
  ],
);
