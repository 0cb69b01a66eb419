import type { SessionUser, User } from '@airlink/domain';
import { answerSchemas } from './answer-checks';

/**
 * The `sub` claim (the user id) of a JWT, decoded without verifying the signature. It is only
 * used to pick the signed-in user's own record out of an answer the server gave for that very
 * token, so the server has already checked it. Null when the token has no usable subject.
 */
export function tokenUserId(token: string | null | undefined): number | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const binary = globalThis.atob(b64.padEnd(b64.length + ((4 - (b64.length % 4)) % 4), '='));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const { sub } = JSON.parse(json) as { sub?: unknown };
    const id = typeof sub === 'string' && /^\d+$/.test(sub) ? Number(sub) : typeof sub === 'number' ? sub : NaN;
    return Number.isSafeInteger(id) ? id : null;
  } catch {
    return null;
  }
}

/** The SessionUser the server itself builds from a user row (its full name is nombre + apellidos). */
export function toSessionUser(u: User): SessionUser {
  return {
    id: u.id,
    name: `${u.nombre} ${u.apellidos}`.trim(),
    email: u.email,
    picture: u.picture,
    idPerfilUsuario: u.idPerfilUsuario,
  };
}

/**
 * The signed-in user's own record in a GET /api/usuarios answer (level ≥ 20 gets every user,
 * lower levels only themselves), as a SessionUser; null when it is not there.
 */
export async function ownSessionUser(users: unknown, userId: number): Promise<SessionUser | null> {
  if (!Array.isArray(users)) return null;
  const { userSchema } = await answerSchemas();
  for (const entry of users) {
    const parsed = userSchema.safeParse(entry);
    if (parsed.success && parsed.data.id === userId) return toSessionUser(parsed.data);
  }
  return null;
}

export function sameSessionUser(a: SessionUser, b: SessionUser): boolean {
  return (
    a.id === b.id &&
    a.name === b.name &&
    a.email === b.email &&
    a.picture === b.picture &&
    a.idPerfilUsuario === b.idPerfilUsuario
  );
}
