import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './_common';
import { apiKeys, users } from './auth';

/** Who changed what and when: customers, payments, settings, users (docs/business-rules.md "Audit"). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tstz('at').notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id),
    apiKeyId: integer('api_key_id').references(() => apiKeys.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_entity_idx').on(t.entity, t.entityId, t.at), index('audit_at_idx').on(t.at)],
);
