import {
  foldText,
  shownEmployeeState,
  vacationDaysLeft,
  type Attendance,
  type AttendanceType,
  type Employee,
  type EmployeeInput,
  type EmployeeListQuery,
  type Paged,
  type VacationPeriod,
  type VacationStatus,
  type VacationType,
} from '@airlink/domain';
import { and, asc, between, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { airlinkFold } from '../../db/fold';
import { containsPattern } from '../../db/like';
import { paged } from '../../db/paging';
import { attendance, employees, vacations } from '../../db/schema';

type EmployeeRow = typeof employees.$inferSelect;

/** The counters and limits a use case reads under the employee's row lock. */
export interface LockedEmployee {
  id: number;
  diasVacaciones: number;
  diasUsados: number;
  faltas: number;
}

export interface StoredVacation extends VacationPeriod {
  id: number;
  employeeId: number;
}

/**
 * An approved period covering `today` (the employee shows 'vacaciones'). The outer id is written out
 * qualified: drizzle renders a column unqualified, which inside the subquery would mean the vacation's id.
 */
function onVacation(today: string): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${vacations} v WHERE v.employee_id = "employees"."id"
    AND v.status = 'aprobado' AND v.start_date <= ${today}::date AND v.end_date >= ${today}::date)`;
}

const searchText = sql`${employees.nombre} || ' ' || ${employees.apellido} || ' ' || ${employees.email} || ' ' || ${employees.telefono} || ' ' || ${employees.departamento} || ' ' || ${employees.puesto}`;

function toEmployee(r: EmployeeRow & { away: boolean }): Employee {
  return {
    id: r.id,
    nombre: r.nombre,
    apellido: r.apellido,
    email: r.email,
    telefono: r.telefono,
    puesto: r.puesto,
    departamento: r.departamento,
    fechaIngreso: r.fechaIngreso,
    salario: Number(r.salario),
    diasVacaciones: r.diasVacaciones,
    diasUsados: r.diasUsados,
    diasDisponibles: vacationDaysLeft(r),
    faltas: r.faltas,
    estado: shownEmployeeState(r.estado, r.away),
    direccion: r.direccion,
    emergenciaContacto: r.emergenciaContacto,
    emergenciaTelefono: r.emergenciaTelefono,
  };
}

function toAttendance(r: typeof attendance.$inferSelect): Attendance {
  return {
    id: r.id,
    employeeId: r.employeeId,
    date: r.date,
    type: r.type as AttendanceType,
    reason: r.reason,
    approved: r.approved,
  };
}

function toVacation(r: typeof vacations.$inferSelect): StoredVacation {
  return {
    id: r.id,
    employeeId: r.employeeId,
    startDate: r.startDate,
    endDate: r.endDate,
    type: r.type as VacationType,
    status: r.status as VacationStatus,
  };
}

/** The only SQL of employees, their attendance and their vacations. */
export class EmployeesRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }

  /** One page by name; `search` folds accents through airlink_fold, `estado` is the shown state. */
  async list(query: EmployeeListQuery, today: string): Promise<Paged<Employee>> {
    const conds: SQL[] = [];
    const q = query.search ? foldText(query.search) : '';
    if (q) conds.push(sql`${airlinkFold(searchText)} LIKE ${containsPattern(q)}`);
    if (query.estado === 'inactivo') conds.push(eq(employees.estado, 'inactivo'));
    if (query.estado === 'vacaciones') conds.push(ne(employees.estado, 'inactivo'), onVacation(today));
    if (query.estado === 'activo') conds.push(ne(employees.estado, 'inactivo'), sql`NOT ${onVacation(today)}`);
    const where = conds.length ? and(...conds) : undefined;
    const { rows, total } = await paged(
      this.db
        .select({ e: employees, away: onVacation(today) })
        .from(employees)
        .where(where)
        .orderBy(asc(airlinkFold(employees.nombre)), asc(airlinkFold(employees.apellido)), asc(employees.id))
        .$dynamic(),
      query,
      () => this.db.select({ n: count() }).from(employees).where(where),
    );
    return { items: rows.map((r) => toEmployee({ ...r.e, away: r.away })), total };
  }

  async findById(id: number, today: string, tx: Db = this.db): Promise<Employee | undefined> {
    const [r] = await tx
      .select({ e: employees, away: onVacation(today) })
      .from(employees)
      .where(eq(employees.id, id))
      .limit(1);
    return r && toEmployee({ ...r.e, away: r.away });
  }

  /** Locks the employee's row for the rest of the transaction: counters change one request at a time. */
  async lock(id: number, tx: Db): Promise<LockedEmployee | undefined> {
    const [r] = await tx
      .select({
        id: employees.id,
        diasVacaciones: employees.diasVacaciones,
        diasUsados: employees.diasUsados,
        faltas: employees.faltas,
      })
      .from(employees)
      .where(eq(employees.id, id))
      .for('update')
      .limit(1);
    return r;
  }

  async emailTaken(email: string, exceptId?: number, tx: Db = this.db): Promise<boolean> {
    const conds = [sql`lower(${employees.email}) = ${email.toLowerCase()}`];
    if (exceptId !== undefined) conds.push(ne(employees.id, exceptId));
    const [r] = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(and(...conds))
      .limit(1);
    return Boolean(r);
  }

  async insert(values: EmployeeInput, tx: Db): Promise<number> {
    const [r] = await tx.insert(employees).values(values).returning({ id: employees.id });
    return r!.id;
  }

  async update(id: number, values: EmployeeInput, tx: Db): Promise<void> {
    await tx
      .update(employees)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(employees.id, id));
  }

  async setCounters(id: number, counters: { faltas: number; diasUsados: number }, tx: Db): Promise<void> {
    await tx
      .update(employees)
      .set({ ...counters, updatedAt: new Date() })
      .where(eq(employees.id, id));
  }

  async hasRecords(id: number, tx: Db): Promise<boolean> {
    const [a] = await tx.select({ id: attendance.id }).from(attendance).where(eq(attendance.employeeId, id)).limit(1);
    if (a) return true;
    const [v] = await tx.select({ id: vacations.id }).from(vacations).where(eq(vacations.employeeId, id)).limit(1);
    return Boolean(v);
  }

  async delete(id: number, tx: Db): Promise<void> {
    await tx.delete(employees).where(eq(employees.id, id));
  }

  // Attendance

  async attendance(employeeId: number, range: { desde?: string; hasta?: string }): Promise<Attendance[]> {
    const conds: SQL[] = [eq(attendance.employeeId, employeeId)];
    if (range.desde) conds.push(sql`${attendance.date} >= ${range.desde}::date`);
    if (range.hasta) conds.push(sql`${attendance.date} <= ${range.hasta}::date`);
    const rows = await this.db
      .select()
      .from(attendance)
      .where(and(...conds))
      .orderBy(desc(attendance.date), desc(attendance.id));
    return rows.map(toAttendance);
  }

  async findAttendance(employeeId: number, id: number, tx: Db): Promise<Attendance | undefined> {
    const [r] = await tx
      .select()
      .from(attendance)
      .where(and(eq(attendance.id, id), eq(attendance.employeeId, employeeId)))
      .limit(1);
    return r && toAttendance(r);
  }

  /** The employee's records on any of these dates (one record per day). */
  async attendanceOn(employeeId: number, dates: readonly string[], tx: Db): Promise<Attendance[]> {
    if (dates.length === 0) return [];
    const rows = await tx
      .select()
      .from(attendance)
      .where(and(eq(attendance.employeeId, employeeId), inArray(attendance.date, [...dates])))
      .orderBy(asc(attendance.date));
    return rows.map(toAttendance);
  }

  async insertAttendance(
    rows: ReadonlyArray<{ employeeId: number; date: string; type: AttendanceType; reason: string; approved: boolean }>,
    tx: Db,
  ): Promise<Attendance[]> {
    if (rows.length === 0) return [];
    return (
      await tx
        .insert(attendance)
        .values([...rows])
        .returning()
    ).map(toAttendance);
  }

  async deleteAttendance(id: number, tx: Db): Promise<void> {
    await tx.delete(attendance).where(eq(attendance.id, id));
  }

  /** Deletes the employee's records of a type between two dates (an approved period's days); returns how many. */
  async deleteAttendanceIn(
    employeeId: number,
    type: AttendanceType,
    period: { startDate: string; endDate: string },
    tx: Db,
  ): Promise<number> {
    const rows = await tx
      .delete(attendance)
      .where(
        and(
          eq(attendance.employeeId, employeeId),
          eq(attendance.type, type),
          between(attendance.date, period.startDate, period.endDate),
        ),
      )
      .returning({ id: attendance.id });
    return rows.length;
  }

  // Vacations

  async vacations(employeeId: number, tx: Db = this.db): Promise<StoredVacation[]> {
    const rows = await tx
      .select()
      .from(vacations)
      .where(eq(vacations.employeeId, employeeId))
      .orderBy(desc(vacations.startDate), desc(vacations.id));
    return rows.map(toVacation);
  }

  async insertVacation(employeeId: number, v: VacationPeriod, tx: Db): Promise<StoredVacation> {
    const [r] = await tx
      .insert(vacations)
      .values({ employeeId, startDate: v.startDate, endDate: v.endDate, type: v.type, status: v.status })
      .returning();
    return toVacation(r!);
  }

  async updateVacation(id: number, v: VacationPeriod, tx: Db): Promise<StoredVacation> {
    const [r] = await tx
      .update(vacations)
      .set({ startDate: v.startDate, endDate: v.endDate, type: v.type, status: v.status })
      .where(eq(vacations.id, id))
      .returning();
    return toVacation(r!);
  }

  async deleteVacation(id: number, tx: Db): Promise<void> {
    await tx.delete(vacations).where(eq(vacations.id, id));
  }
}
