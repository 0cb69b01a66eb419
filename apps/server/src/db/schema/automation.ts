import { boolean, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, money, tstz } from './_common';
import { users } from './auth';
import { contratos } from './customers';

/**
 * Scheduled suspension runs ('Cortes programados', issue 15). A run is approved for a business date
 * (estado 'aprobada'), or created by the schedule in automatic mode or by 'Ejecutar ahora'; it goes
 * 'en_curso' → 'terminada', stops at 'requiere_confirmacion' when the share guard trips, ends
 * 'deshecha' when undone, or 'cancelada' when its approval is withdrawn before it starts. At most one run per date that is not undone or stopped.
 */
export const cutRuns = pgTable(
  'cortes_ejecuciones',
  {
    id: serial('id').primaryKey(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    estado: text('estado')
      .$type<'aprobada' | 'en_curso' | 'terminada' | 'requiere_confirmacion' | 'deshecha' | 'cancelada'>()
      .notNull(),
    modo: text('modo').$type<'aprobacion' | 'automatico'>().notNull(),
    /** A person accepted cutting more than the share limit. */
    confirmada: boolean('confirmada').notNull().default(false),
    /** Who approved or ran it; in automatic mode, who last saved the schedule. */
    userId: integer('user_id').references(() => users.id),
    iniciada: tstz('iniciada'),
    terminada: tstz('terminada'),
    deshechaPor: integer('deshecha_por').references(() => users.id),
    deshechaEn: tstz('deshecha_en'),
    mensaje: text('mensaje'),
    /** Contracts in the run's list when it started cutting (its progress is 'x of total'); null before. */
    total: integer('total'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cortes_ejecuciones_fecha_uq')
      .on(t.fecha)
      .where(sql`${t.estado} IN ('aprobada', 'en_curso', 'terminada')`),
  ],
);

/** What a run did to each contract of its list. */
export const cutRunResults = pgTable(
  'cortes_resultados',
  {
    id: serial('id').primaryKey(),
    ejecucionId: integer('ejecucion_id')
      .notNull()
      .references(() => cutRuns.id),
    contratoId: integer('contrato_id')
      .notNull()
      .references(() => contratos.id),
    resultado: text('resultado').$type<'cortado' | 'error' | 'pendiente' | 'omitido' | 'reconectado'>().notNull(),
    mensaje: text('mensaje'),
    diasRetraso: integer('dias_retraso').notNull(),
    adeudo: money('adeudo').notNull(),
    /** The run set `cortado` on this contract (the undo reconnects exactly these). */
    cortadoPorEjecucion: boolean('cortado_por_ejecucion').notNull().default(false),
  },
  (t) => [uniqueIndex('cortes_resultados_uq').on(t.ejecucionId, t.contratoId)],
);

/** 'No cortar' marks: a run skips the contract up to and including `hasta`. */
export const noCutMarks = pgTable(
  'no_cortar',
  {
    contratoId: integer('contrato_id')
      .primaryKey()
      .references(() => contratos.id),
    motivo: text('motivo').notNull(),
    hasta: date('hasta', { mode: 'string' }).notNull(),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('no_cortar_hasta_idx').on(t.hasta)],
);

/**
 * Payment reminders by WhatsApp (issue 15, part 3): one row per contract and period (its paid-until date)
 * — the unique index is what makes "at most one reminder per contract per period" hold across runs and
 * instances. 'pendiente' until the Cobranza instance accepts it ('enviado'); a payment that moves the period
 * on makes it 'cancelado'; after MAX_REMINDER_ATTEMPTS failed sends it is 'fallido'. `tomado` is the lease of
 * the run that is sending it.
 */
export const paymentReminders = pgTable(
  'recordatorios',
  {
    id: serial('id').primaryKey(),
    contratoId: integer('contrato_id')
      .notNull()
      .references(() => contratos.id),
    periodo: date('periodo', { mode: 'string' }).notNull(),
    fechaCorte: date('fecha_corte', { mode: 'string' }).notNull(),
    telefono: text('telefono').notNull(),
    estado: text('estado').$type<'pendiente' | 'enviado' | 'fallido' | 'cancelado'>().notNull(),
    intentos: integer('intentos').notNull().default(0),
    error: text('error'),
    tomado: tstz('tomado'),
    enviado: tstz('enviado'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('recordatorios_contrato_periodo_uq').on(t.contratoId, t.periodo),
    index('recordatorios_pendientes_idx')
      .on(t.id)
      .where(sql`${t.estado} = 'pendiente'`),
    index('recordatorios_creado_idx').on(t.createdAt),
  ],
);

/**
 * The daily report's sends (issue 15, part 4): one row per business date. A run claims the date by inserting
 * it ('enviando'); the primary key makes a second run or instance find it taken. A failed send may be
 * claimed again by a later run (up to 5 attempts), and so may a claim left 'enviando' by a stopped process.
 */
export const dailyReportSends = pgTable('reportes_diarios', {
  fecha: date('fecha', { mode: 'string' }).primaryKey(),
  estado: text('estado').$type<'enviando' | 'enviado' | 'fallido'>().notNull(),
  intentos: integer('intentos').notNull().default(1),
  error: text('error'),
  enviado: tstz('enviado'),
  actualizado: tstz('actualizado').notNull().defaultNow(),
});
