import { z } from '../zod';
import {
  addDays,
  DEFAULT_CALENDAR,
  isBusinessDay,
  isValidIsoDate,
  type BusinessCalendar,
} from '../customers/business-days';
import { lineText } from '../http/input';

/** Vacation status (docs/business-rules.md "Employees and vacations"). */
export const VACATION_STATUSES = ['aprobado', 'pendiente', 'rechazado'] as const;
export type VacationStatus = (typeof VACATION_STATUSES)[number];

/**
 * The kind of time off of a vacation record. Every approved period puts the employee in 'vacaciones'
 * while it lasts; only 'vacaciones' spends vacation days (a 'permiso' or an 'incapacidad' period does not).
 */
export const VACATION_TYPES = ['vacaciones', 'permiso', 'incapacidad'] as const;
export type VacationType = (typeof VACATION_TYPES)[number];

/** The attendance type of each business day of an approved period (what the calendar and counters see). */
export const ATTENDANCE_TYPE_OF_PERIOD = {
  vacaciones: 'vacacion',
  permiso: 'permiso',
  incapacidad: 'incapacidad',
} as const satisfies Record<VacationType, string>;

/** The longest period one record may span (a year), so a typo cannot count thousands of days. */
export const MAX_VACATION_SPAN_DAYS = 366;

const isoDate = (required: string, invalid: string) =>
  lineText({ error: required })
    .min(1, required)
    .refine((v) => v === '' || isValidIsoDate(v.slice(0, 10)), invalid)
    .transform((v) => v.slice(0, 10));

const vacationFields = {
  startDate: isoDate('La fecha de inicio es obligatoria', 'La fecha de inicio no es válida'),
  endDate: isoDate('La fecha de fin es obligatoria', 'La fecha de fin no es válida'),
  type: z.enum(VACATION_TYPES, { error: 'Elige un tipo: vacaciones, permiso o incapacidad' }),
  status: z.enum(VACATION_STATUSES, { error: 'El estado es aprobado, pendiente o rechazado' }),
};

function checkRange(v: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) {
  if (!v.startDate || !v.endDate || !isValidIsoDate(v.startDate) || !isValidIsoDate(v.endDate)) return;
  if (v.endDate < v.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'La fecha de fin no puede ser anterior al inicio' });
  } else if (addDays(v.startDate, MAX_VACATION_SPAN_DAYS) <= v.endDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Un periodo no puede durar más de un año' });
  }
}

/** POST /api/empleados/{id}/vacaciones: `startDate`, `endDate`, `type` (default vacaciones), `status` (default pendiente). */
export const vacationInputSchema = z
  .object({
    ...vacationFields,
    type: vacationFields.type.default('vacaciones'),
    status: vacationFields.status.default('pendiente'),
  })
  .superRefine(checkRange);
export type VacationInput = z.infer<typeof vacationInputSchema>;
export type VacationFormValues = z.input<typeof vacationInputSchema>;

/** PUT /api/empleados/{id}/vacaciones/{vid}: any of the fields (approve or reject: `{ status }`). */
export const vacationUpdateSchema = z
  .object({
    startDate: vacationFields.startDate.optional(),
    endDate: vacationFields.endDate.optional(),
    type: vacationFields.type.optional(),
    status: vacationFields.status.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'No hay cambios que guardar' })
  .superRefine(checkRange);
export type VacationUpdate = z.infer<typeof vacationUpdateSchema>;

/** A vacation record (docs/api-contract.md "Employees") with the business days it spans. */
export const vacationSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  type: z.enum(VACATION_TYPES),
  status: z.enum(VACATION_STATUSES),
  diasHabiles: z.number().int(),
});
export type Vacation = z.infer<typeof vacationSchema>;

/**
 * The business days from `start` to `end`, both included, on the business calendar of Administración (its
 * business weekdays and own holidays; Mexican federal holidays always apply, docs/business-rules.md "Business days and holidays").
 */
export function businessDaysBetween(
  start: string,
  end: string,
  calendar: BusinessCalendar = DEFAULT_CALENDAR,
): string[] {
  const days: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) if (isBusinessDay(d, calendar)) days.push(d);
  return days;
}

/** Whether two periods share at least one day (both ends included). */
export function periodsOverlap(
  a: { startDate: string; endDate: string },
  b: { startDate: string; endDate: string },
): boolean {
  return a.startDate <= b.endDate && b.startDate <= a.endDate;
}

export interface VacationPeriod {
  id?: number;
  startDate: string;
  endDate: string;
  type: VacationType;
  status: VacationStatus;
}

/**
 * Why a vacation record cannot be saved as it is (null when it can), given the employee's other records
 * and the days left (not counting this record's own approved days): a period refused (rechazado) never
 * conflicts; any other overlapping record is refused; an approved 'vacaciones' period needs business
 * days and no more of them than the days left.
 */
export function vacationProblem(
  period: VacationPeriod,
  others: readonly VacationPeriod[],
  daysLeft: number,
  calendar?: BusinessCalendar,
): { field: 'startDate' | 'endDate' | 'status'; message: string } | null {
  if (period.status !== 'rechazado') {
    const clash = others.find((o) => o.id !== period.id && o.status !== 'rechazado' && periodsOverlap(period, o));
    if (clash) {
      return {
        field: 'startDate',
        message: `Se cruza con otro periodo (${clash.status}) del ${clash.startDate} al ${clash.endDate}`,
      };
    }
  }
  if (period.status === 'aprobado' && period.type === 'vacaciones') {
    const days = businessDaysBetween(period.startDate, period.endDate, calendar).length;
    if (days === 0) return { field: 'endDate', message: 'El periodo no incluye días hábiles' };
    if (days > daysLeft) {
      return {
        field: 'endDate',
        message: `El periodo tiene ${days} días hábiles y solo le quedan ${daysLeft} días de vacaciones`,
      };
    }
  }
  return null;
}

/** Whether an approved period covers `today` (the employee shows 'vacaciones'). */
export function onApprovedPeriod(periods: readonly VacationPeriod[], today: string): boolean {
  return periods.some((p) => p.status === 'aprobado' && p.startDate <= today && today <= p.endDate);
}
