import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './_common';
import { employees } from './people';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    nombre: text('nombre').notNull(),
    apellidos: text('apellidos').notNull().default(''),
    userName: text('user_name').notNull(),
    idPerfilUsuario: integer('id_perfil_usuario').notNull(),
    activo: boolean('activo').notNull().default(true),
    picture: text('picture'),
    /** The employee this user is (Empleados); unlinked when the employee is deleted. */
    idEmpleado: integer('id_empleado').references(() => employees.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_id_empleado_uq')
      .on(t.idEmpleado)
      .where(sql`${t.idEmpleado} IS NOT NULL`),
  ],
);

/** One signed-in browser session; tokens carry its id so a session can be ended at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method').notNull(), // 'oidc' | 'dev'
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    /** jti of the newest token: the only one accepted; a replaced one coming back revokes the session. */
    tokenId: uuid('token_id').notNull().defaultRandom(),
    prevTokenId: uuid('prev_token_id'),
    lastRefreshAt: tstz('last_refresh_at'),
    revokedAt: tstz('revoked_at'),
    /** SHA-256 of the one-time sign-in code the OIDC callback hands to the web (60 s, single use). */
    exchangeCodeHash: text('exchange_code_hash'),
    exchangeCodeExpiresAt: tstz('exchange_code_expires_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), uniqueIndex('sessions_exchange_code_uq').on(t.exchangeCodeHash)],
);

/**
 * API keys are stored hashed (SHA-256 of a 32-byte random key) with a short clear prefix; the key is shown
 * once. A deleted key keeps its row (the audit trail points at it) with `deleted_at` set, and its name is free.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    profile: text('profile').notNull().default('readonly'),
    description: text('description'),
    keyHash: text('key_hash').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    neverExpires: boolean('never_expires').notNull().default(true),
    expiresAt: tstz('expires_at'),
    isActive: boolean('is_active').notNull().default(true),
    lastUsed: tstz('last_used'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [
    uniqueIndex('api_keys_hash_uq').on(t.keyHash),
    uniqueIndex('api_keys_name_uq')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);
