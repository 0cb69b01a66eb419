import type { User } from '@airlink/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

type Row = typeof users.$inferSelect;

export function toUser(r: Row): User {
  return {
    id: r.id,
    nombre: r.nombre,
    apellidos: r.apellidos,
    userName: r.userName,
    email: r.email,
    idPerfilUsuario: r.idPerfilUsuario,
    activo: r.activo,
    picture: r.picture,
  };
}

export class UsersRepository {
  constructor(private readonly db: Db) {}

  async list(): Promise<User[]> {
    return (await this.db.select().from(users).orderBy(asc(users.id))).map(toUser);
  }

  async findById(id: number, tx: Db = this.db): Promise<User | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
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
    const [row] = await tx.insert(users).values(values).returning();
    return toUser(row!);
  }

  async update(
    id: number,
    changes: Partial<Pick<Row, 'nombre' | 'apellidos' | 'idPerfilUsuario' | 'activo'>>,
    tx: Db = this.db,
  ): Promise<User | undefined> {
    const [row] = await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row && toUser(row);
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }
}
