import {
  businessDate,
  businessTime,
  dailyReportSettingsSchema,
  dailyReportText,
  DEFAULT_DAILY_REPORT_SETTINGS,
  type DailyReport,
  type DailyReportSend,
  type DailyReportSettings,
  type dailyReportSettingsInputSchema,
} from '@airlink/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors';
import type { AuthUser } from '../auth/auth.service';
import type { JobScheduler } from '../automation/automation.service';
import type { CashCloseService } from '../cash-close/cash-close.service';
import type { FinanceService } from '../finance/finance.service';
import type { NetworkStatsService } from '../network-stats/network-stats.service';
import type { SettingsService } from '../settings/settings.service';
import type { WhatsAppDirectoryService } from '../whatsapp/whatsapp-directory.service';
import type { WhatsAppInboxService } from '../whatsapp/whatsapp-inbox.service';
import type { DailyReportRepository } from './daily-report.repository';

/** The job of the daily report: every minute it checks whether today's report is due and not yet sent. */
export const DAILY_REPORT_JOB = 'reporte-diario';
export const DAILY_REPORT_SETTINGS_KEY = 'reporte_diario';
/** Cash closes read to find the day's (two offices a day: the last 100 cover weeks). */
const CLOSES_SCANNED = 100;

type SettingsInput = z.output<typeof dailyReportSettingsInputSchema>;

export interface DailyReportServiceOptions {
  businessTz: string;
  now?: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * The owner's daily report (issue 15, part 4): built from the finance report of the day (income per office,
 * bank and account), the day's cash closes, the contract audit (cuts and reconnections, manual and
 * scheduled) and the network's last polls (radios and routers down); sent once a day by WhatsApp.
 */
export class DailyReportService {
  private readonly now: () => Date;

  constructor(
    private readonly repo: DailyReportRepository,
    private readonly settingsService: Pick<SettingsService, 'section' | 'saveSection'>,
    private readonly finance: Pick<FinanceService, 'report'>,
    private readonly cashClose: Pick<CashCloseService, 'list'>,
    private readonly networkStats: Pick<NetworkStatsService, 'monitorTraffic'>,
    private readonly whatsappDirectory: Pick<WhatsAppDirectoryService, 'instances'>,
    private readonly whatsapp: Pick<WhatsAppInboxService, 'send'>,
    private readonly opts: DailyReportServiceOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  register(jobs: JobScheduler): void {
    jobs.define(DAILY_REPORT_JOB, () => this.tick(), { maxAttempts: 1 });
    jobs.schedule(DAILY_REPORT_JOB, 60);
  }

  today(): string {
    return businessDate(this.now(), this.opts.businessTz);
  }

  settings(): Promise<DailyReportSettings> {
    return this.settingsService.section(
      DAILY_REPORT_SETTINGS_KEY,
      dailyReportSettingsSchema,
      DEFAULT_DAILY_REPORT_SETTINGS,
    );
  }

  async saveSettings(actor: AuthUser, input: SettingsInput): Promise<DailyReportSettings> {
    if (input.instancia) {
      const names = (await this.whatsappDirectory.instances()).map((i) => i.instanceName);
      if (!names.includes(input.instancia))
        throw badRequest('Elige una instancia de WhatsApp del directorio (Administración › WhatsApp).', {
          instancia: ['Elige la instancia que envía el reporte'],
        });
    }
    return this.settingsService.saveSection(
      actor,
      DAILY_REPORT_SETTINGS_KEY,
      'daily_report',
      dailyReportSettingsSchema,
      DEFAULT_DAILY_REPORT_SETTINGS,
      { ...input },
    );
  }

  async report(fecha = this.today()): Promise<DailyReport> {
    const [finance, closes, changes, radios, routers] = await Promise.all([
      this.finance.report({ desde: fecha, hasta: fecha }),
      this.cashClose.list({ page: 0, pageSize: CLOSES_SCANNED }),
      this.repo.stateChanges(fecha, this.opts.businessTz),
      this.repo.radiosDown(),
      this.networkStats.monitorTraffic(),
    ]);
    return {
      fecha,
      ingresos: {
        ...finance.ingresos,
        porCuenta: finance.ingresosPorCuenta.map((a) => ({
          cuenta: a.cuenta,
          grupo: a.grupo,
          monto: a.monto,
          cantidadPagos: a.cantidadPagos,
        })),
      },
      cortesCaja: closes.items
        .filter((c) => c.fecha === fecha && c.cerrado)
        .map((c) => ({
          cuenta: c.cuenta,
          esperado: c.esperado,
          contado: c.contado,
          diferencia: c.diferencia,
          cerradoPor: c.cerradoPor,
          cerradoEn: c.cerradoEn,
        })),
      ...changes,
      radiosCaidos: radios,
      routersCaidos: routers
        .filter((r) => r.status === 'offline')
        .map((r) => ({ id: r.router, nombre: r.name, ultimaVez: r.dateLastUpdate, error: r.lastError ?? '' })),
    };
  }

  sends(): Promise<DailyReportSend[]> {
    return this.repo.sends();
  }

  /** 'Enviar ahora' (level 20): today's report to the owner now; a failure is the answer's error. */
  async sendNow(): Promise<DailyReportSend> {
    const s = await this.settings();
    if (!s.telefono || !s.instancia)
      throw badRequest('Configura el WhatsApp del dueño y la instancia que envía antes de enviar el reporte.');
    const fecha = this.today();
    await this.repo.claimManual(fecha);
    await this.deliver(s, fecha);
    return (await this.repo.sends(1))[0]!;
  }

  /**
   * The schedule's minute: once its time has come, today's report is sent once (claimed by date). A send
   * that fails fails the run too (Tareas shows it failed with the reason, as the report's own history does).
   */
  async tick(): Promise<void> {
    const s = await this.settings();
    if (!s.activo || !s.telefono || !s.instancia) return;
    if (businessTime(this.now(), this.opts.businessTz) < s.hora) return;
    const fecha = this.today();
    if (!(await this.repo.claim(fecha))) return;
    await this.deliver(s, fecha);
  }

  /** Builds and sends the report; records the outcome on the date's row, and a failure goes on up. */
  private async deliver(s: DailyReportSettings, fecha: string): Promise<void> {
    try {
      const text = dailyReportText(await this.report(fecha), this.opts.businessTz);
      await this.whatsapp.send(null, s.instancia, s.telefono, text);
      await this.repo.finish(fecha, null);
    } catch (err) {
      const message = err instanceof Error ? err.message : 'No se pudo enviar el reporte';
      await this.repo.finish(fecha, message);
      this.opts.log?.warn({ err }, 'Reporte diario: no se pudo enviar');
      throw err;
    }
  }
}
