import { z } from '../zod';
import { isValidIsoDate } from '../customers/business-days';
import { lineText } from '../http/input';

/** Attendance types (docs/business-rules.md "Employees and vacations"). */
export const ATTENDANCE_TYPES = ['falta', 'permiso', 'vacacion', 'incapacidad'] as const;
export type AttendanceType = (typeof ATTENDANCE_TYPES)[number];

export const ATTENDANCE_TYPE_LABELS: Record<AttendanceType, string> = {
  falta: 'Falta',
  permiso: 'Permiso',
  vacacion: 'Vacación',
  incapacidad: 'Incapacidad',
};

/** POST /api/empleados/{id}/asistencias (docs/business-rules.md "Employees and vacations": a date and a reason are required). */
export const attendanceInputSchema = z.object({
  date: lineText({ error: 'La fecha es obligatoria' })
    .min(1, 'La fecha es obligatoria')
    .refine((v) => v === '' || isValidIsoDate(v.slice(0, 10)), 'La fecha no es válida')
    .transform((v) => v.slice(0, 10)),
  type: z.enum(ATTENDANCE_TYPES, { error: 'Elige un tipo: falta, permiso, vacación o incapacidad' }),
  reason: lineText({ error: 'El motivo es obligatorio' })
    .min(1, 'El motivo es obligatorio')
    .max(300, 'El motivo: máximo 300 caracteres'),
  approved: z.boolean({ error: 'Aprobado debe ser sí o no' }).default(false),
});
export type AttendanceInput = z.infer<typeof attendanceInputSchema>;
export type AttendanceFormValues = z.input<typeof attendanceInputSchema>;

/** An attendance record (docs/api-contract.md "Employees"). */
export const attendanceSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  date: z.string(),
  type: z.enum(ATTENDANCE_TYPES),
  reason: z.string(),
  approved: z.boolean(),
});
export type Attendance = z.infer<typeof attendanceSchema>;

export interface EmployeeCounters {
  faltas: number;
  diasUsados: number;
}

/**
 * The counters after adding (`+1`) or deleting (`-1`) `count` records of a type (docs/business-rules.md "Employees and vacations"): a
 * falta moves `faltas`, a vacacion `diasUsados`; the other types move nothing; never below 0.
 */
export function applyAttendance(
  counters: EmployeeCounters,
  type: AttendanceType,
  direction: 1 | -1,
  count = 1,
): EmployeeCounters {
  const move = (n: number) => Math.max(0, n + direction * count);
  if (type === 'falta') return { ...counters, faltas: move(counters.faltas) };
  if (type === 'vacacion') return { ...counters, diasUsados: move(counters.diasUsados) };
  return { ...counters };
}
