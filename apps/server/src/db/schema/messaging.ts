import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './_common';
import { users } from './auth';

/**
 * Department directory: one Evolution API instance per department phone; key sealed at rest. `webhookToken`
 * is the SHA-256 (hex) of the random secret in the path Evolution posts to (`/api/whatsapp/webhook/{token}`); `state` is the last
 * `connection.update` (open, close, connecting).
 */
export const messagingInstances = pgTable(
  'messaging_instances',
  {
    id: serial('id').primaryKey(),
    department: text('department').notNull(),
    phone: text('phone').notNull(),
    instanceName: text('instance_name').notNull(),
    baseUrl: text('base_url').notNull().default(''),
    apiKeyEnc: text('api_key_enc'),
    webhookToken: text('webhook_token'),
    state: text('state'),
    stateAt: tstz('state_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('messaging_instances_name_uq').on(t.instanceName),
    uniqueIndex('messaging_instances_webhook_token_uq').on(t.webhookToken),
  ],
);

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
    /** The user who sent it from AirLink (reply or test panel); null for incoming and phone-sent messages. */
    sentByUserId: integer('sent_by_user_id').references(() => users.id),
    /** Delivery status of a message we sent (domain MESSAGE_STATUSES; only moves forward). */
    status: text('status'),
    /** When its sender deleted it for everyone (Evolution's DELETED); the content stays for the record. */
    deletedAt: tstz('deleted_at'),
  },
  (t) => [
    uniqueIndex('messages_instance_msg_uq').on(t.instance, t.messageId),
    index('messages_conversation_idx').on(t.conversationId, t.timestamp),
    index('messages_instance_remote_idx').on(t.instance, t.remoteJid, t.timestamp),
  ],
);

/** A group's subject as Evolution gave it (fetched once per group, kept): the inbox titles group chats with it. */
export const messagingGroups = pgTable(
  'messaging_groups',
  {
    instanceId: integer('instance_id')
      .notNull()
      .references(() => messagingInstances.id, { onDelete: 'cascade' }),
    jid: text('jid').notNull(),
    subject: text('subject').notNull().default(''),
    fetchedAt: tstz('fetched_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.jid] })],
);
