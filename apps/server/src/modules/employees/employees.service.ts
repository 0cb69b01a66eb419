import {
  applyAttendance,
  ATTENDANCE_TYPE_LABELS,
  ATTENDANCE_TYPE_OF_PERIOD,
  businessDate,
  businessDaysBetween,
  vacationDaysLeft,
  vacationProblem,
  type Attendance,
  type AttendanceInput,
  type Employee,
  type EmployeeInput,
  type EmployeeListQuery,
  type Paged,
  type Vacation,
  type VacationInput,
  type VacationPeriod,
  type VacationUpdate,
  type BusinessCalendar,
} from '@airlink/domain';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.service';
import type { EmployeesRepository, LockedEmployee, StoredVacation } from './employees.repository';

export interface EmployeesServiceOptions {
  businessTz: string;
  /** The clock (tests fix "today"). */
  now?: () => Date;
  /** Administración's business calendar (business weekdays and own holidays), read on every use. */
  calendar: () => Promise<BusinessCalendar>;
}

const NO_EMPLOYEE = 'El empleado no existe.';

/** Why each business day of an approved period is recorded in attendance. */
const PERIOD_REASON = {
  vacaciones: 'Vacaciones aprobadas',
  permiso: 'Permiso aprobado',
  incapacidad: 'Incapacidad aprobada',
} as const;

/**
 * Empleados (docs/business-rules.md "Employees and vacations", persisted; issue 13): employees, their attendance and their vacation periods.
 * Counters move in the same transaction as the record, under the employee's row lock. An approved period
 * records each of its business days as attendance (a 'vacacion' day spends a vacation day), so the
 * calendar and the counters read one list; rejecting, changing or deleting the period takes them back.
 */
export class EmployeesService {
  private readonly now: () => Date;

  constructor(
    private readonly repo: EmployeesRepository,
    private readonly audit: AuditService,
    private readonly opts: EmployeesServiceOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  private today(): string {
    return businessDate(this.now(), this.opts.businessTz);
  }

  list(query: EmployeeListQuery): Promise<Paged<Employee>> {
    return this.repo.list(query, this.today());
  }

  async get(id: number): Promise<Employee> {
    const e = await this.repo.findById(id, this.today());
    if (!e) throw notFound(NO_EMPLOYEE);
    return e;
  }

  private emailTaken(email: string) {
    return conflict('employee_taken', `Ya existe un empleado con el email ${email}.`, {
      email: ['Este email ya está registrado'],
    });
  }

  async create(actor: AuthUser, input: EmployeeInput): Promise<Employee> {
    if (await this.repo.emailTaken(input.email)) throw this.emailTaken(input.email);
    try {
      return await this.repo.transaction(async (tx) => {
        const id = await this.repo.insert(input, tx);
        const after = (await this.repo.findById(id, this.today(), tx))!;
        await this.audit.record({ actor, action: 'create', entity: 'employee', entityId: id, after }, tx);
        return after;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw this.emailTaken(input.email);
      throw err;
    }
  }

  async update(actor: AuthUser, id: number, input: EmployeeInput): Promise<Employee> {
    try {
      return await this.repo.transaction(async (tx) => {
        const locked = await this.lock(id, tx);
        if (await this.repo.emailTaken(input.email, id, tx)) throw this.emailTaken(input.email);
        if (input.diasVacaciones < locked.diasUsados) {
          const message = `Ya usó ${locked.diasUsados} días de vacaciones; no pueden ser menos`;
          throw badRequest(`No se pudo guardar el empleado: ${message}.`, { diasVacaciones: [message] });
        }
        const before = (await this.repo.findById(id, this.today(), tx))!;
        await this.repo.update(id, input, tx);
        const after = (await this.repo.findById(id, this.today(), tx))!;
        await this.audit.record({ actor, action: 'update', entity: 'employee', entityId: id, before, after }, tx);
        return after;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw this.emailTaken(input.email);
      throw err;
    }
  }

  /** Deletes an employee without history; one with attendance or vacations is marked inactivo instead. */
  async delete(actor: AuthUser, id: number): Promise<void> {
    await this.repo.transaction(async (tx) => {
      await this.lock(id, tx);
      if (await this.repo.hasRecords(id, tx)) {
        throw conflict(
          'employee_has_records',
          'El empleado tiene asistencias o vacaciones registradas; márcalo como inactivo en lugar de eliminarlo.',
        );
      }
      const before = await this.repo.findById(id, this.today(), tx);
      await this.repo.delete(id, tx);
      await this.audit.record({ actor, action: 'delete', entity: 'employee', entityId: id, before }, tx);
    });
  }

  // Attendance

  async attendance(id: number, range: { desde?: string; hasta?: string }): Promise<Attendance[]> {
    await this.get(id);
    return this.repo.attendance(id, range);
  }

  /** Records one day: one record per day; a 'vacacion' day needs a vacation day left. */
  async addAttendance(actor: AuthUser, id: number, input: AttendanceInput): Promise<Attendance> {
    return this.repo.transaction(async (tx) => {
      const locked = await this.lock(id, tx);
      const [taken] = await this.repo.attendanceOn(id, [input.date], tx);
      if (taken) {
        throw conflict(
          'attendance_day_taken',
          `Ya hay un registro (${ATTENDANCE_TYPE_LABELS[taken.type]}) el ${input.date}; elimínalo antes de registrar otro.`,
          { date: ['Ese día ya tiene un registro'] },
        );
      }
      if (input.type === 'vacacion' && vacationDaysLeft(locked) < 1) {
        throw conflict('vacation_days_exceeded', 'El empleado ya no tiene días de vacaciones disponibles.', {
          type: ['No le quedan días de vacaciones'],
        });
      }
      const [record] = await this.repo.insertAttendance([{ employeeId: id, ...input }], tx);
      await this.repo.setCounters(id, applyAttendance(locked, input.type, 1), tx);
      await this.audit.record(
        { actor, action: 'create', entity: 'attendance', entityId: record!.id, after: record },
        tx,
      );
      return record!;
    });
  }

  /** Deletes one day and reverses its counter (never below 0); a day of an approved period is changed there. */
  async deleteAttendance(actor: AuthUser, id: number, attendanceId: number): Promise<void> {
    await this.repo.transaction(async (tx) => {
      const locked = await this.lock(id, tx);
      const record = await this.repo.findAttendance(id, attendanceId, tx);
      if (!record) throw notFound('El registro de asistencia no existe.');
      const period = (await this.repo.vacations(id, tx)).find(
        (v) =>
          v.status === 'aprobado' &&
          ATTENDANCE_TYPE_OF_PERIOD[v.type] === record.type &&
          v.startDate <= record.date &&
          record.date <= v.endDate,
      );
      if (period) {
        throw conflict(
          'vacation_conflict',
          `Este día es parte de un periodo aprobado (${period.startDate} al ${period.endDate}); cámbialo o recházalo en Vacaciones.`,
        );
      }
      await this.repo.deleteAttendance(attendanceId, tx);
      await this.repo.setCounters(id, applyAttendance(locked, record.type, -1), tx);
      await this.audit.record(
        { actor, action: 'delete', entity: 'attendance', entityId: attendanceId, before: record },
        tx,
      );
    });
  }

  // Vacations

  async vacations(id: number): Promise<Vacation[]> {
    await this.get(id);
    const calendar = await this.opts.calendar();
    return (await this.repo.vacations(id)).map((v) => this.withDays(v, calendar));
  }

  async addVacation(actor: AuthUser, id: number, input: VacationInput): Promise<Vacation> {
    const calendar = await this.opts.calendar();
    return this.repo.transaction(async (tx) => {
      const locked = await this.lock(id, tx);
      const others = await this.repo.vacations(id, tx);
      this.check(input, others, locked, calendar);
      const counters = await this.applyPeriod(id, input, locked, calendar, tx);
      const saved = await this.repo.insertVacation(id, input, tx);
      await this.repo.setCounters(id, counters, tx);
      const after = this.withDays(saved, calendar);
      await this.audit.record({ actor, action: 'create', entity: 'vacation', entityId: saved.id, after }, tx);
      return after;
    });
  }

  /** Changes dates, type or status (approve, reject): the old period's days are taken back, the new ones recorded. */
  async updateVacation(actor: AuthUser, id: number, vacationId: number, changes: VacationUpdate): Promise<Vacation> {
    const calendar = await this.opts.calendar();
    return this.repo.transaction(async (tx) => {
      let locked = await this.lock(id, tx);
      const all = await this.repo.vacations(id, tx);
      const before = all.find((v) => v.id === vacationId);
      if (!before) throw notFound('El periodo de vacaciones no existe.');
      const next: StoredVacation = { ...before, ...changes };
      if (next.endDate < next.startDate) {
        throw badRequest('La fecha de fin no puede ser anterior al inicio.', {
          endDate: ['La fecha de fin no puede ser anterior al inicio'],
        });
      }
      locked = { ...locked, ...(await this.takeBack(id, before, locked, tx)) };
      this.check(next, all, locked, calendar);
      const counters = await this.applyPeriod(id, next, locked, calendar, tx);
      const saved = await this.repo.updateVacation(vacationId, next, tx);
      await this.repo.setCounters(id, counters, tx);
      const after = this.withDays(saved, calendar);
      await this.audit.record(
        {
          actor,
          action: 'update',
          entity: 'vacation',
          entityId: vacationId,
          before: this.withDays(before, calendar),
          after,
        },
        tx,
      );
      return after;
    });
  }

  async deleteVacation(actor: AuthUser, id: number, vacationId: number): Promise<void> {
    const calendar = await this.opts.calendar();
    await this.repo.transaction(async (tx) => {
      const locked = await this.lock(id, tx);
      const before = (await this.repo.vacations(id, tx)).find((v) => v.id === vacationId);
      if (!before) throw notFound('El periodo de vacaciones no existe.');
      await this.repo.setCounters(id, await this.takeBack(id, before, locked, tx), tx);
      await this.repo.deleteVacation(vacationId, tx);
      await this.audit.record(
        {
          actor,
          action: 'delete',
          entity: 'vacation',
          entityId: vacationId,
          before: this.withDays(before, calendar),
        },
        tx,
      );
    });
  }

  private async lock(id: number, tx: Db): Promise<LockedEmployee> {
    const locked = await this.repo.lock(id, tx);
    if (!locked) throw notFound(NO_EMPLOYEE);
    return locked;
  }

  private withDays(v: StoredVacation, calendar: BusinessCalendar): Vacation {
    return { ...v, diasHabiles: businessDaysBetween(v.startDate, v.endDate, calendar).length };
  }

  private check(
    period: VacationPeriod & { id?: number },
    others: readonly StoredVacation[],
    locked: LockedEmployee,
    calendar: BusinessCalendar,
  ) {
    const problem = vacationProblem(period, others, vacationDaysLeft(locked), calendar);
    if (!problem) return;
    const code = problem.field === 'startDate' ? 'vacation_conflict' : 'vacation_days_exceeded';
    throw conflict(code, `No se pudo guardar el periodo: ${problem.message}.`, { [problem.field]: [problem.message] });
  }

  /** Records each business day of an approved period as attendance; returns the counters after it. */
  private async applyPeriod(
    id: number,
    period: VacationPeriod,
    locked: LockedEmployee,
    calendar: BusinessCalendar,
    tx: Db,
  ) {
    const counters = { faltas: locked.faltas, diasUsados: locked.diasUsados };
    if (period.status !== 'aprobado') return counters;
    const days = businessDaysBetween(period.startDate, period.endDate, calendar);
    const [taken] = await this.repo.attendanceOn(id, days, tx);
    if (taken) {
      const message = `El ${taken.date} ya tiene un registro (${ATTENDANCE_TYPE_LABELS[taken.type]}); elimínalo en Asistencias antes de aprobar`;
      throw conflict('attendance_day_taken', `No se pudo aprobar el periodo: ${message}.`, { startDate: [message] });
    }
    const type = ATTENDANCE_TYPE_OF_PERIOD[period.type];
    await this.repo.insertAttendance(
      days.map((date) => ({ employeeId: id, date, type, reason: PERIOD_REASON[period.type], approved: true })),
      tx,
    );
    return applyAttendance(counters, type, 1, days.length);
  }

  /** Deletes the attendance days of a period that was approved; returns the counters after it. */
  private async takeBack(id: number, period: StoredVacation, locked: LockedEmployee, tx: Db) {
    const counters = { faltas: locked.faltas, diasUsados: locked.diasUsados };
    if (period.status !== 'aprobado') return counters;
    const type = ATTENDANCE_TYPE_OF_PERIOD[period.type];
    const removed = await this.repo.deleteAttendanceIn(id, type, period, tx);
    return applyAttendance(counters, type, -1, removed);
  }
}
