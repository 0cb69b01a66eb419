import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgSequence, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, tstz, updatedAt } from './_common';
import { users } from './auth';
import { routers } from './network';

/** Contract numbers are handed out by authorization, in order (docs/business-rules.md "Contracts"). */
export const contractNumberSeq = pgSequence('contract_number_seq', { startWith: 1 });

/** A customer and their service contract are one record, as in the spec ("Contract/customer"). */
export const contratos = pgTable(
  'contratos',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    calle: text('calle').notNull().default(''),
    numero: text('numero').notNull().default(''),
    colonia: text('colonia').notNull().default(''),
    comunidad: text('comunidad').notNull().default(''),
    estado: text('estado').notNull().default('Hidalgo'),
    cp: text('cp').notNull().default(''),
    telefono: text('telefono').notNull().default(''),
    email: text('email').notNull().default(''),
    tipo: integer('tipo').notNull().default(1),
    /** Contract number; 0 until the contract is authorized. */
    no: integer('no').notNull().default(0),
    monto: money('monto').notNull(),
    costoInstalacion: money('costo_instalacion').notNull(),
    mac: text('mac').notNull().default(''),
    fechaContratacion: date('fecha_contratacion', { mode: 'string' }).notNull(),
    idGrupo: integer('id_grupo').notNull().default(0),
    cortado: boolean('cortado').notNull().default(false),
    facturar: boolean('facturar').notNull().default(false),
    fechaAgenda: tstz('fecha_agenda'),
    /** False once the contract is cancelled. */
    activo: boolean('activo').notNull().default(true),
    fechaCancelacion: tstz('fecha_cancelacion'),
    motivoCancelacion: text('motivo_cancelacion'),
    /**
     * Paid until (docs/business-rules.md "Paid-until and lateness"): the latest `pagos.fecha_finalizacion` of the contract, or
     * `fecha_contratacion` while it has no payment. Denormalised so the customers list can filter and
     * sort by lateness at 20,000 customers and a million payments without aggregating `pagos`.
     * Whoever writes payments must keep it in step in the same transaction (the payments issue:
     * registering or removing a payment updates it); the migration that added it backfilled it.
     */
    pagadoHasta: date('pagado_hasta', { mode: 'string' }).notNull(),
    /** Credit balance (docs/business-rules.md "Payments"): partial payments ('Abono') and what exceeds whole months. */
    saldoAFavor: money('saldo_a_favor').notNull().default(0),
    routerId: integer('router_id').references(() => routers.id),
    /** PPPoE secret name on the router (a cut disables it); empty when the customer is not on PPPoE. */
    usuarioPppoe: text('usuario_pppoe').notNull().default(''),
    /** Customer IPv4 (a cut puts it in the router's suspension list); empty when unknown. */
    ipCliente: text('ip_cliente').notNull().default(''),
    /** The PPPoE secret's password, sealed (generated when the router gets the secret, unless entered). */
    passwordPppoeEnc: text('password_pppoe_enc'),
    /** What the router did about `cortado`: aplicado, pendiente, error; null without router. */
    estadoRed: text('estado_red').$type<'aplicado' | 'pendiente' | 'error'>(),
    estadoRedMensaje: text('estado_red_mensaje'),
    estadoRedFecha: tstz('estado_red_fecha'),
    /** `airlink_fold(nombre)`, kept by PostgreSQL (migration 0016): the navbar search and name sorts read it. */
    nombreFolded: text('nombre_folded')
      .notNull()
      .generatedAlwaysAs(sql`airlink_fold(nombre)`),
    /** Lower-case, accent-free text of the searchable fields, kept by the repository (pg_trgm index). */
    searchText: text('search_text').notNull().default(''),
    /** Optimistic concurrency: every update increments it; a stale save is refused. */
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contratos_no_uq')
      .on(t.no)
      .where(sql`${t.no} > 0`),
    index('contratos_nombre_idx').on(t.nombre),
    index('contratos_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The navbar search ranks names first (customers.repository.ts): names that start with the query come
    // in order from this btree (C collation, so LIKE 'q%' is a range), names containing the words are found
    // by the trigram index. The expression must stay the repository's `foldedName` (the stored column under the C
    // collation), or the plans stop using them.
    index('contratos_nombre_folded_idx').on(sql`(${t.nombreFolded} COLLATE "C")`, t.id),
    index('contratos_nombre_folded_trgm').using('gin', sql`${t.nombreFolded} gin_trgm_ops`),
    index('contratos_comunidad_idx').on(t.comunidad),
    index('contratos_router_idx').on(t.routerId),
    index('contratos_activo_pagado_hasta_idx').on(t.activo, t.pagadoHasta),
  ],
);

/** Free-text log of a customer ("Registro"); spec calls the text log1. */
export const registros = pgTable(
  'registros',
  {
    id: serial('id').primaryKey(),
    contratoId: integer('contrato_id')
      .notNull()
      .references(() => contratos.id),
    log1: text('log1').notNull(),
    userId: integer('user_id').references(() => users.id),
    fechaCreacion: tstz('fecha_creacion').notNull().defaultNow(),
  },
  (t) => [index('registros_contrato_idx').on(t.contratoId, t.fechaCreacion)],
);

export const soporte = pgTable(
  'soporte',
  {
    id: serial('id').primaryKey(),
    contratoId: integer('contrato_id')
      .notNull()
      .references(() => contratos.id),
    titulo: text('titulo').notNull(),
    observaciones: text('observaciones').notNull().default(''),
    telefonoCliente: text('telefono_cliente').notNull().default(''),
    prioridad: integer('prioridad').notNull().default(4),
    estado: text('estado').notNull().default('Abierto'),
    /** Who opened it: 'personal' (staff) or 'portal' (the customer, issue 24). */
    origen: text('origen').notNull().default('personal'),
    asignadoA: integer('asignado_a').references(() => users.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('soporte_contrato_idx').on(t.contratoId, t.createdAt),
    index('soporte_estado_idx').on(t.estado, t.prioridad),
  ],
);

export const soporteHistorial = pgTable(
  'soporte_historial',
  {
    id: serial('id').primaryKey(),
    soporteId: integer('soporte_id')
      .notNull()
      .references(() => soporte.id),
    userId: integer('user_id').references(() => users.id),
    at: tstz('at').notNull().defaultNow(),
    campo: text('campo').notNull(),
    antes: text('antes'),
    despues: text('despues'),
  },
  (t) => [index('soporte_historial_idx').on(t.soporteId, t.at)],
);

/** Technician visits and other agenda events. */
export const agenda = pgTable(
  'agenda',
  {
    id: serial('id').primaryKey(),
    contratoId: integer('contrato_id').references(() => contratos.id),
    fechaEvento: tstz('fecha_evento').notNull(),
    accionRealizar: text('accion_realizar').notNull().default(''),
    titulo: text('titulo').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    userId: integer('user_id').references(() => users.id),
    fechaCreacion: tstz('fecha_creacion').notNull().defaultNow(),
  },
  (t) => [index('agenda_fecha_idx').on(t.fechaEvento), index('agenda_contrato_idx').on(t.contratoId, t.fechaEvento)],
);
