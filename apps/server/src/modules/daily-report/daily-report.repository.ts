import type { DailyReport, DailyReportSend } from '@airlink/domain';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessDayStart, onBusinessDates } from '../../db/business-time';
import { auditLog, contratos, cutRunResults, cutRuns, dailyReportSends, devices, radioCurrent } from '../../db/schema';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** How many attempts a day's send gets before the report waits for a person ('Enviar ahora'). */
export const MAX_REPORT_ATTEMPTS = 5;

/** SQL of the daily report: the day's cuts and reconnections, the radios down, and the sends. */
export class DailyReportRepository {
  constructor(private readonly db: Db) {}

  /**
   * Cuts and reconnections of a business date, from the audit (manual and scheduled alike): a reconnection
   * is Reconectar or a payment with reconnection that lifted a cut. The reconnections an undo of a scheduled
   * run made are not reconnections of the day: the undone runs are listed apart (`deshechas`).
   */
  async stateChanges(fecha: string, tz: string): Promise<Pick<DailyReport, 'cortes' | 'reconexiones' | 'deshechas'>> {
    const [from, to] = [businessDayStart(fecha, tz), businessDayStart(fecha, tz, 1)];
    const rows = rowsOf<{ kind: 'cut' | 'reconnect' | 'payment'; contract: number; nombre: string; at: Date | string }>(
      await this.db.execute(sql`
        SELECT CASE WHEN a.entity = 'payment' THEN 'payment' ELSE a.action END AS kind,
          c.id AS contract, coalesce(c.nombre, '') AS nombre, a.at
        FROM ${auditLog} a
        JOIN ${contratos} c ON c.id = CASE WHEN a.entity = 'payment' THEN (a.after->>'idCliente')::int
          WHEN a.entity = 'contract' THEN a.entity_id::int END
        WHERE a.at >= ${from} AND a.at < ${to}
          AND ((a.entity = 'contract' AND a.action IN ('cut', 'reconnect'))
            OR (a.entity = 'payment' AND a.action = 'register'
              AND (a.before->>'cortado')::boolean AND NOT (a.after->>'cortado')::boolean))
          -- Reconectar run by an undo: by the undoer, after the undo, before any later cut of the contract.
          AND NOT (a.entity = 'contract' AND a.action = 'reconnect' AND EXISTS (
            SELECT 1 FROM ${cutRunResults} r JOIN ${cutRuns} e ON e.id = r.ejecucion_id
            WHERE r.contrato_id = c.id AND r.resultado = 'reconectado' AND e.estado = 'deshecha'
              AND e.deshecha_por = a.user_id AND e.deshecha_en <= a.at
              AND NOT EXISTS (SELECT 1 FROM ${auditLog} k WHERE k.entity = 'contract' AND k.action = 'cut'
                AND k.entity_id = a.entity_id AND k.at > e.deshecha_en AND k.at < a.at)))
        ORDER BY a.at, a.id`),
    );
    const undone = await this.db
      .select({
        id: cutRuns.id,
        fecha: cutRuns.fecha,
        at: cutRuns.deshechaEn,
        reconectados: sql<number>`(SELECT count(*)::int FROM ${cutRunResults} r
          WHERE r.ejecucion_id = "cortes_ejecuciones"."id" AND r.resultado = 'reconectado')`,
      })
      .from(cutRuns)
      .where(and(eq(cutRuns.estado, 'deshecha'), ...onBusinessDates(cutRuns.deshechaEn, tz, fecha, fecha)))
      .orderBy(asc(cutRuns.deshechaEn));
    const item = (r: (typeof rows)[number]) => ({
      idContrato: Number(r.contract),
      nombre: r.nombre,
      hora: new Date(r.at).toISOString(),
    });
    return {
      cortes: rows.filter((r) => r.kind === 'cut').map(item),
      reconexiones: rows.filter((r) => r.kind !== 'cut').map((r) => ({ ...item(r), porPago: r.kind === 'payment' })),
      deshechas: undone.map((u) => ({
        idEjecucion: u.id,
        fecha: u.fecha,
        hora: (u.at ?? new Date(0)).toISOString(),
        reconectados: u.reconectados,
      })),
    };
  }

  /** Radios whose last poll failed (not deleted), with when they last answered. */
  async radiosDown(): Promise<DailyReport['radiosCaidos']> {
    const rows = await this.db
      .select({
        id: devices.id,
        hostname: devices.hostname,
        ip: devices.ipaddr,
        lastSeen: devices.lastSeen,
        error: radioCurrent.lastError,
      })
      .from(radioCurrent)
      .innerJoin(devices, eq(devices.id, radioCurrent.deviceId))
      .where(and(isNotNull(radioCurrent.lastError), eq(devices.borrado, false)))
      .orderBy(asc(devices.hostname), asc(devices.id));
    return rows.map((r) => ({
      id: r.id,
      nombre: r.hostname || r.ip || `Radio ${r.id}`,
      ip: r.ip,
      ultimaVez: r.lastSeen ? r.lastSeen.toISOString() : null,
      error: r.error ?? '',
    }));
  }

  /**
   * Takes the date's send for this run: a new date, a failed send with attempts left, or a claim left
   * 'enviando' for 10 minutes by a stopped process. False when another run has it or it was sent.
   */
  async claim(fecha: string): Promise<boolean> {
    const rows = await this.db
      .insert(dailyReportSends)
      .values({ fecha, estado: 'enviando' })
      .onConflictDoUpdate({
        target: dailyReportSends.fecha,
        set: { estado: 'enviando', intentos: sql`${dailyReportSends.intentos} + 1`, actualizado: sql`now()` },
        setWhere: sql`(${dailyReportSends.estado} = 'fallido' AND ${dailyReportSends.intentos} < ${MAX_REPORT_ATTEMPTS})
          OR (${dailyReportSends.estado} = 'enviando' AND ${dailyReportSends.actualizado} < now() - interval '10 minutes')`,
      })
      .returning({ fecha: dailyReportSends.fecha });
    return rows.length > 0;
  }

  /** 'Enviar ahora': a send by a person always counts; the date's row records its outcome too. */
  async claimManual(fecha: string): Promise<void> {
    await this.db
      .insert(dailyReportSends)
      .values({ fecha, estado: 'enviando' })
      .onConflictDoUpdate({
        target: dailyReportSends.fecha,
        set: { estado: 'enviando', intentos: sql`${dailyReportSends.intentos} + 1`, actualizado: sql`now()` },
      });
  }

  async finish(fecha: string, error: string | null): Promise<void> {
    await this.db
      .update(dailyReportSends)
      .set({
        estado: error ? 'fallido' : 'enviado',
        error,
        actualizado: sql`now()`,
        ...(error ? {} : { enviado: sql`now()` }),
      })
      .where(eq(dailyReportSends.fecha, fecha));
  }

  async sends(limit = 30): Promise<DailyReportSend[]> {
    const rows = await this.db.select().from(dailyReportSends).orderBy(desc(dailyReportSends.fecha)).limit(limit);
    return rows.map((r) => ({
      fecha: r.fecha,
      estado: r.estado,
      intentos: r.intentos,
      error: r.error,
      enviado: r.enviado ? r.enviado.toISOString() : null,
    }));
  }
}
