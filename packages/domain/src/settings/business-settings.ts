import { z } from '../zod';
import { isValidIsoDate, DEFAULT_BUSINESS_WEEKDAYS, type BusinessCalendar } from '../customers/business-days';
import { lineText } from '../http/input';
import { DEFAULT_SUSPENSION_LIST } from '../network/router';

/** Spanish names of the weekdays, 0 = domingo … 6 = sábado (the order of `Date#getUTCDay`). */
export const WEEKDAY_NAMES = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'] as const;

/** How many holidays of its own the business may keep (several years ahead, with room to spare). */
export const MAX_HOLIDAYS = 200;
export const MAX_HOLIDAY_NAME = 80;

/** A holiday of the business's own (on top of the federal ones): its date and what it is. */
export const holidaySchema = z.object({
  fecha: z.string().describe("'YYYY-MM-DD'"),
  nombre: z.string(),
});
export type Holiday = z.infer<typeof holidaySchema>;

/**
 * GET /api/configuracion: the settings of Administración that rules read (docs/business-rules.md "Business days and holidays"): holidays
 * of the business, the weekdays that are business days, and the suspension address list a router gets
 * when it names none.
 */
export const businessSettingsSchema = z.object({
  festivos: z.array(holidaySchema).describe('Días festivos propios, por fecha'),
  diasHabiles: z.array(z.number().int()).describe('Días hábiles de la semana: 0 = domingo … 6 = sábado'),
  listaSuspension: z.string().describe('Lista de direcciones de suspensión por omisión de los routers'),
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;

export const DEFAULT_BUSINESS_SETTINGS: BusinessSettings = {
  festivos: [],
  diasHabiles: [...DEFAULT_BUSINESS_WEEKDAYS],
  listaSuspension: DEFAULT_SUSPENSION_LIST,
};

/** One holiday as Administración adds it (also the add row of the page). */
export const holidayInputSchema = z.strictObject({
  fecha: z
    .string({ error: 'Escribe la fecha del día festivo' })
    .trim()
    .refine(isValidIsoDate, 'La fecha del día festivo no es válida (AAAA-MM-DD)'),
  nombre: lineText({ error: 'Escribe el nombre del día festivo' })
    .min(1, 'Escribe el nombre del día festivo')
    .max(MAX_HOLIDAY_NAME, `El nombre del día festivo admite hasta ${MAX_HOLIDAY_NAME} caracteres`),
});

/** PUT /api/configuracion: the whole settings, checked (the answer is the stored, sorted value). */
export const businessSettingsInputSchema = z.strictObject({
  festivos: z
    .array(holidayInputSchema, { error: 'Los días festivos deben ser una lista' })
    .max(MAX_HOLIDAYS, `Se admiten hasta ${MAX_HOLIDAYS} días festivos`)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((h, i) => {
        if (seen.has(h.fecha))
          ctx.addIssue({ code: 'custom', path: [i, 'fecha'], message: `El ${h.fecha} ya está en la lista` });
        seen.add(h.fecha);
      });
    })
    .transform((list) => [...list].sort((a, b) => a.fecha.localeCompare(b.fecha))),
  diasHabiles: z
    .array(
      z
        .number({ error: 'Los días hábiles son números del 0 (domingo) al 6 (sábado)' })
        .int('Los días hábiles son números del 0 (domingo) al 6 (sábado)')
        .min(0, 'Los días hábiles son números del 0 (domingo) al 6 (sábado)')
        .max(6, 'Los días hábiles son números del 0 (domingo) al 6 (sábado)'),
      { error: 'Los días hábiles deben ser una lista' },
    )
    .min(1, 'Elige al menos un día hábil')
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  listaSuspension: lineText({ error: 'Escribe el nombre de la lista de suspensión' })
    .min(1, 'Escribe el nombre de la lista de suspensión')
    .max(63, 'La lista de suspensión admite hasta 63 caracteres')
    .regex(/^[A-Za-z0-9._-]+$/, 'La lista de suspensión: usa letras, números, punto, guion o guion bajo'),
});
export type BusinessSettingsInput = z.input<typeof businessSettingsInputSchema>;

/** The calendar of the cut-off date rule from the stored settings. */
export function calendarOf(settings: BusinessSettings): BusinessCalendar {
  let calendar = calendars.get(settings);
  if (!calendar) {
    calendar = { businessWeekdays: settings.diasHabiles, holidays: settings.festivos.map((h) => h.fecha) };
    calendars.set(settings, calendar);
  }
  return calendar;
}

/**
 * One calendar per settings object (the server keeps the settings it last read): the cut-off dates worked out with a
 * calendar are remembered per calendar (customers/lateness.ts), so the same settings must give the same calendar.
 */
const calendars = new WeakMap<BusinessSettings, BusinessCalendar>();
