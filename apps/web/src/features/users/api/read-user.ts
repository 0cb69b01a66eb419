import { userSchema, type User, z } from '@airlink/domain';

const usersSchema = z.array(userSchema);

/** Checks a user from the API against the shared schema; a mismatch is reported in Spanish. */
export function readUser(data: unknown): User {
  const parsed = userSchema.safeParse(data);
  if (!parsed.success) throw new Error('El servidor respondió con un usuario en un formato inesperado.');
  return parsed.data;
}

export function readUsers(data: unknown): User[] {
  const parsed = usersSchema.safeParse(data);
  if (!parsed.success) throw new Error('La lista de usuarios llegó en un formato inesperado.');
  return parsed.data;
}
