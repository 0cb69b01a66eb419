import { doublePrecision, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { Burst } from '@airlink/domain';
import { money, tstz, updatedAt } from './_common';
import { routers } from './network';

/**
 * Plans (docs/business-rules.md "Plans"): the spec's service types with speeds; the id is the contract's
 * `tipo`. The eight defaults are inserted by the migration that made the table.
 */
export const planes = pgTable('planes', {
  id: integer('id').primaryKey(),
  nombre: text('nombre').notNull(),
  monto: money('monto').notNull(),
  bajadaMbps: doublePrecision('bajada_mbps').notNull(),
  subidaMbps: doublePrecision('subida_mbps').notNull(),
  rafaga: jsonb('rafaga').$type<Burst>(),
  updatedAt: updatedAt(),
});

/**
 * What provisioning and reconciliation did on a router (docs/network.md "Plans on the router"): one row per
 * action and outcome, shown on the router's page. Deleted with its router.
 */
export const routerEventos = pgTable(
  'router_eventos',
  {
    id: serial('id').primaryKey(),
    routerId: integer('router_id')
      .notNull()
      .references(() => routers.id, { onDelete: 'cascade' }),
    contratoId: integer('contrato_id'),
    accion: text('accion').notNull(),
    estado: text('estado').$type<'aplicado' | 'pendiente' | 'error'>().notNull(),
    mensaje: text('mensaje').notNull().default(''),
    fecha: tstz('fecha').notNull().defaultNow(),
  },
  (t) => [index('router_eventos_router_idx').on(t.routerId, t.id)],
);
