import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './_common';
import { users } from './auth';

/** Company data for receipts and contracts, and other key/value settings. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
