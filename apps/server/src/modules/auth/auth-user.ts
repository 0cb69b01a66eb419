import type { ApiKeyProfile, SessionUser } from '@airlink/domain';
import { fullName } from '../../db/user-name';
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
  /** When the presented token expires (the hub closes connections then). */
  tokenExpiresAt: Date;
  /**
   * Set when an API key authenticated the request: the principal is then the key, acting within its profile at
   * level 20 or its owner's current level when lower (`apiKeyLevel`), with its owner's id for the rows that
   * need a user (payments, logs). No session (`sessionId` '').
   */
  apiKey?: { id: number; name: string; profile: ApiKeyProfile; createdAt: Date };
}

export function toAuthUser(u: UserRow, sessionId: string, tokenExpiresAt: Date): AuthUser {
  return {
    id: u.id,
    email: u.email,
    userName: u.userName,
    name: fullName(u),
    level: u.idPerfilUsuario,
    picture: u.picture,
    sessionId,
    tokenExpiresAt,
  };
}

export function toSessionUser(u: UserRow): SessionUser {
  return { id: u.id, name: fullName(u), email: u.email, picture: u.picture, idPerfilUsuario: u.idPerfilUsuario };
}
