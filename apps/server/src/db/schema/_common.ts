import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Money is numeric(12,2) in the database; JSON carries pesos as numbers (docs/business-rules.md "Money"). */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => tstz('created_at').notNull().defaultNow();
export const updatedAt = () => tstz('updated_at').notNull().defaultNow();
