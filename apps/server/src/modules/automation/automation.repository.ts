import {
  DEFAULT_AUTOMATION_SETTINGS,
  type AutomationRun,
  type AutomationSettings,
  type NoCutMarkItem,
} from '@airlink/domain';
import { aliasedTable, and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contratos, cutRunResults, cutRuns, noCutMarks, pagos, settings, users } from '../../db/schema';
import { fullName, userNameColumns } from '../../db/user-name';

/** The settings key of the schedule (its own row of `settings`, apart from Administración's). */
export const AUTOMATION_SETTINGS_KEY = 'cortes_programados';

export type RunRow = typeof cutRuns.$inferSelect;
export type RunResultValues = typeof cutRunResults.$inferInsert;

export interface CandidateRow {
  id: number;
  no: number;
  nombre: string;
  comunidad: string;
  pagadoHasta: string;
  monto: number;
  activo: boolean;
  cortado: boolean;
  noCortarMotivo: string | null;
  noCortarHasta: string | null;
}

const approver = aliasedTable(users, 'aprobador');
const undoer = aliasedTable(users, 'deshizo');

/** SQL of Cortes programados: its settings row, 'no cortar' marks, runs and their results. */
export class AutomationRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }

  async settings(): Promise<{ value: AutomationSettings; updatedBy: number | null }> {
    const [row] = await this.db.select().from(settings).where(eq(settings.key, AUTOMATION_SETTINGS_KEY));
    if (!row) return { value: DEFAULT_AUTOMATION_SETTINGS, updatedBy: null };
    return { value: { ...DEFAULT_AUTOMATION_SETTINGS, ...(row.value as object) }, updatedBy: row.updatedBy };
  }

  async saveSettings(value: AutomationSettings, userId: number, tx: Db): Promise<void> {
    await tx
      .insert(settings)
      .values({ key: AUTOMATION_SETTINGS_KEY, value, updatedBy: userId })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: userId, updatedAt: sql`now()` } });
  }

  /**
   * Active, authorized, not cut contracts paid until `lastPaidUntil` or earlier (their cut-off date is
   * before the run date), with their 'no cortar' mark; the domain decides the rest.
   */
  async candidates(lastPaidUntil: string): Promise<CandidateRow[]> {
    return this.db
      .select({
        id: contratos.id,
        no: contratos.no,
        nombre: contratos.nombre,
        comunidad: contratos.comunidad,
        pagadoHasta: contratos.pagadoHasta,
        monto: contratos.monto,
        activo: contratos.activo,
        cortado: contratos.cortado,
        noCortarMotivo: noCutMarks.motivo,
        noCortarHasta: noCutMarks.hasta,
      })
      .from(contratos)
      .leftJoin(noCutMarks, eq(noCutMarks.contratoId, contratos.id))
      .where(
        and(
          eq(contratos.activo, true),
          eq(contratos.cortado, false),
          sql`${contratos.no} > 0`,
          lte(contratos.pagadoHasta, lastPaidUntil),
        ),
      )
      .orderBy(contratos.pagadoHasta, contratos.id);
  }

  /** Active authorized contracts (the base of the share guard). */
  async activeContracts(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contratos)
      .where(and(eq(contratos.activo, true), sql`${contratos.no} > 0`));
    return row?.n ?? 0;
  }

  async noCutOf(contratoId: number, tx: Db): Promise<{ motivo: string; hasta: string } | null> {
    const [row] = await tx
      .select({ motivo: noCutMarks.motivo, hasta: noCutMarks.hasta })
      .from(noCutMarks)
      .where(eq(noCutMarks.contratoId, contratoId));
    return row ?? null;
  }

  /** Whether a payment of the contract was registered at or after `since` (database clock). */
  async paidSince(contratoId: number, since: Date, tx: Db): Promise<boolean> {
    const rows = await tx
      .select({ id: pagos.id })
      .from(pagos)
      .where(and(eq(pagos.contratoId, contratoId), gte(pagos.createdAt, since)))
      .limit(1);
    return rows.length > 0;
  }

  async noCutMarks(): Promise<NoCutMarkItem[]> {
    const rows = await this.db
      .select({
        idContrato: noCutMarks.contratoId,
        nombre: contratos.nombre,
        motivo: noCutMarks.motivo,
        hasta: noCutMarks.hasta,
        creador: userNameColumns(),
      })
      .from(noCutMarks)
      .innerJoin(contratos, eq(contratos.id, noCutMarks.contratoId))
      .leftJoin(users, eq(users.id, noCutMarks.userId))
      .orderBy(noCutMarks.hasta, noCutMarks.contratoId);
    return rows.map(({ creador, ...r }) => ({ ...r, creadoPor: creador ? fullName(creador) : null }));
  }

  async setNoCut(contratoId: number, motivo: string, hasta: string, userId: number, tx: Db) {
    const before = await this.noCutOf(contratoId, tx);
    await tx
      .insert(noCutMarks)
      .values({ contratoId, motivo, hasta, userId })
      .onConflictDoUpdate({ target: noCutMarks.contratoId, set: { motivo, hasta, userId, createdAt: sql`now()` } });
    return before;
  }

  async deleteNoCut(contratoId: number, tx: Db) {
    const [row] = await tx
      .delete(noCutMarks)
      .where(eq(noCutMarks.contratoId, contratoId))
      .returning({ motivo: noCutMarks.motivo, hasta: noCutMarks.hasta });
    return row ?? null;
  }

  async contractExists(id: number): Promise<boolean> {
    const rows = await this.db.select({ id: contratos.id }).from(contratos).where(eq(contratos.id, id));
    return rows.length > 0;
  }

  /** A run of the date in any state (the schedule creates at most one per date by itself). */
  async runOfDate(fecha: string): Promise<RunRow | null> {
    const [row] = await this.db
      .select()
      .from(cutRuns)
      .where(eq(cutRuns.fecha, fecha))
      .orderBy(desc(cutRuns.id))
      .limit(1);
    return row ?? null;
  }

  /** A run that will or did cut on the date (approved, running or finished). */
  async liveRunOfDate(fecha: string, tx: Db = this.db): Promise<RunRow | null> {
    const [row] = await tx
      .select()
      .from(cutRuns)
      .where(and(eq(cutRuns.fecha, fecha), inArray(cutRuns.estado, ['aprobada', 'en_curso', 'terminada'])));
    return row ?? null;
  }

  /** Inserts an approved run; null when the date already has a live one (the partial unique index). */
  async insertRun(
    values: Pick<typeof cutRuns.$inferInsert, 'fecha' | 'modo' | 'confirmada' | 'userId'> & {
      estado?: RunRow['estado'];
      mensaje?: string | null;
    },
    tx: Db = this.db,
  ): Promise<RunRow | null> {
    const [row] = await tx
      .insert(cutRuns)
      .values({ estado: 'aprobada', ...values })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  /**
   * Takes an approved run (or resumes one left running by an attempt that failed): 'en_curso', its start
   * time kept from the first attempt (database clock). Null when it is in another state.
   */
  async startRun(id: number): Promise<RunRow | null> {
    const [row] = await this.db
      .update(cutRuns)
      .set({ estado: 'en_curso', iniciada: sql`coalesce(${cutRuns.iniciada}, now())` })
      .where(and(eq(cutRuns.id, id), inArray(cutRuns.estado, ['aprobada', 'en_curso'])))
      .returning();
    return row ?? null;
  }

  /** The size of the run's list, set when it starts cutting (its progress is 'x of total'). */
  async setTotal(id: number, total: number): Promise<void> {
    await this.db.update(cutRuns).set({ total }).where(eq(cutRuns.id, id));
  }

  async finishRun(id: number, estado: RunRow['estado'], mensaje: string | null): Promise<void> {
    await this.db
      .update(cutRuns)
      .set({ estado, mensaje, terminada: sql`now()` })
      .where(eq(cutRuns.id, id));
  }

  async addResult(values: RunResultValues): Promise<void> {
    await this.db.insert(cutRunResults).values(values).onConflictDoNothing();
  }

  async doneContracts(runId: number): Promise<Set<number>> {
    const rows = await this.db
      .select({ id: cutRunResults.contratoId })
      .from(cutRunResults)
      .where(eq(cutRunResults.ejecucionId, runId));
    return new Set(rows.map((r) => r.id));
  }

  /** Claims a finished run for its undo ('terminada' → 'deshecha'); null when it is not finished. */
  async claimUndo(id: number, userId: number, tx: Db): Promise<RunRow | null> {
    const [row] = await tx
      .update(cutRuns)
      .set({ estado: 'deshecha', deshechaPor: userId, deshechaEn: sql`now()` })
      .where(and(eq(cutRuns.id, id), eq(cutRuns.estado, 'terminada')))
      .returning();
    return row ?? null;
  }

  /** Withdraws an approval that has not started (the runner's startRun takes only 'aprobada' rows). */
  async claimCancel(id: number, userId: number, tx: Db): Promise<RunRow | null> {
    const [row] = await tx
      .update(cutRuns)
      .set({ estado: 'cancelada', deshechaPor: userId, deshechaEn: sql`now()` })
      .where(and(eq(cutRuns.id, id), eq(cutRuns.estado, 'aprobada')))
      .returning();
    return row ?? null;
  }

  async findRun(id: number, tx: Db = this.db): Promise<RunRow | null> {
    const [row] = await tx.select().from(cutRuns).where(eq(cutRuns.id, id));
    return row ?? null;
  }

  /** The contracts the run cut (it set `cortado` on them): what an undo reconnects. */
  async cutByRun(runId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: cutRunResults.contratoId })
      .from(cutRunResults)
      .where(and(eq(cutRunResults.ejecucionId, runId), eq(cutRunResults.cortadoPorEjecucion, true)))
      .orderBy(cutRunResults.id);
    return rows.map((r) => r.id);
  }

  async markReconnected(runId: number, contratoId: number, mensaje: string | null): Promise<void> {
    await this.db
      .update(cutRunResults)
      .set({ resultado: 'reconectado', mensaje })
      .where(and(eq(cutRunResults.ejecucionId, runId), eq(cutRunResults.contratoId, contratoId)));
  }

  async listRuns(limit: number, ids?: number[]): Promise<AutomationRun[]> {
    const rows = await this.db
      .select({
        run: cutRuns,
        aprobador: userNameColumns(approver),
        deshizo: userNameColumns(undoer),
        cortados: sql<number>`(SELECT count(*)::int FROM ${cutRunResults} r WHERE r.ejecucion_id = ${cutRuns.id} AND r.cortado_por_ejecucion)`,
        errores: sql<number>`(SELECT count(*)::int FROM ${cutRunResults} r WHERE r.ejecucion_id = ${cutRuns.id} AND r.resultado = 'error')`,
        omitidos: sql<number>`(SELECT count(*)::int FROM ${cutRunResults} r WHERE r.ejecucion_id = ${cutRuns.id} AND r.resultado = 'omitido')`,
        procesados: sql<number>`(SELECT count(*)::int FROM ${cutRunResults} r WHERE r.ejecucion_id = ${cutRuns.id})`,
        // What the router confirmed: a contract without a router, or one the router failed or has not answered for, is not counted.
        enRouter: sql<number>`(SELECT count(*)::int FROM ${cutRunResults} r JOIN ${contratos} c ON c.id = r.contrato_id
          WHERE r.ejecucion_id = ${cutRuns.id} AND r.resultado = 'cortado' AND c.router_id IS NOT NULL)`,
      })
      .from(cutRuns)
      .leftJoin(approver, eq(approver.id, cutRuns.userId))
      .leftJoin(undoer, eq(undoer.id, cutRuns.deshechaPor))
      .where(ids ? inArray(cutRuns.id, ids) : undefined)
      .orderBy(desc(cutRuns.fecha), desc(cutRuns.id))
      .limit(limit);
    return rows.map(({ run, aprobador, deshizo, cortados, errores, omitidos, procesados, enRouter }) => ({
      id: run.id,
      fecha: run.fecha,
      estado: run.estado,
      modo: run.modo,
      confirmada: run.confirmada,
      aprobadaPor: aprobador ? fullName(aprobador) : null,
      iniciada: run.iniciada?.toISOString() ?? null,
      terminada: run.terminada?.toISOString() ?? null,
      deshechaPor: deshizo ? fullName(deshizo) : null,
      mensaje: run.mensaje,
      cortados,
      errores,
      omitidos,
      total: run.total,
      procesados,
      enRouter,
    }));
  }

  async results(runId: number) {
    return this.db
      .select({
        idContrato: cutRunResults.contratoId,
        nombre: contratos.nombre,
        resultado: cutRunResults.resultado,
        mensaje: cutRunResults.mensaje,
        diasRetraso: cutRunResults.diasRetraso,
        adeudo: cutRunResults.adeudo,
      })
      .from(cutRunResults)
      .innerJoin(contratos, eq(contratos.id, cutRunResults.contratoId))
      .where(eq(cutRunResults.ejecucionId, runId))
      .orderBy(cutRunResults.id);
  }

  async user(id: number) {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row ?? null;
  }
}
