import type { SessionUser } from '@airlink/domain';
import type { UserRow } from './auth.repository';

/** The authenticated principal of a request or socket. */
export interface AuthUser {
  id: number;
  email: string;
  userName: string;
  name: string;
  level: number;
  picture: string | null;
  sessionId: string;
}

export function fullName(u: Pick<UserRow, 'nombre' | 'apellidos'>): string {
  return `${u.nombre} ${u.apellidos}`.trim();
}

export function toAuthUser(u: UserRow, sessionId: string): AuthUser {
  return {
    id: u.id,
    email: u.email,
    userName: u.userName,
    name: fullName(u),
    level: u.idPerfilUsuario,
    picture: u.picture,
    sessionId,
  };
}

export function toSessionUser(u: UserRow): SessionUser {
  return { id: u.id, name: fullName(u), email: u.email, picture: u.picture, idPerfilUsuario: u.idPerfilUsuario };
}
