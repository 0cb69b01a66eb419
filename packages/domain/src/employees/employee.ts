import { z } from '../zod';
import { isValidIsoDate } from '../customers/business-days';
import { pageQuerySchema } from '../http/errors';
import { lineText, moneyInput } from '../http/input';
import { DEPARTMENT_NAMES, isPositionOf } from './departments';

/** Employee estado (docs/business-rules.md "Employees and vacations"). 'vacaciones' is shown while an approved vacation covers today. */
export const EMPLOYEE_STATES = ['activo', 'inactivo', 'vacaciones'] as const;
export type EmployeeState = (typeof EMPLOYEE_STATES)[number];
/** What a person sets; 'vacaciones' comes only from an approved vacation. */
export const SETTABLE_EMPLOYEE_STATES = ['activo', 'inactivo'] as const;

export const DEFAULT_VACATION_DAYS = 12;
export const MIN_VACATION_DAYS = 0;
export const MAX_VACATION_DAYS = 30;
export const MAX_SALARY = 1_000_000;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const required = (message: string, max = 150) =>
  lineText({ error: message }).min(1, message).max(max, `Máximo ${max} caracteres`);

const vacationDaysMessage = `Los días de vacaciones van de ${MIN_VACATION_DAYS} a ${MAX_VACATION_DAYS}`;

/**
 * POST/PUT /api/empleados (docs/business-rules.md "Employees and vacations"): every field with its message;
 * the department is one of the seven, the position one of that department's three; salary above 0;
 * vacation days 0 to 30 (default 12). The counters (`diasUsados`, `faltas`) are the server's.
 */
export const employeeInputSchema = z
  .object({
    nombre: required('El nombre es obligatorio', 100),
    apellido: required('El apellido es obligatorio', 150),
    email: lineText({ error: 'El email es obligatorio' })
      .toLowerCase()
      .min(1, 'El email es obligatorio')
      .max(200, 'Máximo 200 caracteres')
      .refine((v) => v === '' || EMAIL.test(v), 'Email inválido'),
    telefono: required('El teléfono es obligatorio', 30),
    departamento: lineText({ error: 'El departamento es obligatorio' })
      .min(1, 'El departamento es obligatorio')
      .refine((v) => v === '' || DEPARTMENT_NAMES.includes(v), 'Elige un departamento de la lista'),
    puesto: lineText({ error: 'El puesto es obligatorio' }).min(1, 'El puesto es obligatorio').max(100),
    fechaIngreso: lineText({ error: 'La fecha de ingreso es obligatoria' })
      .min(1, 'La fecha de ingreso es obligatoria')
      .refine((v) => v === '' || isValidIsoDate(v.slice(0, 10)), 'La fecha de ingreso no es válida')
      .transform((v) => v.slice(0, 10)),
    salario: moneyInput('El salario', {
      positive: true,
      max: MAX_SALARY,
      minMessage: 'El salario debe ser mayor a 0',
      maxMessage: 'El salario es demasiado grande',
    }),
    diasVacaciones: z
      .number({ error: vacationDaysMessage })
      .int(vacationDaysMessage)
      .min(MIN_VACATION_DAYS, vacationDaysMessage)
      .max(MAX_VACATION_DAYS, vacationDaysMessage)
      .default(DEFAULT_VACATION_DAYS),
    estado: z
      .enum(SETTABLE_EMPLOYEE_STATES, {
        error: 'El estado es activo o inactivo (vacaciones lo da una vacación aprobada)',
      })
      .default('activo'),
    direccion: required('La dirección es obligatoria', 300),
    emergenciaContacto: required('El contacto de emergencia es obligatorio', 150),
    emergenciaTelefono: required('El teléfono de emergencia es obligatorio', 30),
  })
  .superRefine((v, ctx) => {
    if (v.puesto && DEPARTMENT_NAMES.includes(v.departamento) && !isPositionOf(v.departamento, v.puesto)) {
      ctx.addIssue({
        code: 'custom',
        path: ['puesto'],
        message: `El puesto no pertenece a ${v.departamento}; elige uno de la lista`,
      });
    }
  });
export type EmployeeInput = z.infer<typeof employeeInputSchema>;
export type EmployeeFormValues = z.input<typeof employeeInputSchema>;

/** An employee as the API answers (docs/api-contract.md "Employees"), with the days left and the linked user. */
export const employeeSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  apellido: z.string(),
  email: z.string(),
  telefono: z.string(),
  puesto: z.string(),
  departamento: z.string(),
  fechaIngreso: z.string(),
  salario: z.number(),
  diasVacaciones: z.number().int(),
  diasUsados: z.number().int(),
  /** diasVacaciones - diasUsados, never below 0. */
  diasDisponibles: z.number().int(),
  faltas: z.number().int(),
  estado: z.enum(EMPLOYEE_STATES),
  direccion: z.string(),
  emergenciaContacto: z.string(),
  emergenciaTelefono: z.string(),
});
export type Employee = z.infer<typeof employeeSchema>;

/** GET /api/empleados: `search` (name, email, phone, department, position; accents ignored) and `estado`. */
export const employeeListQuerySchema = z.object({
  page: pageQuerySchema.shape.page,
  pageSize: pageQuerySchema.shape.pageSize,
  search: lineText().max(200, 'La búsqueda: máximo 200 caracteres').optional(),
  estado: z.enum(EMPLOYEE_STATES, { error: 'El estado es activo, inactivo o vacaciones' }).optional(),
});
export type EmployeeListQuery = z.infer<typeof employeeListQuerySchema>;

/**
 * The estado shown on `today`: 'inactivo' as stored; otherwise 'vacaciones' while an approved vacation
 * covers today, else 'activo'.
 */
export function shownEmployeeState(stored: string, onApprovedVacation: boolean): EmployeeState {
  if (stored === 'inactivo') return 'inactivo';
  return onApprovedVacation ? 'vacaciones' : 'activo';
}

/** Vacation days left: what the employee has minus what was used, never below 0. */
export function vacationDaysLeft(e: { diasVacaciones: number; diasUsados: number }): number {
  return Math.max(0, e.diasVacaciones - e.diasUsados);
}
