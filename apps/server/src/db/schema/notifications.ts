import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tstz } from './_common';
import { users } from './auth';

/** One row per recipient: read state is per user (docs/api-contract.md "Notifications"). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    message: text('message').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    read: boolean('read').notNull().default(false),
    readAt: tstz('read_at'),
    receivedAt: tstz('received_at'),
    url: text('url'),
    customerId: integer('customer_id'),
    customerName: text('customer_name'),
    color: text('color'),
    icon: text('icon'),
    bgColor: text('bg_color'),
    senderId: integer('sender_id').references(() => users.id),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
