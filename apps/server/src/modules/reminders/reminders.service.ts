import {
  businessDate,
  businessTime,
  DEFAULT_REMINDER_SETTINGS,
  emptyReminderRun,
  inReminderHours,
  MAX_REMINDER_ATTEMPTS,
  reminderPaidUntilRange,
  reminderPhone,
  reminderSettingsSchema,
  reminderIdleText,
  reminderRunText,
  reminderValues,
  renderReminder,
  cutoffDate,
  type Paged,
  type ReminderItem,
  type ReminderListQuery,
  type ReminderRun,
  type ReminderSettings,
  type reminderSettingsInputSchema,
} from '@airlink/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors';
import type { AuthUser } from '../auth/auth.service';
import type { JobScheduler } from '../automation/automation.service';
import type { PortalAddressService } from '../online-payments/portal-address.service';
import type { SettingsService } from '../settings/settings.service';
import type { WhatsAppDirectoryService } from '../whatsapp/whatsapp-directory.service';
import type { WhatsAppInboxService } from '../whatsapp/whatsapp-inbox.service';
import type { ClaimedReminderRow, RemindersRepository } from './reminders.repository';

/** The job of the reminders: every 5 minutes it queues who is due and sends the queue inside 09:00–20:00. */
export const REMINDERS_JOB = 'recordatorios-pago';
export const REMINDERS_EVERY_SECONDS = 300;
/** The settings key of the reminders (their own row of `settings`). */
export const REMINDER_SETTINGS_KEY = 'recordatorios_pago';
/** Reminders one run sends at the most (the next run goes on with the rest). */
const BATCH = 100;

/** A sample contract for the template preview. */
const SAMPLE = { no: 1042, nombre: 'María López Hernández', monto: 350 };

type ReminderSettingsInput = z.output<typeof reminderSettingsInputSchema>;

export interface RemindersServiceOptions {
  businessTz: string;
  now?: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Payment reminders by WhatsApp (issue 15, part 3). Each run queues one reminder per contract and period
 * (the unique index of `recordatorios` makes a second run or instance queue nothing new) and sends the
 * queue as the Cobranza instance only between 09:00 and 20:00 business time. When WhatsApp is down the
 * reminders stay queued for a later run; a payment that moves the period on cancels its reminder.
 */
export class RemindersService {
  private readonly now: () => Date;

  constructor(
    private readonly repo: RemindersRepository,
    private readonly settingsService: Pick<SettingsService, 'calendar' | 'section' | 'saveSection'>,
    private readonly whatsappDirectory: Pick<WhatsAppDirectoryService, 'instances'>,
    private readonly whatsapp: Pick<WhatsAppInboxService, 'send'>,
    private readonly portal: Pick<PortalAddressService, 'address'>,
    private readonly opts: RemindersServiceOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  register(jobs: JobScheduler): void {
    jobs.define(REMINDERS_JOB, () => this.runJob(), { maxAttempts: 1 });
    jobs.schedule(REMINDERS_JOB, REMINDERS_EVERY_SECONDS);
  }

  settings(): Promise<ReminderSettings> {
    return this.settingsService.section(REMINDER_SETTINGS_KEY, reminderSettingsSchema, DEFAULT_REMINDER_SETTINGS);
  }

  /** Saves the settings (audited); switching them on needs an instance of the WhatsApp directory. */
  async saveSettings(actor: AuthUser, input: ReminderSettingsInput): Promise<ReminderSettings> {
    if (input.instancia || input.activo) {
      const names = (await this.whatsappDirectory.instances()).map((i) => i.instanceName);
      if (!names.includes(input.instancia))
        throw badRequest('Elige una instancia de WhatsApp del directorio (Administración › WhatsApp).', {
          instancia: ['Elige la instancia que envía los recordatorios'],
        });
    }
    if (input.activo && !input.datosCuenta && input.plantilla.includes('{cuenta}'))
      throw badRequest('La plantilla usa {cuenta}: escribe los datos de la cuenta.', {
        datosCuenta: ['Escribe los datos de la cuenta para depositar'],
      });
    return this.settingsService.saveSection(
      actor,
      REMINDER_SETTINGS_KEY,
      'payment_reminders',
      reminderSettingsSchema,
      DEFAULT_REMINDER_SETTINGS,
      { ...input },
    );
  }

  /** The template written for a sample contract whose cut-off date is near. */
  async preview(plantilla: string, datosCuenta?: string): Promise<{ texto: string }> {
    const calendar = await this.settingsService.calendar();
    const cuenta = datosCuenta ?? (await this.settings()).datosCuenta;
    const values = reminderValues(
      { ...SAMPLE, pagadoHasta: this.today() },
      cuenta,
      await this.portal.address(),
      calendar,
    );
    return { texto: renderReminder(plantilla, values) };
  }

  async list(q: ReminderListQuery): Promise<Paged<ReminderItem>> {
    return this.repo.list(q);
  }

  private today(): string {
    return businessDate(this.now(), this.opts.businessTz);
  }

  /**
   * The scheduled run: a run that WhatsApp stopped fails (Tareas shows it failed, with the reason); the
   * reminders it could not send stay queued for the next run. Otherwise Tareas shows what it did (and why
   * it sent nothing, when it did not).
   */
  async runJob(): Promise<string> {
    const result = await this.run();
    if (result.error !== null)
      throw new Error(`${result.enviados} enviados; ${reminderIdleText('whatsapp_no_disponible', result.error)}`);
    return reminderRunText(result);
  }

  /**
   * One run: queue who is due today, then send the queue if it is 09:00–20:00. A run that sends nothing
   * says why (`motivo`); one that WhatsApp stopped carries its error.
   */
  async run(): Promise<ReminderRun> {
    const result = emptyReminderRun();
    const s = await this.settings();
    if (!s.activo) return { ...result, motivo: 'inactivo' };
    if (!s.instancia) return { ...result, motivo: 'sin_instancia' };
    const calendar = await this.settingsService.calendar();
    const today = this.today();
    const { desde, hasta } = reminderPaidUntilRange(today, s.diasAntes, calendar);
    if (desde <= hasta) {
      const due = await this.repo.dueContracts(desde, hasta);
      result.encolados = await this.repo.enqueue(
        due.flatMap((c) => {
          const telefono = reminderPhone(c.telefono);
          return telefono
            ? [{ contratoId: c.id, periodo: c.pagadoHasta, fechaCorte: cutoffDate(c.pagadoHasta, calendar), telefono }]
            : [];
        }),
      );
    }
    if (!inReminderHours(businessTime(this.now(), this.opts.businessTz))) {
      return { ...result, fueraDeHorario: true, motivo: 'fuera_de_horario' };
    }
    const claimed = await this.repo.claimPending(BATCH);
    if (claimed.length === 0) return { ...result, motivo: 'ninguno_pendiente' };
    const urlPortal = await this.portal.address();
    for (let i = 0; i < claimed.length; i++) {
      const r = claimed[i]!;
      const stale = this.staleReason(r, today);
      if (stale) {
        await this.repo.finish(r.id, 'cancelado', stale, false);
        result.cancelados++;
        continue;
      }
      // Quiet hours end while a batch is sending: the rest waits for tomorrow.
      if (!inReminderHours(businessTime(this.now(), this.opts.businessTz))) {
        await this.repo.release(claimed.slice(i).map((c) => c.id));
        result.fueraDeHorario = true;
        break;
      }
      const text = renderReminder(s.plantilla, reminderValues(r, s.datosCuenta, urlPortal, calendar));
      try {
        await this.whatsapp.send(null, s.instancia, r.telefono, text);
        await this.repo.finish(r.id, 'enviado', null, true);
        result.enviados++;
      } catch (err) {
        const message = err instanceof Error ? err.message : 'No se pudo enviar';
        const final = r.intentos + 1 >= MAX_REMINDER_ATTEMPTS || !isOutage(err);
        await this.repo.finish(r.id, final ? 'fallido' : 'pendiente', message, true);
        if (final) result.fallidos++;
        if (isOutage(err)) {
          result.error = message;
          // WhatsApp is down: keep the rest queued for a later run instead of waiting on each one.
          await this.repo.release(claimed.slice(i + 1).map((c) => c.id));
          this.opts.log?.warn({ err }, 'Recordatorios de pago: WhatsApp no disponible; quedan en cola');
          break;
        }
      }
    }
    if (result.enviados === 0 && result.fallidos === 0 && result.cancelados === 0)
      result.motivo =
        result.error !== null ? 'whatsapp_no_disponible' : result.fueraDeHorario ? 'fuera_de_horario' : null;
    return result;
  }

  /** Why a queued reminder must not be sent any more, or null. */
  private staleReason(r: ClaimedReminderRow, today: string): string | null {
    if (!r.activo || r.cortado) return 'El contrato ya no está activo o está cortado.';
    if (r.pagadoHasta !== r.periodo) return 'Pagó antes del envío.';
    if (today > r.fechaCorte) return 'La fecha de corte pasó antes de poder enviarlo.';
    return null;
  }
}

/**
 * Errors after which the reminder waits in the queue: WhatsApp or the instance is not reachable now (closed
 * instance, no key, Evolution down or slow) or the sender is misconfigured (instance gone from the directory):
 * the queue must not burn on them. Only a refused request (a number not on WhatsApp: 400) will not get better.
 */
function isOutage(err: unknown): boolean {
  if (!(err instanceof AppError)) return true;
  return err.statusCode !== 400;
}
