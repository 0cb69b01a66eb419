import { describe, expect, it } from 'vitest';
import { applyAttendance, attendanceInputSchema } from './attendance';
import { DEPARTMENTS, keepPosition, positionsOf } from './departments';
import {
  DEFAULT_VACATION_DAYS,
  employeeInputSchema,
  employeeListQuerySchema,
  shownEmployeeState,
  vacationDaysLeft,
} from './employee';
import {
  businessDaysBetween,
  onApprovedPeriod,
  periodsOverlap,
  vacationInputSchema,
  vacationProblem,
  vacationUpdateSchema,
  type VacationPeriod,
} from './vacation';

const valid = {
  nombre: 'Érika',
  apellido: 'Islas Trejo',
  email: 'Erika.Islas@AirLink.mx',
  telefono: '7711234567',
  departamento: 'Ventas',
  puesto: 'Promotor',
  fechaIngreso: '2024-03-01',
  salario: 9600,
  direccion: 'Calle Acueducto 15, Zempoala',
  emergenciaContacto: 'Hugo Islas',
  emergenciaTelefono: '7717654321',
};

function messages(input: unknown): Record<string, string> {
  const r = employeeInputSchema.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('departments (docs/business-rules.md "Employees and vacations")', () => {
  it('are the seven of the spec, each with three distinct positions', () => {
    expect(DEPARTMENTS.map((d) => d.nombre)).toEqual([
      'Operaciones',
      'Soporte',
      'Administración',
      'Ventas',
      'Recursos Humanos',
      'Finanzas',
      'Marketing',
    ]);
    for (const d of DEPARTMENTS) expect(new Set(d.puestos).size).toBe(3);
  });

  it.each([
    ['Ventas', 'Promotor', 'Promotor'],
    ['Operaciones', 'Promotor', ''],
    ['Administración', 'Cajero', 'Cajero'],
    ['', 'Cajero', ''],
    ['Marketing', '', ''],
  ])('changing the department to %s keeps %s only when valid → %s', (dep, puesto, kept) => {
    expect(keepPosition(dep, puesto)).toBe(kept);
  });

  it('an unknown department has no positions', () => {
    expect(positionsOf('Bodega')).toEqual([]);
  });
});

describe('employee form (docs/business-rules.md "Employees and vacations")', () => {
  it('accepts a valid employee: email in lower case, 12 vacation days and activo by default', () => {
    expect(employeeInputSchema.parse(valid)).toMatchObject({
      email: 'erika.islas@airlink.mx',
      diasVacaciones: DEFAULT_VACATION_DAYS,
      estado: 'activo',
      salario: 9600,
    });
  });

  it('an empty form shows every message of the spec', () => {
    expect(
      messages({
        nombre: '',
        apellido: ' ',
        email: '',
        telefono: '',
        departamento: '',
        puesto: '',
        fechaIngreso: '',
        salario: 0,
        direccion: '',
        emergenciaContacto: '',
        emergenciaTelefono: '',
      }),
    ).toEqual({
      nombre: 'El nombre es obligatorio',
      apellido: 'El apellido es obligatorio',
      email: 'El email es obligatorio',
      telefono: 'El teléfono es obligatorio',
      departamento: 'El departamento es obligatorio',
      puesto: 'El puesto es obligatorio',
      fechaIngreso: 'La fecha de ingreso es obligatoria',
      salario: 'El salario debe ser mayor a 0',
      direccion: 'La dirección es obligatoria',
      emergenciaContacto: 'El contacto de emergencia es obligatorio',
      emergenciaTelefono: 'El teléfono de emergencia es obligatorio',
    });
  });

  it.each([
    [{ email: 'erika@' }, 'email', 'Email inválido'],
    [{ email: 'sin arroba' }, 'email', 'Email inválido'],
    [{ departamento: 'Bodega' }, 'departamento', 'Elige un departamento de la lista'],
    [{ puesto: 'Contador' }, 'puesto', 'El puesto no pertenece a Ventas; elige uno de la lista'],
    [{ salario: -5 }, 'salario', 'El salario debe ser mayor a 0'],
    [{ salario: 9600.505 }, 'salario', 'El salario: usa como máximo dos decimales'],
    [{ diasVacaciones: 31 }, 'diasVacaciones', 'Los días de vacaciones van de 0 a 30'],
    [{ diasVacaciones: -1 }, 'diasVacaciones', 'Los días de vacaciones van de 0 a 30'],
    [{ diasVacaciones: 2.5 }, 'diasVacaciones', 'Los días de vacaciones van de 0 a 30'],
    [{ diasVacaciones: '12' }, 'diasVacaciones', 'Los días de vacaciones van de 0 a 30'],
    [{ fechaIngreso: '2024-02-30' }, 'fechaIngreso', 'La fecha de ingreso no es válida'],
    [{ estado: 'vacaciones' }, 'estado', 'El estado es activo o inactivo (vacaciones lo da una vacación aprobada)'],
  ])('%j is refused on %s: %s', (change, field, message) => {
    expect(messages({ ...valid, ...change })).toEqual({ [field]: message });
  });

  it.each([0, 30, 12])('%i vacation days are allowed', (diasVacaciones) => {
    expect(employeeInputSchema.parse({ ...valid, diasVacaciones }).diasVacaciones).toBe(diasVacaciones);
  });

  it('the list filter takes the three states only', () => {
    expect(employeeListQuerySchema.parse({ estado: 'vacaciones', search: ' Pérez ' })).toMatchObject({
      estado: 'vacaciones',
      search: 'Pérez',
    });
    expect(employeeListQuerySchema.safeParse({ estado: 'baja' }).success).toBe(false);
  });
});

describe('employee state and days left (docs/business-rules.md "Employees and vacations")', () => {
  it.each([
    ['activo', false, 'activo'],
    ['activo', true, 'vacaciones'],
    ['inactivo', true, 'inactivo'],
    ['vacaciones', false, 'activo'],
  ] as const)('stored %s, on an approved vacation %s → %s', (stored, away, shown) => {
    expect(shownEmployeeState(stored, away)).toBe(shown);
  });

  it.each([
    [12, 0, 12],
    [12, 5, 7],
    [12, 15, 0],
  ])('%i days, %i used → %i left', (diasVacaciones, diasUsados, left) => {
    expect(vacationDaysLeft({ diasVacaciones, diasUsados })).toBe(left);
  });
});

describe('attendance counters (docs/business-rules.md "Employees and vacations")', () => {
  const zero = { faltas: 0, diasUsados: 0 };
  it.each([
    ['falta', 1, { faltas: 1, diasUsados: 0 }],
    ['vacacion', 1, { faltas: 0, diasUsados: 1 }],
    ['permiso', 1, zero],
    ['incapacidad', 1, zero],
    ['falta', -1, zero],
    ['vacacion', -1, zero],
  ] as const)('%s with direction %i from zero → %j (never below 0)', (type, dir, after) => {
    expect(applyAttendance(zero, type, dir)).toEqual(after);
  });

  it('adding then deleting reverses; several days move together', () => {
    const start = { faltas: 2, diasUsados: 3 };
    expect(applyAttendance(applyAttendance(start, 'falta', 1), 'falta', -1)).toEqual(start);
    expect(applyAttendance(start, 'vacacion', 1, 4)).toEqual({ faltas: 2, diasUsados: 7 });
    expect(applyAttendance(start, 'vacacion', -1, 5)).toEqual({ faltas: 2, diasUsados: 0 });
  });

  it('an entry needs a date and a reason', () => {
    const r = attendanceInputSchema.safeParse({ date: '', type: 'falta', reason: '  ' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['La fecha es obligatoria', 'El motivo es obligatorio']);
    expect(attendanceInputSchema.safeParse({ date: '2026-11-20', type: 'retardo', reason: 'x' }).success).toBe(false);
    expect(attendanceInputSchema.parse({ date: '2026-11-20', type: 'falta', reason: 'Sin aviso' })).toEqual({
      date: '2026-11-20',
      type: 'falta',
      reason: 'Sin aviso',
      approved: false,
    });
  });
});

describe('vacations', () => {
  it.each([
    // Monday 2026-11-16 is a federal holiday (third Monday of November).
    ['2026-11-16', '2026-11-20', 4],
    ['2026-11-23', '2026-11-27', 5],
    ['2026-11-21', '2026-11-22', 0],
    ['2026-12-21', '2027-01-04', 9],
  ])('business days from %s to %s: %i', (start, end, n) => {
    expect(businessDaysBetween(start, end)).toHaveLength(n);
  });

  it('extra holidays (Administración) are not business days', () => {
    const calendar = { businessWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-11-25'] };
    expect(businessDaysBetween('2026-11-23', '2026-11-27', calendar)).toHaveLength(4);
    // A business that works on Saturdays counts them.
    expect(
      businessDaysBetween('2026-11-23', '2026-11-28', { businessWeekdays: [1, 2, 3, 4, 5, 6], holidays: [] }),
    ).toHaveLength(6);
  });

  it.each([
    ['2026-11-01', '2026-11-10', '2026-11-10', '2026-11-12', true],
    ['2026-11-01', '2026-11-10', '2026-11-11', '2026-11-12', false],
    ['2026-11-05', '2026-11-06', '2026-11-01', '2026-11-30', true],
  ])('%s..%s and %s..%s overlap: %s', (a, b, c, d, overlap) => {
    expect(periodsOverlap({ startDate: a, endDate: b }, { startDate: c, endDate: d })).toBe(overlap);
  });

  const approved = (startDate: string, endDate: string, extra: Partial<VacationPeriod> = {}): VacationPeriod => ({
    startDate,
    endDate,
    type: 'vacaciones',
    status: 'aprobado',
    ...extra,
  });

  it.each([
    ['five business days with 12 left', approved('2026-11-23', '2026-11-27'), [], 12, null],
    [
      'longer than the days left',
      approved('2026-11-23', '2026-12-04'),
      [],
      7,
      'El periodo tiene 10 días hábiles y solo le quedan 7 días de vacaciones',
    ],
    ['a weekend only', approved('2026-11-28', '2026-11-29'), [], 12, 'El periodo no incluye días hábiles'],
    [
      'overlapping a pending request',
      approved('2026-11-23', '2026-11-27', { status: 'pendiente' }),
      [{ id: 9, ...approved('2026-11-27', '2026-11-30', { status: 'pendiente' }) }],
      12,
      'Se cruza con otro periodo (pendiente) del 2026-11-27 al 2026-11-30',
    ],
    [
      'overlapping a rejected one is fine',
      approved('2026-11-23', '2026-11-27'),
      [{ id: 9, ...approved('2026-11-23', '2026-11-30', { status: 'rechazado' }) }],
      12,
      null,
    ],
    [
      'its own stored row is not an overlap',
      { id: 9, ...approved('2026-11-23', '2026-11-27') },
      [{ id: 9, ...approved('2026-11-23', '2026-11-25') }],
      12,
      null,
    ],
    [
      'a pending request longer than the days left waits',
      approved('2026-11-02', '2026-12-31', { status: 'pendiente' }),
      [],
      3,
      null,
    ],
    [
      'an approved permiso spends no vacation days',
      approved('2026-11-23', '2026-11-27', { type: 'permiso' }),
      [],
      0,
      null,
    ],
  ])('%s', (_name, period, others, left, message) => {
    expect(vacationProblem(period, others, left)?.message ?? null).toBe(message);
  });

  it('the employee is on vacation only inside an approved period', () => {
    const periods = [
      approved('2026-11-23', '2026-11-27'),
      approved('2026-12-01', '2026-12-05', { status: 'pendiente' }),
    ];
    expect(onApprovedPeriod(periods, '2026-11-23')).toBe(true);
    expect(onApprovedPeriod(periods, '2026-11-27')).toBe(true);
    expect(onApprovedPeriod(periods, '2026-11-28')).toBe(false);
    expect(onApprovedPeriod(periods, '2026-12-02')).toBe(false);
  });

  it('input: defaults, order of dates and the longest span', () => {
    expect(vacationInputSchema.parse({ startDate: '2026-11-23', endDate: '2026-11-27' })).toEqual({
      startDate: '2026-11-23',
      endDate: '2026-11-27',
      type: 'vacaciones',
      status: 'pendiente',
    });
    const back = vacationInputSchema.safeParse({ startDate: '2026-11-27', endDate: '2026-11-23' });
    expect(back.error?.issues[0]?.message).toBe('La fecha de fin no puede ser anterior al inicio');
    const long = vacationInputSchema.safeParse({ startDate: '2026-01-01', endDate: '2027-06-01' });
    expect(long.error?.issues[0]?.message).toBe('Un periodo no puede durar más de un año');
    expect(vacationUpdateSchema.safeParse({}).error?.issues[0]?.message).toBe('No hay cambios que guardar');
    expect(vacationUpdateSchema.parse({ status: 'aprobado' })).toEqual({ status: 'aprobado' });
    expect(vacationUpdateSchema.safeParse({ status: 'aprobada' }).success).toBe(false);
  });
});

describe('vacation input with an impossible date', () => {
  it('is a message, not a crash of the range check', () => {
    const r = vacationInputSchema.safeParse({ startDate: '2026-02-30', endDate: '2026-03-02' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['La fecha de inicio no es válida']);
    expect(vacationUpdateSchema.safeParse({ startDate: '2026-02-30' }).error?.issues[0]?.message).toBe(
      'La fecha de inicio no es válida',
    );
  });
});
