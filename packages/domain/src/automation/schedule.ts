import { z } from '../zod';
import {
  addDays,
  DEFAULT_CALENDAR,
  isBusinessDay,
  isMexicanFederalHoliday,
  isValidIsoDate,
  weekday,
  type BusinessCalendar,
} from '../customers/business-days';
import { cutoffDate } from '../customers/lateness';
import { lineText } from '../http/input';

/**
 * Scheduled suspensions ('Cortes programados', issue 15): which contracts a run on a given business date
 * cuts, on which dates a run may happen, and the share guard of a mass cut.
 */

/** Default share of active contracts a run may cut without a person confirming it (percent). */
export const DEFAULT_SHARE_LIMIT = 10;
export const MAX_NO_CUT_REASON = 200;

/** 'aprobacion': a person approves each run; 'automatico': the schedule runs by itself. */
export const AUTOMATION_MODES = ['aprobacion', 'automatico'] as const;
export type AutomationMode = (typeof AUTOMATION_MODES)[number];

/** A run never happens on a day off of the business calendar (weekend, federal or own holiday). */
export function isRunDay(date: string, calendar: BusinessCalendar = DEFAULT_CALENDAR): boolean {
  return isBusinessDay(date, calendar);
}

/** Why a date is not a run day: not a business weekday, a federal holiday or one of the business's own. */
export type DayOffReason = 'fin_de_semana' | 'festivo_federal' | 'festivo';

/** Why no run happens on `date` (null on a run day). */
export function dayOffReason(date: string, calendar: BusinessCalendar = DEFAULT_CALENDAR): DayOffReason | null {
  if (!calendar.businessWeekdays.includes(weekday(date))) return 'fin_de_semana';
  if (isMexicanFederalHoliday(date)) return 'festivo_federal';
  if (calendar.holidays.includes(date)) return 'festivo';
  return null;
}

const DAY_OFF_TEXT: Record<DayOffReason, string> = {
  fin_de_semana: 'no se trabaja ese día de la semana',
  festivo_federal: 'es día festivo oficial',
  festivo: 'es día festivo del negocio',
};

/** 'Cortando 3 de 12': a run's progress; without a total yet, how many were handled. */
export function runProgressText(run: { total: number | null; procesados: number; enRouter: number }): string {
  const done = run.total === null ? `${run.procesados}` : `${Math.min(run.procesados, run.total)} de ${run.total}`;
  return `Procesados ${done} · ${run.enRouter} ${run.enRouter === 1 ? 'cortado' : 'cortados'} en el router`;
}

/** The preview's sentence for a day off: 'No es día hábil (…): no se corta a nadie ese día.' */
export function dayOffText(reason: DayOffReason): string {
  return `No es día hábil (${DAY_OFF_TEXT[reason]}): no se corta a nadie ese día.`;
}

/** The first run day strictly after `date` (the date of "tomorrow's list"); null without business weekdays. */
export function nextRunDay(date: string, calendar: BusinessCalendar = DEFAULT_CALENDAR): string | null {
  if (calendar.businessWeekdays.length === 0) return null;
  let d = addDays(date, 1);
  while (!isRunDay(d, calendar)) d = addDays(d, 1);
  return d;
}

/** A 'no cortar' mark: the contract is never cut by a run while `hasta` has not passed. */
export interface NoCutMark {
  motivo: string;
  hasta: string;
}

export interface CutCandidate {
  activo: boolean;
  cortado: boolean;
  /** Contract number; 0 while not authorized. */
  no: number;
  pagadoHasta: string;
  noCortar: NoCutMark | null;
}

export type CutDecision =
  { cut: true } | { cut: false; reason: 'cancelado' | 'cortado' | 'sin_autorizar' | 'al_corriente' | 'no_cortar' };

/**
 * Whether a run on `runDate` cuts the contract: its cut-off date (paid-until + 3 business days) is before
 * the run date, it is active, authorized and not cut, and no 'no cortar' mark is in force (a mark holds up
 * to and including its end date).
 */
export function cutDecision(
  c: CutCandidate,
  runDate: string,
  calendar: BusinessCalendar = DEFAULT_CALENDAR,
): CutDecision {
  if (!c.activo) return { cut: false, reason: 'cancelado' };
  if (c.cortado) return { cut: false, reason: 'cortado' };
  if (c.no <= 0) return { cut: false, reason: 'sin_autorizar' };
  if (cutoffDate(c.pagadoHasta, calendar) >= runDate) return { cut: false, reason: 'al_corriente' };
  if (c.noCortar && c.noCortar.hasta >= runDate) return { cut: false, reason: 'no_cortar' };
  return { cut: true };
}

/**
 * The share guard: a run that would cut more than `limitPercent` % of the active contracts needs a person
 * to confirm it (0 active contracts: any cut needs it).
 */
export function needsShareConfirmation(toCut: number, activeContracts: number, limitPercent: number): boolean {
  if (toCut === 0) return false;
  if (activeContracts <= 0) return true;
  return toCut * 100 > activeContracts * limitPercent;
}

/** "HH:MM" 24 h. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const automationSettingsSchema = z.object({
  activo: z.boolean().describe('El programa corta en su hora los días hábiles'),
  hora: z.string().describe("Hora del día, 'HH:MM' (hora del negocio)"),
  modo: z.enum(AUTOMATION_MODES),
  limitePorcentaje: z.number().describe('Porcentaje de contratos activos que una ejecución corta sin confirmar'),
});
export type AutomationSettings = z.infer<typeof automationSettingsSchema>;

export const DEFAULT_AUTOMATION_SETTINGS: AutomationSettings = {
  activo: false,
  hora: '10:00',
  modo: 'aprobacion',
  limitePorcentaje: DEFAULT_SHARE_LIMIT,
};

export const automationSettingsInputSchema = z.strictObject({
  activo: z.boolean({ error: 'Indica si el programa de cortes está activo' }),
  hora: z
    .string({ error: 'Escribe la hora de los cortes (HH:MM)' })
    .trim()
    .regex(TIME, 'La hora de los cortes no es válida (HH:MM, de 00:00 a 23:59)'),
  modo: z.enum(AUTOMATION_MODES, { error: "El modo es 'aprobacion' o 'automatico'" }),
  limitePorcentaje: z
    .number({ error: 'El límite es un porcentaje de 1 a 100' })
    .int('El límite es un porcentaje entero de 1 a 100')
    .min(1, 'El límite es un porcentaje de 1 a 100')
    .max(100, 'El límite es un porcentaje de 1 a 100'),
});
export type AutomationSettingsInput = z.input<typeof automationSettingsInputSchema>;

export const noCutInputSchema = z.strictObject({
  motivo: lineText({ error: "Escribe el motivo de 'no cortar'" })
    .min(1, "Escribe el motivo de 'no cortar'")
    .max(MAX_NO_CUT_REASON, `El motivo admite hasta ${MAX_NO_CUT_REASON} caracteres`),
  hasta: z
    .string({ error: 'Escribe hasta qué fecha no se corta (AAAA-MM-DD)' })
    .trim()
    .refine(isValidIsoDate, 'La fecha de fin no es válida (AAAA-MM-DD)'),
});
export type NoCutInput = z.input<typeof noCutInputSchema>;

export const noCutMarkSchema = z.object({
  idContrato: z.number().int(),
  nombre: z.string(),
  motivo: z.string(),
  hasta: z.string(),
  creadoPor: z.string().nullable(),
});
export type NoCutMarkItem = z.infer<typeof noCutMarkSchema>;

/** POST /api/cortes-programados/aprobaciones: the run date approved; `confirmar` accepts the share guard. */
export const approveRunInputSchema = z.strictObject({
  fecha: z
    .string({ error: 'Escribe la fecha de la ejecución (AAAA-MM-DD)' })
    .trim()
    .refine(isValidIsoDate, 'La fecha de la ejecución no es válida (AAAA-MM-DD)'),
  confirmar: z.boolean({ error: 'confirmar es verdadero o falso' }).default(false),
});

/** POST /api/cortes-programados/ejecuciones: run today's list now. */
export const runNowInputSchema = z.strictObject({
  confirmar: z.boolean({ error: 'confirmar es verdadero o falso' }).default(false),
});

export const previewItemSchema = z.object({
  idContrato: z.number().int(),
  no: z.number().int(),
  nombre: z.string(),
  comunidad: z.string(),
  pagadoHasta: z.string(),
  fechaCorte: z.string(),
  diasRetraso: z.number().int(),
  adeudo: z.number().describe('Mensualidades vencidas al día de la ejecución, en pesos'),
});
export const previewSchema = z.object({
  fecha: z.string().nullable().describe('Día de la ejecución; null sin días hábiles'),
  diaHabil: z.boolean().describe('La fecha es día hábil; si no, la lista está vacía'),
  noHabil: z
    .string()
    .nullable()
    .describe('Por qué la fecha no es día hábil (fin de semana o festivo), en una frase; null si lo es'),
  contratos: z.array(previewItemSchema),
  activos: z.number().int(),
  requiereConfirmacion: z.boolean(),
  aprobada: z.boolean(),
  hoy: z.string().describe("Hoy (hora del negocio): la fecha que corta 'Ejecutar ahora'"),
});
export type CutPreview = z.infer<typeof previewSchema>;

/** 'cancelada': an approval withdrawn before its run started (the date may be approved again). */
export const RUN_STATES = [
  'aprobada',
  'en_curso',
  'terminada',
  'requiere_confirmacion',
  'deshecha',
  'cancelada',
] as const;
export const RUN_RESULTS = ['cortado', 'error', 'pendiente', 'omitido', 'reconectado'] as const;

export const runResultSchema = z.object({
  idContrato: z.number().int(),
  nombre: z.string(),
  resultado: z.enum(RUN_RESULTS),
  mensaje: z.string().nullable(),
  diasRetraso: z.number().int(),
  adeudo: z.number(),
});
export const runSchema = z.object({
  id: z.number().int(),
  fecha: z.string(),
  estado: z.enum(RUN_STATES),
  modo: z.enum(AUTOMATION_MODES),
  confirmada: z.boolean(),
  aprobadaPor: z.string().nullable(),
  iniciada: z.string().nullable(),
  terminada: z.string().nullable(),
  deshechaPor: z.string().nullable(),
  mensaje: z.string().nullable(),
  cortados: z.number().int(),
  errores: z.number().int(),
  omitidos: z.number().int(),
  total: z.number().int().nullable().describe('Contratos de la lista cuando empezó a cortar; null antes'),
  procesados: z
    .number()
    .int()
    .describe('Contratos de la lista ya atendidos (cortados, con error, pendientes u omitidos)'),
  enRouter: z.number().int().describe('Contratos que el router confirmó cortados'),
});
export const runDetailSchema = runSchema.extend({ resultados: z.array(runResultSchema) });
export type AutomationRun = z.infer<typeof runSchema>;
export type AutomationRunDetail = z.infer<typeof runDetailSchema>;

/** Months owed on `runDate`: whole months (started) since paid-until times the monthly fee. */
export function amountOwed(pagadoHasta: string, runDate: string, monthly: number): number {
  const [y1, m1, d1] = pagadoHasta.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = runDate.split('-').map(Number) as [number, number, number];
  if (runDate <= pagadoHasta) return 0;
  let months = (y2 - y1) * 12 + (m2 - m1);
  if (d2 > d1) months++;
  return Math.max(1, months) * monthly;
}
