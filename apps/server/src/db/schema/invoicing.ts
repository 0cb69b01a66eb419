import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, tstz, updatedAt } from './_common';
import { users } from './auth';
import { contratos } from './customers';
import { pagos } from './money';

/** A contract's fiscal data: the receiver of its invoices (docs/invoicing.md "Fiscal data"). */
export const datosFiscales = pgTable('datos_fiscales', {
  contratoId: integer('contrato_id')
    .primaryKey()
    .references(() => contratos.id),
  rfc: text('rfc').notNull(),
  razonSocial: text('razon_social').notNull(),
  regimenFiscal: text('regimen_fiscal').notNull(),
  codigoPostal: text('codigo_postal').notNull(),
  usoCfdi: text('uso_cfdi').notNull(),
  email: text('email'),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: updatedAt(),
});

/**
 * An invoice (CFDI) issued through the PAC: of one payment (`tipo` 'pago') or the month's global one ('global').
 * A payment has at most one live invoice (`facturas_pago_vigente_uq`); a cancelled one stays as history and its
 * replacement points back at it.
 */
export const facturas = pgTable(
  'facturas',
  {
    id: serial('id').primaryKey(),
    tipo: text('tipo').notNull(),
    pagoId: integer('pago_id').references(() => pagos.id),
    contratoId: integer('contrato_id').references(() => contratos.id),
    /** 'YYYY-MM' of a global invoice, and which of its CFDIs (1, 2… of 5,000 lines each). */
    periodo: text('periodo'),
    parte: integer('parte'),
    serie: text('serie').notNull(),
    folio: integer('folio'),
    uuid: text('uuid'),
    /** The PAC's id of the invoice (24 hex). */
    pacId: text('pac_id'),
    total: money('total').notNull(),
    /** pendiente | valida | cancelacion_pendiente | cancelada | error */
    estado: text('estado').notNull(),
    /** The Spanish reason while it is not valid (PAC error, cancellation in progress). */
    motivo: text('motivo'),
    /** SAT motive of its cancellation ('01'–'04') and the invoice that replaces it (motive 01). */
    motivoCancelacion: text('motivo_cancelacion'),
    sustituyeA: integer('sustituye_a'),
    sustitutaId: integer('sustituta_id'),
    intentos: integer('intentos').notNull().default(0),
    fecha: tstz('fecha'),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('facturas_tipo_ck', sql`${t.tipo} IN ('pago', 'global')`),
    check(
      'facturas_estado_ck',
      sql`${t.estado} IN ('pendiente', 'valida', 'cancelacion_pendiente', 'cancelada', 'error')`,
    ),
    // One live invoice per payment; a replacement (motive 01) lives beside the one it replaces until that is
    // cancelled, one replacement at a time. A month's global invoice may be several CFDIs (5,000 lines each), each
    // part claimed once: two issuers of the same month never both stamp it.
    uniqueIndex('facturas_pago_vigente_uq')
      .on(t.pagoId)
      .where(sql`${t.estado} <> 'cancelada' AND ${t.tipo} = 'pago' AND ${t.sustituyeA} IS NULL`),
    uniqueIndex('facturas_sustituye_uq')
      .on(t.sustituyeA)
      .where(sql`${t.estado} <> 'cancelada'`),
    uniqueIndex('facturas_global_parte_uq')
      .on(t.periodo, t.parte)
      .where(sql`${t.estado} <> 'cancelada' AND ${t.tipo} = 'global'`),
    // A payment's invoices, whatever their state: the Pagos tab's invoice of each payment and the sweeps.
    index('facturas_pago_idx').on(t.pagoId),
    index('facturas_contrato_idx').on(t.contratoId, t.createdAt),
    index('facturas_created_idx').on(t.createdAt),
    index('facturas_estado_idx').on(t.estado),
  ],
);

/** The payments a global invoice covers (one line each). */
export const facturaGlobalPagos = pgTable(
  'factura_global_pagos',
  {
    facturaId: integer('factura_id')
      .notNull()
      .references(() => facturas.id),
    pagoId: integer('pago_id')
      .notNull()
      .references(() => pagos.id),
  },
  (t) => [primaryKey({ columns: [t.facturaId, t.pagoId] }), index('factura_global_pagos_pago_idx').on(t.pagoId)],
);

/** Administración › Facturación (one row). The PAC key is sealed (db/sealed-columns.ts) and never read back. */
export const facturacionAjustes = pgTable(
  'facturacion_ajustes',
  {
    id: integer('id').primaryKey().default(1),
    activa: boolean('activa').notNull().default(false),
    automatica: boolean('automatica').notNull().default(true),
    serie: text('serie').notNull().default('F'),
    serieGlobal: text('serie_global').notNull().default('G'),
    claveProducto: text('clave_producto').notNull().default('81112100'),
    claveUnidad: text('clave_unidad').notNull().default('E48'),
    /** The issuer's fiscal zip (LugarExpedicion): the global invoice's receiver carries it. */
    codigoPostal: text('codigo_postal').notNull().default(''),
    pacKeyEnc: text('pac_key_enc'),
    /** When invoicing was last switched on: the sweep invoices only payments registered since. */
    activaDesde: tstz('activa_desde'),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('facturacion_ajustes_una_ck', sql`${t.id} = 1`)],
);
