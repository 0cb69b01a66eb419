import type { Employee, User } from '@airlink/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin@test.mx')).token;
});
afterAll(() => t?.close());

const get = (token: string) => t.app.inject({ method: 'GET', url: '/api/usuarios', headers: t.auth(token) });
const put = (token: string, id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/usuarios/${id}`, headers: t.auth(token), payload });

async function userId(email: string): Promise<number> {
  const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u!.id;
}

async function employee(email: string): Promise<Employee> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/empleados',
    headers: t.auth(admin),
    payload: {
      nombre: 'Carla',
      apellido: 'Cajera Ruiz',
      email,
      telefono: '7711234567',
      departamento: 'Administración',
      puesto: 'Cajero',
      fechaIngreso: '2023-05-02',
      salario: 9800,
      direccion: 'Calle Hidalgo 4, Tizayuca',
      emergenciaContacto: 'Mario Ruiz',
      emergenciaTelefono: '7719876543',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('Usuarios: last sign-in and the linked employee', () => {
  it('user answers carry the last sign-in (null for someone who never signed in)', async () => {
    const list = (await get(admin)).json() as User[];
    const me = list.find((u) => u.email === 'admin@test.mx')!;
    expect(new Date(me.ultimoAcceso!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(list.find((u) => u.email === 'gerente@test.mx')!.ultimoAcceso).toBeNull();
    await t.login('gerente@test.mx');
    const again = (await get(admin)).json() as User[];
    expect(again.find((u) => u.email === 'gerente@test.mx')!.ultimoAcceso).not.toBeNull();
  });

  it('PUT idEmpleado links a user to an employee (name in the answer, audited), null unlinks', async () => {
    const e = await employee('carla.emp@test.mx');
    const id = await userId('cajero@test.mx');
    const res = await put(admin, id, { idEmpleado: e.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ idEmpleado: e.id, empleadoNombre: 'Carla Cajera Ruiz' });
    expect(((await get(admin)).json() as User[]).find((u) => u.id === id)).toMatchObject({ idEmpleado: e.id });
    const logs = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'user'));
    expect(logs.at(-1)).toMatchObject({ action: 'update', after: expect.objectContaining({ idEmpleado: e.id }) });

    // One user per employee.
    const other = await put(admin, await userId('supervisor@test.mx'), { IdEmpleado: e.id });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      error: 'employee_linked',
      details: { idEmpleado: ['Este empleado ya tiene un usuario'] },
    });

    const unlink = await put(admin, id, { idEmpleado: null });
    expect(unlink.json()).toMatchObject({ idEmpleado: null, empleadoNombre: null });
  });

  it('an unknown employee or a bad id is a 400 and changes nothing', async () => {
    const id = await userId('usuario@test.mx');
    const unknown = await put(admin, id, { idEmpleado: 999999, nombre: 'Otro' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.idEmpleado).toEqual(['El empleado no existe; elige uno de la lista']);
    expect((await put(admin, id, { idEmpleado: '3' })).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ nombre: 'Ulises', idEmpleado: null });
  });

  it('deleting the employee unlinks the user', async () => {
    const e = await employee('borrar.emp@test.mx');
    const id = await userId('soporte@test.mx');
    await put(admin, id, { idEmpleado: e.id });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/empleados/${e.id}`, headers: t.auth(admin) });
    expect(del.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.idEmpleado).toBeNull();
  });

  it('only level 20 links or changes users', async () => {
    const gerente = (await t.login('gerente@test.mx')).token;
    expect((await put(gerente, await userId('usuario@test.mx'), { idEmpleado: null })).statusCode).toBe(403);
    expect((await put(gerente, await userId('usuario@test.mx'), { idPerfilUsuario: 20 })).statusCode).toBe(403);
  });
});

describe('Usuarios: level change and deactivation take effect at once', () => {
  it('a level change applies to the next request of the open session', async () => {
    const token = (await t.login('usuario@test.mx')).token;
    const finance = () => t.app.inject({ method: 'GET', url: '/api/empleados', headers: t.auth(token) });
    expect((await finance()).statusCode).toBe(403);
    expect((await put(admin, await userId('usuario@test.mx'), { idPerfilUsuario: 20 })).statusCode).toBe(200);
    expect((await finance()).statusCode).toBe(200);
    expect((await put(admin, await userId('usuario@test.mx'), { idPerfilUsuario: 10 })).statusCode).toBe(200);
    expect((await finance()).statusCode).toBe(403);
  });

  it('deactivating revokes every session of the user: the next request is a 401', async () => {
    const one = (await t.login('supervisor@test.mx')).token;
    const two = (await t.login('supervisor@test.mx')).token;
    expect((await get(one)).statusCode).toBe(200);
    const res = await put(admin, await userId('supervisor@test.mx'), { activo: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().activo).toBe(false);
    expect((await get(one)).statusCode).toBe(401);
    expect((await get(two)).statusCode).toBe(401);
  });
});
