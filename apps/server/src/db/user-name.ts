import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './schema';

/** `users` or an alias of it. */
type NameTable = { nombre: AnyPgColumn; apellidos: AnyPgColumn };
type NameColumns<T extends NameTable> = Pick<T, 'nombre' | 'apellidos'>;

/** The columns a user's full name is made of. */
export interface UserNameParts {
  nombre: string;
  apellidos: string;
}

/**
 * The user columns of a full name, to nest in a selection (`creador: userNameColumns(creador)` for an alias
 * of `users`); over a LEFT JOIN the nested value reads as null when there is no user.
 */
export function userNameColumns(): NameColumns<typeof users>;
export function userNameColumns<T extends NameTable>(table: T): NameColumns<T>;
export function userNameColumns(table: NameTable = users): NameColumns<NameTable> {
  return { nombre: table.nombre, apellidos: table.apellidos };
}

/** 'Nombre Apellidos'. */
export function fullName(u: UserNameParts): string {
  return `${u.nombre} ${u.apellidos}`.trim();
}

/** 'Nombre Apellidos', or null when there is no user (nobody wrote it, or a LEFT JOIN found no one). */
export function userNameOf(u: UserNameParts | null | undefined): string | null {
  return u ? fullName(u) : null;
}
