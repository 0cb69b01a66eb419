import type { ReminderItem, ReminderListQuery, ReminderState } from '@airlink/domain';
import { and, between, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paged } from '../../db/paging';
import { contratos, paymentReminders } from '../../db/schema';

export interface DueContractRow {
  id: number;
  no: number;
  nombre: string;
  telefono: string;
  monto: number;
  pagadoHasta: string;
}

/** A claimed pending reminder with the contract as it is now. */
export interface ClaimedReminderRow {
  id: number;
  periodo: string;
  fechaCorte: string;
  telefono: string;
  intentos: number;
  no: number;
  nombre: string;
  monto: number;
  pagadoHasta: string;
  activo: boolean;
  cortado: boolean;
}

export type NewReminder = Pick<
  typeof paymentReminders.$inferInsert,
  'contratoId' | 'periodo' | 'fechaCorte' | 'telefono'
>;

/** How long a run may hold a reminder it is sending before another run may take it again. */
const LEASE = sql`interval '10 minutes'`;

/** SQL of the payment reminders: who is due, the queue and its history. */
export class RemindersRepository {
  constructor(private readonly db: Db) {}

  /** Active, authorized, not cut contracts with a phone, paid until a date in the range (their period is due). */
  dueContracts(desde: string, hasta: string): Promise<DueContractRow[]> {
    return this.db
      .select({
        id: contratos.id,
        no: contratos.no,
        nombre: contratos.nombre,
        telefono: contratos.telefono,
        monto: contratos.monto,
        pagadoHasta: contratos.pagadoHasta,
      })
      .from(contratos)
      .where(
        and(
          eq(contratos.activo, true),
          eq(contratos.cortado, false),
          sql`${contratos.no} > 0`,
          sql`${contratos.telefono} <> ''`,
          between(contratos.pagadoHasta, desde, hasta),
        ),
      )
      .orderBy(contratos.id);
  }

  /** Queues the reminders; a contract's period already queued (by this or another run) is left as it is. */
  async enqueue(rows: NewReminder[]): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await this.db
      .insert(paymentReminders)
      .values(rows.map((r) => ({ ...r, estado: 'pendiente' as const })))
      .onConflictDoNothing({ target: [paymentReminders.contratoId, paymentReminders.periodo] })
      .returning({ id: paymentReminders.id });
    return inserted.length;
  }

  /**
   * Takes up to `limit` pending reminders for this run (skipping those another run holds, and taking back
   * those a run took more than 10 minutes ago and never finished), with their contract as it is now.
   */
  async claimPending(limit: number): Promise<ClaimedReminderRow[]> {
    const claimed = await this.db.execute(sql`
      UPDATE recordatorios SET tomado = now()
      WHERE id IN (
        SELECT id FROM recordatorios
        WHERE estado = 'pendiente' AND (tomado IS NULL OR tomado < now() - ${LEASE})
        ORDER BY id LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id`);
    const ids = (claimed as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
    if (ids.length === 0) return [];
    return this.db
      .select({
        id: paymentReminders.id,
        periodo: paymentReminders.periodo,
        fechaCorte: paymentReminders.fechaCorte,
        telefono: paymentReminders.telefono,
        intentos: paymentReminders.intentos,
        no: contratos.no,
        nombre: contratos.nombre,
        monto: contratos.monto,
        pagadoHasta: contratos.pagadoHasta,
        activo: contratos.activo,
        cortado: contratos.cortado,
      })
      .from(paymentReminders)
      .innerJoin(contratos, eq(contratos.id, paymentReminders.contratoId))
      .where(inArray(paymentReminders.id, ids))
      .orderBy(paymentReminders.id);
  }

  async finish(id: number, estado: ReminderState, error: string | null, attempted: boolean): Promise<void> {
    await this.db
      .update(paymentReminders)
      .set({
        estado,
        error,
        tomado: null,
        ...(attempted ? { intentos: sql`${paymentReminders.intentos} + 1` } : {}),
        ...(estado === 'enviado' ? { enviado: sql`now()` } : {}),
      })
      .where(eq(paymentReminders.id, id));
  }

  /** Gives claimed reminders back to the queue untouched (the run stopped before trying them). */
  async release(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.update(paymentReminders).set({ tomado: null }).where(inArray(paymentReminders.id, ids));
  }

  async list(q: ReminderListQuery): Promise<{ items: ReminderItem[]; total: number }> {
    const where = q.estado ? eq(paymentReminders.estado, q.estado) : undefined;
    const query = this.db
      .select({
        id: paymentReminders.id,
        idContrato: paymentReminders.contratoId,
        no: contratos.no,
        nombre: contratos.nombre,
        telefono: paymentReminders.telefono,
        periodo: paymentReminders.periodo,
        fechaCorte: paymentReminders.fechaCorte,
        estado: paymentReminders.estado,
        intentos: paymentReminders.intentos,
        error: paymentReminders.error,
        creado: paymentReminders.createdAt,
        enviado: paymentReminders.enviado,
      })
      .from(paymentReminders)
      .innerJoin(contratos, eq(contratos.id, paymentReminders.contratoId))
      .where(where)
      .orderBy(desc(paymentReminders.id))
      .$dynamic();
    const { rows, total } = await paged(query, q, () =>
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(paymentReminders)
        .where(where),
    );
    return {
      items: rows.map((r) => ({
        ...r,
        creado: r.creado.toISOString(),
        enviado: r.enviado ? r.enviado.toISOString() : null,
      })),
      total,
    };
  }
}
