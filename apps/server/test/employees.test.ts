import type { Attendance, Employee, Paged, Vacation } from '@airlink/domain';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendance, auditLog, employees, vacations } from '../src/db/schema';
import { createTestApp, type TestApp } from './test-app';

/** Monday 23 November 2026, noon in Mexico City. */
const NOW = new Date('2026-11-23T18:00:00Z');

let t: TestApp;
const tokens: Record<number, string> = {};
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  const emails = {
    5: 'soporte@test.mx',
    10: 'usuario@test.mx',
    16: 'cajero@test.mx',
    18: 'gerente@test.mx',
    20: 'admin@test.mx',
  };
  for (const [level, email] of Object.entries(emails)) tokens[Number(level)] = (await t.login(email)).token;
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, level: number | null, payload?: unknown): Promise<LightMyRequestResponse> {
  const headers = level === null ? {} : t.auth(tokens[level]!);
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

let seq = 0;
function employeeBody(over: Record<string, unknown> = {}) {
  seq++;
  return {
    nombre: 'Érika',
    apellido: `Islas Trejo ${seq}`,
    email: `erika${seq}@airlink.mx`,
    telefono: '7711234567',
    departamento: 'Ventas',
    puesto: 'Promotor',
    fechaIngreso: '2024-03-01',
    salario: 9600,
    direccion: 'Calle Acueducto 15, Zempoala',
    emergenciaContacto: 'Hugo Islas',
    emergenciaTelefono: '7717654321',
    ...over,
  };
}

async function createEmployee(over: Record<string, unknown> = {}): Promise<Employee> {
  const res = await call('POST', '/api/empleados', 20, employeeBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function employee(id: number): Promise<Employee> {
  const res = await call('GET', `/api/empleados/${id}`, 20);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function rows(id: number) {
  return t.database.db.select().from(attendance).where(eq(attendance.employeeId, id));
}

describe('access: every employees route is level 20', () => {
  it('401 without a session, 403 below 20, and nothing is written', async () => {
    const e = await createEmployee();
    const routes: Array<[Method, string, unknown?]> = [
      ['GET', '/api/empleados'],
      ['POST', '/api/empleados', employeeBody()],
      ['GET', `/api/empleados/${e.id}`],
      ['PUT', `/api/empleados/${e.id}`, employeeBody()],
      ['DELETE', `/api/empleados/${e.id}`],
      ['GET', `/api/empleados/${e.id}/asistencias`],
      ['POST', `/api/empleados/${e.id}/asistencias`, { date: '2026-11-20', type: 'falta', reason: 'x' }],
      ['DELETE', `/api/empleados/${e.id}/asistencias/1`],
      ['GET', `/api/empleados/${e.id}/vacaciones`],
      ['POST', `/api/empleados/${e.id}/vacaciones`, { startDate: '2026-12-01', endDate: '2026-12-02' }],
      ['PUT', `/api/empleados/${e.id}/vacaciones/1`, { status: 'aprobado' }],
      ['DELETE', `/api/empleados/${e.id}/vacaciones/1`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, null, payload)).statusCode, `${method} ${url}`).toBe(401);
      for (const level of [5, 10, 16, 18]) {
        expect((await call(method, url, level, payload)).statusCode, `${method} ${url} @${level}`).toBe(403);
      }
    }
    expect(await t.database.db.select().from(employees)).toHaveLength(1);
    expect(await rows(e.id)).toHaveLength(0);
    expect(await t.database.db.select().from(vacations)).toHaveLength(0);
  });
});

describe('employees', () => {
  it('create: defaults (12 days, activo, counters 0), email in lower case, audited', async () => {
    const e = await createEmployee({ email: 'Nuevo.Empleado@AirLink.MX' });
    expect(e).toMatchObject({
      email: 'nuevo.empleado@airlink.mx',
      diasVacaciones: 12,
      diasUsados: 0,
      diasDisponibles: 12,
      faltas: 0,
      estado: 'activo',
      salario: 9600,
    });
    const [log] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'employee'), eq(auditLog.entityId, String(e.id))));
    expect(log).toMatchObject({ action: 'create', userId: expect.any(Number) });
  });

  it('bad input: every message of the spec in details, nothing saved', async () => {
    const before = (await t.database.db.select().from(employees)).length;
    const res = await call('POST', '/api/empleados', 20, {
      nombre: '',
      apellido: '',
      email: 'no-es-email',
      telefono: '',
      departamento: 'Bodega',
      puesto: '',
      fechaIngreso: '',
      salario: 0,
      diasVacaciones: 31,
      direccion: '',
      emergenciaContacto: '',
      emergenciaTelefono: '',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.details).toMatchObject({
      nombre: ['El nombre es obligatorio'],
      apellido: ['El apellido es obligatorio'],
      email: ['Email inválido'],
      telefono: ['El teléfono es obligatorio'],
      departamento: ['Elige un departamento de la lista'],
      puesto: ['El puesto es obligatorio'],
      fechaIngreso: ['La fecha de ingreso es obligatoria'],
      salario: ['El salario debe ser mayor a 0'],
      diasVacaciones: ['Los días de vacaciones van de 0 a 30'],
      direccion: ['La dirección es obligatoria'],
      emergenciaContacto: ['El contacto de emergencia es obligatorio'],
      emergenciaTelefono: ['El teléfono de emergencia es obligatorio'],
    });
    const wrongPosition = await call('POST', '/api/empleados', 20, employeeBody({ puesto: 'Contador' }));
    expect(wrongPosition.statusCode).toBe(400);
    expect(wrongPosition.json().details.puesto).toEqual(['El puesto no pertenece a Ventas; elige uno de la lista']);
    expect(await t.database.db.select().from(employees)).toHaveLength(before);
  });

  it('the spec’s PascalCase body is accepted', async () => {
    const b = employeeBody();
    const pascal = Object.fromEntries(Object.entries(b).map(([k, v]) => [k[0]!.toUpperCase() + k.slice(1), v]));
    const res = await call('POST', '/api/empleados', 20, pascal);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('a duplicate email (any letter case) is a 409 with the field, on create and on edit', async () => {
    const a = await createEmployee();
    const dup = await call('POST', '/api/empleados', 20, employeeBody({ email: a.email.toUpperCase() }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      error: 'employee_taken',
      details: { email: ['Este email ya está registrado'] },
    });
    const b = await createEmployee();
    const edit = await call('PUT', `/api/empleados/${b.id}`, 20, employeeBody({ email: a.email }));
    expect(edit.statusCode).toBe(409);
  });

  it('edit: changes the data, keeps the counters, refuses fewer vacation days than used; audited with before', async () => {
    const e = await createEmployee();
    await call('POST', `/api/empleados/${e.id}/asistencias`, 20, {
      date: '2026-11-10',
      type: 'vacacion',
      reason: 'Día',
    });
    await call('POST', `/api/empleados/${e.id}/asistencias`, 20, {
      date: '2026-11-11',
      type: 'vacacion',
      reason: 'Día',
    });
    const res = await call(
      'PUT',
      `/api/empleados/${e.id}`,
      20,
      employeeBody({ email: e.email, departamento: 'Finanzas', puesto: 'Contador', diasVacaciones: 14 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      departamento: 'Finanzas',
      puesto: 'Contador',
      diasVacaciones: 14,
      diasUsados: 2,
    });
    const low = await call('PUT', `/api/empleados/${e.id}`, 20, employeeBody({ email: e.email, diasVacaciones: 1 }));
    expect(low.statusCode).toBe(400);
    expect(low.json().details.diasVacaciones).toEqual(['Ya usó 2 días de vacaciones; no pueden ser menos']);
    expect((await employee(e.id)).diasVacaciones).toBe(14);
    const logs = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'employee'), eq(auditLog.action, 'update'), eq(auditLog.entityId, String(e.id))));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.before).toMatchObject({ departamento: 'Ventas' });
  });

  it('unknown ids are 404, bad ids 400', async () => {
    expect((await call('GET', '/api/empleados/999999', 20)).statusCode).toBe(404);
    expect((await call('PUT', '/api/empleados/999999', 20, employeeBody())).statusCode).toBe(404);
    expect((await call('DELETE', '/api/empleados/999999', 20)).statusCode).toBe(404);
    expect((await call('GET', '/api/empleados/0x10', 20)).statusCode).toBe(400);
    expect((await call('GET', '/api/empleados/999999/asistencias', 20)).statusCode).toBe(404);
    expect((await call('GET', '/api/empleados/999999/vacaciones', 20)).statusCode).toBe(404);
  });

  it('delete: an employee without history goes (audited); one with history is refused', async () => {
    const e = await createEmployee();
    const res = await call('DELETE', `/api/empleados/${e.id}`, 20);
    expect(res.statusCode).toBe(204);
    expect((await call('GET', `/api/empleados/${e.id}`, 20)).statusCode).toBe(404);
    const h = await createEmployee();
    await call('POST', `/api/empleados/${h.id}/asistencias`, 20, {
      date: '2026-11-10',
      type: 'permiso',
      reason: 'IMSS',
    });
    const refused = await call('DELETE', `/api/empleados/${h.id}`, 20);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('employee_has_records');
    expect((await employee(h.id)).id).toBe(h.id);
  });
});

describe('GET /api/empleados: search and state', () => {
  it('searches accent-insensitively on the server and filters by the shown state', async () => {
    const ines = await createEmployee({
      nombre: 'Inés',
      apellido: 'Peña Álvarez',
      departamento: 'Marketing',
      puesto: 'Diseñador gráfico',
    });
    const baja = await createEmployee({ nombre: 'Tomás', apellido: 'Baja Inactivo', estado: 'inactivo' });
    const away = await createEmployee({ nombre: 'Rosa', apellido: 'Vacaciones Hoy' });
    const v = await call('POST', `/api/empleados/${away.id}/vacaciones`, 20, {
      startDate: '2026-11-23',
      endDate: '2026-11-25',
      status: 'aprobado',
    });
    expect(v.statusCode, v.body).toBe(201);

    const search = async (q: string) => {
      const res = await call('GET', `/api/empleados?${q}&pageSize=100`, 20);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Paged<Employee>).items.map((e) => e.id);
    };
    expect(await search('search=ines%20pena')).toEqual([ines.id]);
    expect(await search('search=PEÑA')).toEqual([ines.id]);
    expect(await search('search=disenador')).toEqual([ines.id]);
    expect(await search('search=100%25')).toEqual([]);
    expect(await search('estado=inactivo')).toEqual([baja.id]);
    expect(await search('estado=vacaciones')).toEqual([away.id]);
    const activos = await search('estado=activo');
    expect(activos).toContain(ines.id);
    expect(activos).not.toContain(away.id);
    expect(activos).not.toContain(baja.id);
    expect((await employee(away.id)).estado).toBe('vacaciones');
    expect((await call('GET', '/api/empleados?estado=baja', 20)).statusCode).toBe(400);
    const page = await call('GET', '/api/empleados?pageSize=2', 20);
    expect(page.json().items).toHaveLength(2);
    expect(page.json().total).toBeGreaterThan(2);
  });
});

describe('attendance: counters move with the record, in one transaction', () => {
  it('falta adds to faltas, vacacion to diasUsados, permiso and incapacidad to nothing; deleting reverses', async () => {
    const e = await createEmployee();
    const add = async (date: string, type: string) => {
      const res = await call('POST', `/api/empleados/${e.id}/asistencias`, 20, { date, type, reason: 'Motivo' });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Attendance;
    };
    const falta = await add('2026-11-02', 'falta');
    const vac = await add('2026-11-03', 'vacacion');
    await add('2026-11-04', 'permiso');
    await add('2026-11-05', 'incapacidad');
    expect(await employee(e.id)).toMatchObject({ faltas: 1, diasUsados: 1, diasDisponibles: 11 });
    const list = await call('GET', `/api/empleados/${e.id}/asistencias?desde=2026-11-03&hasta=2026-11-04`, 20);
    expect((list.json() as Attendance[]).map((a) => a.date)).toEqual(['2026-11-04', '2026-11-03']);

    expect((await call('DELETE', `/api/empleados/${e.id}/asistencias/${falta.id}`, 20)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/empleados/${e.id}/asistencias/${vac.id}`, 20)).statusCode).toBe(204);
    expect(await employee(e.id)).toMatchObject({ faltas: 0, diasUsados: 0 });
    expect((await call('DELETE', `/api/empleados/${e.id}/asistencias/${falta.id}`, 20)).statusCode).toBe(404);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'attendance'));
    expect(audits.filter((a) => a.action === 'delete').map((a) => a.entityId)).toEqual(
      expect.arrayContaining([String(falta.id), String(vac.id)]),
    );
  });

  it('never below 0: a record whose counter was already 0 deletes without going negative', async () => {
    const e = await createEmployee();
    const res = await call('POST', `/api/empleados/${e.id}/asistencias`, 20, {
      date: '2026-11-02',
      type: 'falta',
      reason: 'x',
    });
    await t.database.db.update(employees).set({ faltas: 0 }).where(eq(employees.id, e.id));
    expect((await call('DELETE', `/api/empleados/${e.id}/asistencias/${res.json().id}`, 20)).statusCode).toBe(204);
    expect((await employee(e.id)).faltas).toBe(0);
  });

  it('a date and a reason are required; one record per day; no vacation day without days left', async () => {
    const e = await createEmployee({ diasVacaciones: 1 });
    const bad = await call('POST', `/api/empleados/${e.id}/asistencias`, 20, { date: '', type: 'falta', reason: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toMatchObject({
      date: ['La fecha es obligatoria'],
      reason: ['El motivo es obligatorio'],
    });
    await call('POST', `/api/empleados/${e.id}/asistencias`, 20, { date: '2026-11-02', type: 'vacacion', reason: 'x' });
    const same = await call('POST', `/api/empleados/${e.id}/asistencias`, 20, {
      date: '2026-11-02',
      type: 'falta',
      reason: 'x',
    });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({ error: 'attendance_day_taken' });
    const none = await call('POST', `/api/empleados/${e.id}/asistencias`, 20, {
      date: '2026-11-03',
      type: 'vacacion',
      reason: 'x',
    });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({
      error: 'vacation_days_exceeded',
      message: 'El empleado ya no tiene días de vacaciones disponibles.',
    });
    expect(await employee(e.id)).toMatchObject({ faltas: 0, diasUsados: 1 });
    expect(await rows(e.id)).toHaveLength(1);
    const other = await createEmployee();
    const wrongOwner = await call('DELETE', `/api/empleados/${other.id}/asistencias/${(await rows(e.id))[0]!.id}`, 20);
    expect(wrongOwner.statusCode).toBe(404);
  });
});

describe('vacations', () => {
  const url = (id: number) => `/api/empleados/${id}/vacaciones`;

  it('a request is pending and spends nothing; approving records its business days and moves diasUsados; rejecting gives them back', async () => {
    const e = await createEmployee();
    const res = await call('POST', url(e.id), 20, { startDate: '2026-12-07', endDate: '2026-12-13' });
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json() as Vacation;
    expect(v).toMatchObject({ status: 'pendiente', type: 'vacaciones', diasHabiles: 5 });
    expect((await employee(e.id)).diasUsados).toBe(0);

    const ok = await call('PUT', `${url(e.id)}/${v.id}`, 20, { status: 'aprobado' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await employee(e.id)).toMatchObject({ diasUsados: 5, diasDisponibles: 7 });
    expect((await rows(e.id)).map((r) => [r.date, r.type, r.approved]).sort()).toEqual([
      ['2026-12-07', 'vacacion', true],
      ['2026-12-08', 'vacacion', true],
      ['2026-12-09', 'vacacion', true],
      ['2026-12-10', 'vacacion', true],
      ['2026-12-11', 'vacacion', true],
    ]);
    // A day of an approved period is changed in Vacaciones, not deleted alone.
    const day = (await rows(e.id))[0]!;
    const alone = await call('DELETE', `/api/empleados/${e.id}/asistencias/${day.id}`, 20);
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error).toBe('vacation_conflict');

    const moved = await call('PUT', `${url(e.id)}/${v.id}`, 20, { endDate: '2026-12-08' });
    expect(moved.json()).toMatchObject({ diasHabiles: 2 });
    expect((await employee(e.id)).diasUsados).toBe(2);

    const no = await call('PUT', `${url(e.id)}/${v.id}`, 20, { status: 'rechazado' });
    expect(no.statusCode).toBe(200);
    expect((await employee(e.id)).diasUsados).toBe(0);
    expect(await rows(e.id)).toHaveLength(0);
    const list = await call('GET', url(e.id), 20);
    expect((list.json() as Vacation[]).map((x) => x.status)).toEqual(['rechazado']);
  });

  it("counts business days on Administración's calendar: its own holidays are not spent, a working Saturday is", async () => {
    const put = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/configuracion', headers: t.auth(tokens[20]!), payload: body });
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/configuracion', headers: t.auth(tokens[20]!) })
    ).json();
    try {
      const set = await put({
        ...before,
        festivos: [{ fecha: '2026-12-09', nombre: 'Aniversario' }],
        diasHabiles: [1, 2, 3, 4, 5, 6],
      });
      expect(set.statusCode, set.body).toBe(200);
      const e = await createEmployee();
      // Mon 7 to Sun 13 December: six working days (Saturday works) minus the company's holiday on the 9th.
      const res = await call('POST', url(e.id), 20, {
        startDate: '2026-12-07',
        endDate: '2026-12-13',
        status: 'aprobado',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ diasHabiles: 5 });
      expect((await employee(e.id)).diasUsados).toBe(5);
      expect((await rows(e.id)).map((r) => r.date).sort()).toEqual([
        '2026-12-07',
        '2026-12-08',
        '2026-12-10',
        '2026-12-11',
        '2026-12-12',
      ]);
    } finally {
      await put(before);
    }
  });

  it('a vacation longer than the days left is refused, nothing half-saved', async () => {
    const e = await createEmployee({ diasVacaciones: 3 });
    const res = await call('POST', url(e.id), 20, {
      startDate: '2026-12-07',
      endDate: '2026-12-11',
      status: 'aprobado',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'vacation_days_exceeded',
      details: { endDate: ['El periodo tiene 5 días hábiles y solo le quedan 3 días de vacaciones'] },
    });
    const pending = await call('POST', url(e.id), 20, { startDate: '2026-12-07', endDate: '2026-12-11' });
    const approve = await call('PUT', `${url(e.id)}/${pending.json().id}`, 20, { status: 'aprobado' });
    expect(approve.statusCode).toBe(409);
    expect(await rows(e.id)).toHaveLength(0);
    expect((await employee(e.id)).diasUsados).toBe(0);
    expect((await call('GET', url(e.id), 20)).json()[0].status).toBe('pendiente');
  });

  it('overlapping requests are refused; a rejected one does not block', async () => {
    const e = await createEmployee();
    const first = await call('POST', url(e.id), 20, { startDate: '2026-12-07', endDate: '2026-12-11' });
    const clash = await call('POST', url(e.id), 20, { startDate: '2026-12-11', endDate: '2026-12-15' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      error: 'vacation_conflict',
      details: { startDate: ['Se cruza con otro periodo (pendiente) del 2026-12-07 al 2026-12-11'] },
    });
    await call('PUT', `${url(e.id)}/${first.json().id}`, 20, { status: 'rechazado' });
    expect((await call('POST', url(e.id), 20, { startDate: '2026-12-11', endDate: '2026-12-15' })).statusCode).toBe(
      201,
    );
  });

  it('approval refuses days that already hold a record; a period over a weekend only is refused', async () => {
    const e = await createEmployee();
    await call('POST', `/api/empleados/${e.id}/asistencias`, 20, { date: '2026-12-08', type: 'falta', reason: 'x' });
    const res = await call('POST', url(e.id), 20, {
      startDate: '2026-12-07',
      endDate: '2026-12-09',
      status: 'aprobado',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('attendance_day_taken');
    expect(await t.database.db.select().from(vacations).where(eq(vacations.employeeId, e.id))).toHaveLength(0);
    expect(await employee(e.id)).toMatchObject({ faltas: 1, diasUsados: 0 });
    const weekend = await call('POST', url(e.id), 20, {
      startDate: '2026-12-12',
      endDate: '2026-12-13',
      status: 'aprobado',
    });
    expect(weekend.json().details.endDate).toEqual(['El periodo no incluye días hábiles']);
  });

  it('an approved permiso records permiso days without spending vacation days; deleting a period gives its days back', async () => {
    const e = await createEmployee();
    const p = await call('POST', url(e.id), 20, {
      startDate: '2026-12-07',
      endDate: '2026-12-08',
      type: 'permiso',
      status: 'aprobado',
    });
    expect(p.statusCode, p.body).toBe(201);
    expect((await rows(e.id)).map((r) => r.type)).toEqual(['permiso', 'permiso']);
    expect((await employee(e.id)).diasUsados).toBe(0);
    const v = await call('POST', url(e.id), 20, { startDate: '2026-12-14', endDate: '2026-12-15', status: 'aprobado' });
    expect((await employee(e.id)).diasUsados).toBe(2);
    expect((await call('DELETE', `${url(e.id)}/${v.json().id}`, 20)).statusCode).toBe(204);
    expect((await employee(e.id)).diasUsados).toBe(0);
    expect(await rows(e.id)).toHaveLength(2);
    expect((await call('DELETE', `${url(e.id)}/${v.json().id}`, 20)).statusCode).toBe(404);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'vacation'));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'delete']));
  });

  it('bad input: dates required and in order, known type and status', async () => {
    const e = await createEmployee();
    const res = await call('POST', url(e.id), 20, {
      startDate: '',
      endDate: '2026-13-01',
      type: 'paseo',
      status: 'ok',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toMatchObject({
      startDate: ['La fecha de inicio es obligatoria'],
      endDate: ['La fecha de fin no es válida'],
      type: ['Elige un tipo: vacaciones, permiso o incapacidad'],
      status: ['El estado es aprobado, pendiente o rechazado'],
    });
    const back = await call('POST', url(e.id), 20, { startDate: '2026-12-10', endDate: '2026-12-01' });
    expect(back.json().details.endDate).toEqual(['La fecha de fin no puede ser anterior al inicio']);
    const v = await call('POST', url(e.id), 20, { startDate: '2026-12-07', endDate: '2026-12-08' });
    const put = await call('PUT', `${url(e.id)}/${v.json().id}`, 20, { startDate: '2026-12-09' });
    expect(put.statusCode).toBe(400);
    expect((await call('PUT', `${url(e.id)}/${v.json().id}`, 20, {})).statusCode).toBe(400);
    const other = await createEmployee();
    expect((await call('PUT', `${url(other.id)}/${v.json().id}`, 20, { status: 'aprobado' })).statusCode).toBe(404);
  });
});
