import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money, tstz } from './_common';
import { users } from './auth';
import { contratos } from './customers';

/** Payment places and bank accounts, with the spec's ids (not generated). */
export const cuentas = pgTable('cuentas', {
  id: integer('id').primaryKey(),
  nombre: text('nombre').notNull(),
  /** tizayuca | pachuca | banco | ajuste */
  grupo: text('grupo').notNull(),
  activo: boolean('activo').notNull().default(true),
  /** Place in the lists (payment dialog, reports, Administración): by `orden`, then id. */
  orden: integer('orden').notNull().default(0),
});

/** A movement read from a bank statement; pending while no payment uses it. */
export const movimientosBancarios = pgTable(
  'movimientos_bancarios',
  {
    id: serial('id').primaryKey(),
    idCuenta: integer('id_cuenta')
      .notNull()
      .references(() => cuentas.id),
    fechaRealizacion: date('fecha_realizacion', { mode: 'string' }).notNull(),
    monto: money('monto').notNull(),
    referencia: text('referencia').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    /** account|date|amount|reference: a re-imported statement adds nothing twice. */
    importKey: text('import_key').notNull(),
    importBatch: uuid('import_batch'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('movimientos_import_key_uq').on(t.importKey),
    index('movimientos_referencia_trgm').using('gin', sql`airlink_fold(${t.referencia}) gin_trgm_ops`),
    index('movimientos_fecha_idx').on(t.fechaRealizacion),
  ],
);

export const pagos = pgTable(
  'pagos',
  {
    id: serial('id').primaryKey(),
    guid: uuid('guid').notNull().defaultRandom(),
    contratoId: integer('contrato_id')
      .notNull()
      .references(() => contratos.id),
    fechaPago: tstz('fecha_pago').notNull(),
    fechaInicio: date('fecha_inicio', { mode: 'string' }).notNull(),
    fechaFinalizacion: date('fecha_finalizacion', { mode: 'string' }).notNull(),
    /** Total charged: base + reconnection fee, then the invoice surcharge. */
    monto: money('monto').notNull(),
    montoBase: money('monto_base').notNull(),
    mesesCubiertos: integer('meses_cubiertos').notNull().default(1),
    idCuenta: integer('id_cuenta')
      .notNull()
      .references(() => cuentas.id),
    referencia: text('referencia').notNull().default(''),
    nota: text('nota').notNull().default(''),
    reconexion: boolean('reconexion').notNull().default(false),
    facturar: boolean('facturar').notNull().default(false),
    /** A partial payment ('Abono'): receipted, added to the contract's credit balance. */
    abono: boolean('abono').notNull().default(false),
    /** The contract's credit balance after this payment. */
    saldoAFavor: money('saldo_a_favor').notNull().default(0),
    idMovimientoFinanciero: integer('id_movimiento_financiero').references(() => movimientosBancarios.id),
    idempotencyKey: text('idempotency_key'),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pagos_guid_uq').on(t.guid),
    uniqueIndex('pagos_idempotency_uq').on(t.idempotencyKey),
    uniqueIndex('pagos_movimiento_uq').on(t.idMovimientoFinanciero),
    index('pagos_contrato_idx').on(t.contratoId, t.fechaFinalizacion),
    // Covering: the income summaries read only (fecha_pago, id_cuenta, monto) of each bucket's range. drizzle-orm
    // cannot declare INCLUDE, so migration 0003 adds `INCLUDE (id_cuenta, monto)` by hand; keep it if this changes.
    index('pagos_fecha_cover_idx').on(t.fechaPago),
    index('pagos_cuenta_fecha_idx').on(t.idCuenta, t.fechaPago),
    index('pagos_referencia_idx').on(t.referencia),
  ],
);

/** The receipt of a payment; its id is the sequential receipt number. */
export const recibos = pgTable(
  'recibos',
  {
    id: serial('id').primaryKey(),
    guid: uuid('guid').notNull(),
    pagoId: integer('pago_id')
      .notNull()
      .references(() => pagos.id),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => contratos.id),
    nombre: text('nombre').notNull(),
    direccion: text('direccion').notNull(),
    colonia: text('colonia').notNull(),
    monto: money('monto').notNull(),
    montoContrato: money('monto_contrato').notNull(),
    reconexion: boolean('reconexion').notNull().default(false),
    fechaPago: tstz('fecha_pago').notNull(),
    fechaInicio: date('fecha_inicio', { mode: 'string' }).notNull(),
    fechaFinalizacion: date('fecha_finalizacion', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('recibos_guid_uq').on(t.guid),
    uniqueIndex('recibos_pago_uq').on(t.pagoId),
    index('recibos_cliente_idx').on(t.clienteId),
    index('recibos_fecha_idx').on(t.fechaPago),
    // The reconnections list (about 1.5 % of the receipts): its page and its count read only this index.
    index('recibos_reconexion_idx')
      .on(t.fechaPago.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.reconexion}`),
  ],
);

/** Cash close ('Corte de caja') per cash office and business day. */
export const cortesCaja = pgTable(
  'cortes_caja',
  {
    id: serial('id').primaryKey(),
    idCuenta: integer('id_cuenta')
      .notNull()
      .references(() => cuentas.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    esperado: money('esperado').notNull(),
    contado: money('contado').notNull(),
    diferencia: money('diferencia').notNull(),
    nota: text('nota').notNull().default(''),
    cerradoPor: integer('cerrado_por').references(() => users.id),
    cerradoEn: tstz('cerrado_en').notNull().defaultNow(),
    reabiertoPor: integer('reabierto_por').references(() => users.id),
    reabiertoEn: tstz('reabierto_en'),
  },
  (t) => [uniqueIndex('cortes_cuenta_fecha_uq').on(t.idCuenta, t.fecha)],
);

export const categoriasGasto = pgTable(
  'movimiento_financiero_categorias',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    icono: text('icono').notNull().default('Category'),
  },
  // One category per name, ignoring case, accents and surrounding spaces (migration 0013).
  (t) => [uniqueIndex('movimiento_financiero_categorias_nombre_uq').on(sql`airlink_fold(btrim(${t.nombre}))`)],
);

export const gastos = pgTable(
  'movimientos_financieros_gastos',
  {
    id: serial('id').primaryKey(),
    idGasto: integer('id_gasto')
      .notNull()
      .references(() => categoriasGasto.id),
    idCuenta: integer('id_cuenta')
      .notNull()
      .references(() => cuentas.id),
    monto: money('monto').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    tipoGasto: text('tipo_gasto').notNull().default(''),
    numeroServicio: text('numero_servicio').notNull().default(''),
    nombrePunto: text('nombre_punto').notNull().default(''),
    periodo: text('periodo').notNull().default(''),
    fechaPagoProgramada: date('fecha_pago_programada', { mode: 'string' }),
    fechaRealizacion: date('fecha_realizacion', { mode: 'string' }),
    estadoPago: text('estado_pago').notNull().default('Pendiente'),
    nota: text('nota').notNull().default(''),
    esGasto: boolean('es_gasto').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('gastos_fecha_idx').on(t.fechaRealizacion),
    index('gastos_categoria_idx').on(t.idGasto, t.fechaRealizacion),
    index('gastos_cuenta_idx').on(t.idCuenta, t.fechaRealizacion),
  ],
);
