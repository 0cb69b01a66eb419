import type { User } from '@airlink/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employees, sessions, users } from '../../db/schema';

type Row = typeof users.$inferSelect;

/** A user with the linked employee's name and the last sign-in (the newest session's start). */
function selectUsers(db: Db) {
  return db
    .select({
      u: users,
      empleadoNombre: sql<string | null>`nullif(trim(${employees.nombre} || ' ' || ${employees.apellido}), '')`,
      ultimoAcceso: sql<
        Date | string | null
      >`(SELECT max(s.created_at) FROM ${sessions} s WHERE s.user_id = "users"."id")`,
    })
    .from(users)
    .leftJoin(employees, eq(employees.id, users.idEmpleado));
}

function toUser(r: { u: Row; empleadoNombre: string | null; ultimoAcceso: Date | string | null }): User {
  const u = r.u;
  return {
    id: u.id,
    nombre: u.nombre,
    apellidos: u.apellidos,
    userName: u.userName,
    email: u.email,
    idPerfilUsuario: u.idPerfilUsuario,
    activo: u.activo,
    picture: u.picture,
    idEmpleado: u.idEmpleado,
    empleadoNombre: r.empleadoNombre,
    ultimoAcceso: r.ultimoAcceso === null ? null : new Date(r.ultimoAcceso).toISOString(),
  };
}

export class UsersRepository {
  constructor(private readonly db: Db) {}

  async list(): Promise<User[]> {
    return (await selectUsers(this.db).orderBy(asc(users.id))).map(toUser);
  }

  async findById(id: number, tx: Db = this.db): Promise<User | undefined> {
    const [row] = await selectUsers(tx).where(eq(users.id, id)).limit(1);
    return row && toUser(row);
  }

  async emailExists(email: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    return Boolean(row);
  }

  /** The email's local part, made unique with a number when another user already has it. */
  async freeUserName(base: string, tx: Db = this.db): Promise<string> {
    const clean = base.toLowerCase().replace(/[^a-z0-9._-]/g, '') || 'usuario';
    const rows = await tx
      .select({ userName: users.userName })
      .from(users)
      .where(sql`lower(${users.userName}) like ${clean + '%'}`);
    const taken = new Set(rows.map((r) => r.userName.toLowerCase()));
    if (!taken.has(clean)) return clean;
    for (let n = 2; ; n++) if (!taken.has(`${clean}${n}`)) return `${clean}${n}`;
  }

  async insert(
    values: { email: string; nombre: string; apellidos: string; userName: string; idPerfilUsuario: number },
    tx: Db = this.db,
  ): Promise<User> {
    const [row] = await tx.insert(users).values(values).returning({ id: users.id });
    return (await this.findById(row!.id, tx))!;
  }

  async update(
    id: number,
    changes: Partial<Pick<Row, 'nombre' | 'apellidos' | 'idPerfilUsuario' | 'activo' | 'idEmpleado'>>,
    tx: Db = this.db,
  ): Promise<User | undefined> {
    const [row] = await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    return row && this.findById(row.id, tx);
  }

  async employeeExists(id: number, tx: Db = this.db): Promise<boolean> {
    const [row] = await tx.select({ id: employees.id }).from(employees).where(eq(employees.id, id)).limit(1);
    return Boolean(row);
  }

  /** The other user already linked to this employee, if any. */
  async userOfEmployee(employeeId: number, exceptUserId: number, tx: Db = this.db): Promise<User | undefined> {
    const [row] = await selectUsers(tx)
      .where(and(eq(users.idEmpleado, employeeId), ne(users.id, exceptUserId)))
      .limit(1);
    return row && toUser(row);
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }
}
