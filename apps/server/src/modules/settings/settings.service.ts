import {
  businessSettingsSchema,
  calendarOf,
  DEFAULT_BUSINESS_SETTINGS,
  type BusinessCalendar,
  type BusinessSettings,
  type businessSettingsInputSchema,
} from '@airlink/domain';
import type { z } from 'zod';
import type { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.service';
import type { SettingsRepository } from './settings.repository';

/** The settings key of the business settings (holidays, business weekdays, suspension list). */
export const BUSINESS_SETTINGS_KEY = 'configuracion';

type BusinessSettingsInput = z.output<typeof businessSettingsInputSchema>;

/**
 * The settings of Administración that rules read (GET|PUT /api/configuracion): the cut-off date's calendar
 * and the suspension list of new routers. Read from the database on every use (one primary-key read), so
 * a change takes effect at once on every instance, without a restart.
 */
export class SettingsService {
  constructor(
    private readonly repo: SettingsRepository,
    private readonly audit: AuditService,
  ) {}

  async businessSettings(): Promise<BusinessSettings> {
    const text = await this.repo.readText(BUSINESS_SETTINGS_KEY);
    // Still read on every use; parsed again only when the stored text changed (every panel reads it).
    let last = this.lastRead;
    if (last === undefined || last.text !== text) {
      last = { text, value: this.parse(text === undefined ? undefined : JSON.parse(text)) };
      this.lastRead = last;
    }
    return last.value;
  }

  /** The business settings last read, with the text they were parsed from. */
  private lastRead?: { text: string | undefined; value: BusinessSettings };

  /** Replaces the settings (one transaction with its audit row); answers the stored value. */
  async updateBusinessSettings(actor: AuthUser, input: BusinessSettingsInput): Promise<BusinessSettings> {
    const after: BusinessSettings = {
      festivos: input.festivos,
      diasHabiles: input.diasHabiles,
      listaSuspension: input.listaSuspension,
    };
    await this.repo.transaction(async (tx) => {
      const before = this.parse(await this.repo.read(BUSINESS_SETTINGS_KEY, tx, true));
      await this.repo.write(BUSINESS_SETTINGS_KEY, after, actor.id, tx);
      await this.audit.record(
        { actor, action: 'update', entity: 'settings', entityId: BUSINESS_SETTINGS_KEY, before, after },
        tx,
      );
    });
    return after;
  }

  /** The calendar of the cut-off date (business weekdays and holidays of Administración). */
  async calendar(): Promise<BusinessCalendar> {
    return calendarOf(await this.businessSettings());
  }

  /** The suspension address list of a router that names none. */
  async suspensionList(): Promise<string> {
    return (await this.businessSettings()).listaSuspension;
  }

  /**
   * Another area's settings stored under its own key (payment reminders, the daily report): missing keys
   * read as `defaults`; a value that no longer parses reads as the defaults.
   */
  async section<T extends object>(key: string, schema: z.ZodType<T>, defaults: T): Promise<T> {
    return parseSection(await this.repo.read(key), schema, defaults);
  }

  /** Replaces an area's settings in one transaction with its audit row (`entity` names the area). */
  async saveSection<T extends object>(
    actor: AuthUser,
    key: string,
    entity: string,
    schema: z.ZodType<T>,
    defaults: T,
    after: T,
  ): Promise<T> {
    await this.repo.transaction(async (tx) => {
      const before = parseSection(await this.repo.read(key, tx, true), schema, defaults);
      await this.repo.write(key, after, actor.id, tx);
      await this.audit.record({ actor, action: 'update', entity, entityId: key, before, after }, tx);
    });
    return after;
  }

  /** Missing keys read as their defaults; a value that no longer parses reads as the defaults. */
  private parse(value: unknown): BusinessSettings {
    return parseSection(value, businessSettingsSchema, DEFAULT_BUSINESS_SETTINGS);
  }
}

function parseSection<T extends object>(value: unknown, schema: z.ZodType<T>, defaults: T): T {
  if (value === undefined || value === null || typeof value !== 'object') return defaults;
  const parsed = schema.safeParse({ ...defaults, ...value });
  return parsed.success ? parsed.data : defaults;
}
