import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money, tstz, updatedAt } from './_common';
import { users } from './auth';
import { contratos } from './customers';
import { pagos } from './money';

/**
 * The customer portal (docs/business-rules.md "Customer portal"): sign-in codes sent by WhatsApp (only their
 * hash), the per-contract lock after wrong codes, and portal sessions (only the cookie's hash: revocable).
 */
export const portalCodes = pgTable(
  'portal_codes',
  {
    id: serial('id').primaryKey(),
    /** Null when the contract and phone did not match: the request still counts against the limits. */
    contratoId: integer('contrato_id').references(() => contratos.id),
    /** `phoneKey` of the phone typed (52 + 10 digits). */
    phoneKey: text('phone_key').notNull(),
    ip: text('ip').notNull(),
    codeHash: text('code_hash'),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    tries: integer('tries').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('portal_codes_phone_idx').on(t.phoneKey, t.createdAt),
    index('portal_codes_ip_idx').on(t.ip, t.createdAt),
    index('portal_codes_contrato_idx').on(t.contratoId, t.createdAt),
  ],
);

export const portalLocks = pgTable('portal_locks', {
  contratoId: integer('contrato_id')
    .primaryKey()
    .references(() => contratos.id),
  wrong: integer('wrong').notNull().default(0),
  lockedUntil: tstz('locked_until'),
});

export const portalSessions = pgTable(
  'portal_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contratoId: integer('contrato_id')
      .notNull()
      .references(() => contratos.id),
    /** SHA-256 of the cookie's value. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('portal_sessions_token_uq').on(t.tokenHash),
    index('portal_sessions_contrato_idx').on(t.contratoId),
  ],
);

/**
 * A payment intent (docs/business-rules.md "Paying online"): what the customer asked to pay, its Checkout Pro
 * preference, and the Mercado Pago payment that paid it (registered as an ordinary payment, `pago_id`).
 */
export const pagosEnLinea = pgTable(
  'pagos_en_linea',
  {
    /** Also the preference's `external_reference`. */
    id: uuid('id').primaryKey(),
    contratoId: integer('contrato_id')
      .notNull()
      .references(() => contratos.id),
    meses: integer('meses').notNull(),
    monto: money('monto').notNull(),
    reconexion: boolean('reconexion').notNull().default(false),
    facturar: boolean('facturar').notNull().default(false),
    /** pendiente | aprobado | rechazado | expirado | reembolsado */
    estado: text('estado').notNull().default('pendiente'),
    preferenceId: text('preference_id').notNull(),
    urlPago: text('url_pago').notNull(),
    mpPaymentId: text('mp_payment_id'),
    mpStatus: text('mp_status'),
    pagoId: integer('pago_id').references(() => pagos.id),
    /** A refund or chargeback after it was registered: staff must review it (never reversed silently). */
    marcado: boolean('marcado').notNull().default(false),
    motivoMarca: text('motivo_marca'),
    /** Last lookup by reference (the job), so one intent is not searched on every run. */
    checkedAt: tstz('checked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pagos_en_linea_contrato_idx').on(t.contratoId, t.createdAt),
    index('pagos_en_linea_pendientes_idx')
      .on(t.createdAt)
      .where(sql`${t.estado} = 'pendiente'`),
    index('pagos_en_linea_fecha_idx').on(t.createdAt),
    index('pagos_en_linea_mp_idx').on(t.mpPaymentId),
  ],
);

/** Administración › Pagos en línea: one row (id 1). The token and secret are sealed (db/sealed-columns.ts). */
export const pagosEnLineaConfig = pgTable('pagos_en_linea_config', {
  id: integer('id').primaryKey(),
  activo: boolean('activo').notNull().default(false),
  publicKey: text('public_key').notNull().default(''),
  accessTokenEnc: text('access_token_enc'),
  webhookSecretEnc: text('webhook_secret_enc'),
  urlPortal: text('url_portal').notNull().default(''),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: updatedAt(),
});
