import { z } from '../zod';
import { addDays, DEFAULT_CALENDAR, type BusinessCalendar } from '../customers/business-days';
import { cutoffDate } from '../customers/lateness';
import { formatDate, formatMoney } from '../format/format';
import { pageQuerySchema } from '../http/errors';
import { lineText, multilineText } from '../http/input';
import { MAX_WHATSAPP_TEXT } from '../whatsapp/schemas';
import { validPhone } from '../whatsapp/phone';

/**
 * Payment reminders by WhatsApp (issue 15, part 3): who is due a reminder on a day, the message template
 * and its placeholders, and the hours in which a reminder may be sent.
 */

/** The placeholders a template may use, with what each one writes. */
export const REMINDER_PLACEHOLDERS = {
  nombre: 'Nombre del cliente',
  monto: 'Monto a pagar (mensualidad del contrato)',
  vence: 'Fecha de corte (último día para pagar sin corte)',
  cuenta: 'Datos de la cuenta para depositar',
  contrato: 'Número de contrato',
  portal: 'Dirección del portal para pagar en línea (vacío si el pago en línea está apagado)',
} as const;
export type ReminderPlaceholder = keyof typeof REMINDER_PLACEHOLDERS;

/** Reminders go out only from 09:00 (inclusive) to 20:00 (exclusive), business time. */
export const REMINDER_FIRST_HOUR = 9;
export const REMINDER_LAST_HOUR = 20;
export const MAX_REMINDER_DAYS_BEFORE = 15;
/** After this many failed sends (WhatsApp down for days) a reminder stops being retried: 'fallido'. */
export const MAX_REMINDER_ATTEMPTS = 20;

export const REMINDER_STATES = ['pendiente', 'enviado', 'fallido', 'cancelado'] as const;
export type ReminderState = (typeof REMINDER_STATES)[number];

export const DEFAULT_REMINDER_TEMPLATE =
  'Hola {nombre}, le recordamos que su servicio de internet AirLink (contrato {contrato}) vence el {vence}. ' +
  'Monto: {monto}. Puede depositar a: {cuenta}. Si ya pagó, ignore este mensaje. ¡Gracias!';

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The `{names}` of a template that are not placeholders (each once, in order of appearance). */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>(Object.keys(REMINDER_PLACEHOLDERS));
  const unknown: string[] = [];
  for (const m of template.matchAll(PLACEHOLDER)) {
    const name = m[1] ?? '';
    if (!known.has(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

/** The template with each placeholder replaced by its value. */
export function renderReminder(template: string, values: Record<ReminderPlaceholder, string>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as ReminderPlaceholder] : whole,
  );
}

export interface ReminderContract {
  no: number;
  nombre: string;
  monto: number;
  pagadoHasta: string;
}

/**
 * The placeholder values of a contract's reminder: the amount is the monthly fee, due is the cut-off date and
 * `{portal}` the portal's address ('' when customers cannot pay online: docs/decisions.md, issue 24).
 */
export function reminderValues(
  contract: ReminderContract,
  datosCuenta: string,
  urlPortal: string,
  calendar: BusinessCalendar = DEFAULT_CALENDAR,
): Record<ReminderPlaceholder, string> {
  return {
    nombre: contract.nombre,
    monto: formatMoney(contract.monto),
    vence: formatDate(cutoffDate(contract.pagadoHasta, calendar)),
    cuenta: datosCuenta,
    contrato: String(contract.no),
    portal: urlPortal,
  };
}

/**
 * Whether a contract paid until `pagadoHasta` is due a reminder on `today`: from `diasAntes` calendar days
 * before its cut-off date up to the cut-off date itself (after it, the contract is for the cut schedule).
 */
export function reminderDue(
  pagadoHasta: string,
  today: string,
  diasAntes: number,
  calendar: BusinessCalendar = DEFAULT_CALENDAR,
): boolean {
  const cutoff = cutoffDate(pagadoHasta, calendar);
  return today <= cutoff && today >= addDays(cutoff, -diasAntes);
}

/**
 * The range of paid-until dates due a reminder on `today` (for SQL): cut-off grows with paid-until, so the
 * due dates are one contiguous range. `desde` is the first paid-until whose cut-off is not before today,
 * `hasta` the last whose reminder window has opened (before `desde` when nobody is due, e.g. on a holiday).
 */
export function reminderPaidUntilRange(
  today: string,
  diasAntes: number,
  calendar: BusinessCalendar = DEFAULT_CALENDAR,
): { desde: string; hasta: string } {
  // Cut-off is at least 3 days after paid-until and, with weeks of holidays, not much more than two weeks.
  let desde = addDays(today, -30);
  while (cutoffDate(desde, calendar) < today) desde = addDays(desde, 1);
  // Cut-off never goes back as paid-until grows, so the due dates follow `desde` without a gap (or there are none:
  // `hasta` before `desde`).
  let hasta = addDays(desde, -1);
  while (reminderDue(addDays(hasta, 1), today, diasAntes, calendar)) hasta = addDays(hasta, 1);
  return { desde, hasta };
}

/** 'HH:MM' → minutes of the day. */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether a reminder may be sent at business time `hhmm` ('HH:MM'): 09:00 to 19:59. */
export function inReminderHours(hhmm: string): boolean {
  const m = minutesOf(hhmm);
  return m >= REMINDER_FIRST_HOUR * 60 && m < REMINDER_LAST_HOUR * 60;
}

/** The phone a reminder is sent to, normalised (52 + 10 digits), or null when the contract has none valid. */
export function reminderPhone(telefono: string): string | null {
  return telefono.trim() ? validPhone(telefono) : null;
}

export const reminderSettingsSchema = z.object({
  activo: z.boolean().describe('Se envían recordatorios de pago'),
  diasAntes: z.number().int().describe('Días naturales antes de la fecha de corte'),
  plantilla: z
    .string()
    .describe('Texto del mensaje con marcadores {nombre}, {monto}, {vence}, {cuenta}, {contrato}, {portal}'),
  datosCuenta: z.string().describe('Lo que escribe {cuenta}: banco, cuenta o CLABE, a nombre de quién'),
  instancia: z.string().describe('Instancia de WhatsApp que envía (departamento de Cobranza)'),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  activo: false,
  diasAntes: 3,
  plantilla: DEFAULT_REMINDER_TEMPLATE,
  datosCuenta: '',
  instancia: '',
};

const templateText = multilineText({ error: 'Escribe el texto del recordatorio' })
  .min(1, 'Escribe el texto del recordatorio')
  .max(MAX_WHATSAPP_TEXT, `El recordatorio admite hasta ${MAX_WHATSAPP_TEXT} caracteres`)
  .superRefine((v, ctx) => {
    const unknown = unknownPlaceholders(v);
    if (unknown.length === 0) return;
    const names = unknown.map((n) => `{${n}}`).join(', ');
    const allowed = Object.keys(REMINDER_PLACEHOLDERS)
      .map((n) => `{${n}}`)
      .join(', ');
    ctx.addIssue({
      code: 'custom',
      message: `${unknown.length === 1 ? 'Marcador desconocido' : 'Marcadores desconocidos'}: ${names}. Usa ${allowed}.`,
    });
  });

export const reminderSettingsInputSchema = z.strictObject({
  activo: z.boolean({ error: 'Indica si los recordatorios están activos' }),
  diasAntes: z
    .number({ error: `Los días antes del corte son de 0 a ${MAX_REMINDER_DAYS_BEFORE}` })
    .int(`Los días antes del corte son un número entero de 0 a ${MAX_REMINDER_DAYS_BEFORE}`)
    .min(0, `Los días antes del corte son de 0 a ${MAX_REMINDER_DAYS_BEFORE}`)
    .max(MAX_REMINDER_DAYS_BEFORE, `Los días antes del corte son de 0 a ${MAX_REMINDER_DAYS_BEFORE}`),
  plantilla: templateText,
  datosCuenta: lineText({ error: 'Escribe los datos de la cuenta' }).max(
    200,
    'Los datos de la cuenta admiten hasta 200 caracteres',
  ),
  instancia: lineText({ error: 'Elige la instancia de WhatsApp' }).max(60, 'Elige la instancia de WhatsApp'),
});
export type ReminderSettingsInput = z.input<typeof reminderSettingsInputSchema>;

export const reminderPreviewInputSchema = z.strictObject({
  plantilla: templateText,
  datosCuenta: z.string().max(200).optional(),
});
export const reminderPreviewSchema = z.object({ texto: z.string() });

export const reminderItemSchema = z.object({
  id: z.number().int(),
  idContrato: z.number().int(),
  no: z.number().int(),
  nombre: z.string(),
  telefono: z.string(),
  periodo: z.string().describe('Pagado hasta del periodo recordado (YYYY-MM-DD)'),
  fechaCorte: z.string(),
  estado: z.enum(REMINDER_STATES),
  intentos: z.number().int(),
  error: z.string().nullable(),
  creado: z.string(),
  enviado: z.string().nullable(),
});
export type ReminderItem = z.infer<typeof reminderItemSchema>;

export const reminderListQuerySchema = pageQuerySchema.extend({
  estado: z.enum(REMINDER_STATES, { error: 'El estado es pendiente, enviado, fallido o cancelado' }).optional(),
});
export type ReminderListQuery = z.infer<typeof reminderListQuerySchema>;

/**
 * Why a run of the reminders sent nothing: switched off, no sending instance chosen, outside 09:00–20:00,
 * nobody due or queued, or WhatsApp (the instance) not reachable.
 */
export const REMINDER_IDLE_REASONS = [
  'inactivo',
  'sin_instancia',
  'fuera_de_horario',
  'ninguno_pendiente',
  'whatsapp_no_disponible',
] as const;
export type ReminderIdleReason = (typeof REMINDER_IDLE_REASONS)[number];

/** What one run of the reminders job did. */
export const reminderRunSchema = z.object({
  encolados: z.number().int(),
  enviados: z.number().int(),
  fallidos: z.number().int(),
  cancelados: z.number().int(),
  fueraDeHorario: z.boolean(),
  motivo: z.enum(REMINDER_IDLE_REASONS).nullable().describe('Por qué no se envió ninguno (null si se envió alguno)'),
  error: z.string().nullable().describe('El error de WhatsApp que detuvo el envío, si lo hubo'),
});
export type ReminderRun = z.infer<typeof reminderRunSchema>;

const IDLE_REASON_TEXT: Record<ReminderIdleReason, string> = {
  inactivo: 'Los recordatorios están desactivados.',
  sin_instancia: 'No hay una instancia de WhatsApp elegida para enviarlos.',
  fuera_de_horario: 'Fuera de horario (09:00 a 20:00): se enviarán en horario.',
  ninguno_pendiente: 'Ningún contrato tiene recordatorio pendiente.',
  whatsapp_no_disponible: 'WhatsApp no está disponible: quedan en cola para la siguiente ejecución.',
};

/** Why a run sent nothing, as one Spanish sentence (with WhatsApp's error when it stopped the run). */
export function reminderIdleText(reason: ReminderIdleReason, error: string | null = null): string {
  const text = IDLE_REASON_TEXT[reason];
  if (reason !== 'whatsapp_no_disponible' || !error) return text;
  return `WhatsApp no está disponible (${error.replace(/\.$/, '')}): quedan en cola para la siguiente ejecución.`;
}

/** A new run's counters, before it queues or sends anything. */
export function emptyReminderRun(): ReminderRun {
  return { encolados: 0, enviados: 0, fallidos: 0, cancelados: 0, fueraDeHorario: false, motivo: null, error: null };
}

/** What a run did, in one sentence: 'Enviar ahora' shows it, and Tareas for a scheduled run. */
export function reminderRunText(r: ReminderRun): string {
  const parts = [`${r.enviados} ${r.enviados === 1 ? 'enviado' : 'enviados'}`];
  if (r.encolados > 0) parts.unshift(`${r.encolados} en cola nuevos`);
  if (r.cancelados > 0) parts.push(`${r.cancelados} ${r.cancelados === 1 ? 'cancelado' : 'cancelados'} (ya pagaron)`);
  if (r.fallidos > 0) parts.push(`${r.fallidos} ${r.fallidos === 1 ? 'fallido' : 'fallidos'}`);
  const text = parts.join(', ');
  // Sending nothing (or stopping on a WhatsApp outage) says why.
  const reason =
    r.motivo ?? (r.error !== null ? 'whatsapp_no_disponible' : r.fueraDeHorario ? 'fuera_de_horario' : null);
  return reason ? `${text}. ${reminderIdleText(reason, r.error)}` : `${text}.`;
}
