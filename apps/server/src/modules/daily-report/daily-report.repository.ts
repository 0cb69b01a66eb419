import type { DailyReport, DailyReportSend } from '@airlink/domain';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { onBusinessDates } from '../../db/business-time';
import { auditLog, dailyReportSends, devices, radioCurrent } from '../../db/schema';

/** How many attempts a day's send gets before the report waits for a person ('Enviar ahora'). */
export const MAX_REPORT_ATTEMPTS = 5;

/** SQL of the daily report: the day's cuts and reconnections, the radios down, and the sends. */
export class DailyReportRepository {
  constructor(private readonly db: Db) {}

  /** Cuts and reconnections of a business date, from the contract audit (manual and scheduled alike). */
  async stateChanges(
    fecha: string,
    tz: string,
  ): Promise<{ cortes: DailyReport['cortes']; reconexiones: DailyReport['reconexiones'] }> {
    const rows = await this.db
      .select({
        action: auditLog.action,
        entityId: auditLog.entityId,
        nombre: sql<string>`coalesce(${auditLog.after}->>'nombre', '')`,
        at: auditLog.at,
      })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'contract'),
          inArray(auditLog.action, ['cut', 'reconnect']),
          ...onBusinessDates(auditLog.at, tz, fecha, fecha),
        ),
      )
      .orderBy(asc(auditLog.at));
    const item = (r: (typeof rows)[number]) => ({
      idContrato: Number(r.entityId),
      nombre: r.nombre,
      hora: r.at.toISOString(),
    });
    return {
      cortes: rows.filter((r) => r.action === 'cut').map(item),
      reconexiones: rows.filter((r) => r.action === 'reconnect').map(item),
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
