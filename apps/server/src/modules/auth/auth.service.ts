import { randomUUID } from 'node:crypto';
import { REFRESH_REUSE_WINDOW_SECONDS, SESSION_MAX_AGE_SECONDS, type DevUser, type SessionUser } from '@airlink/domain';
import { unauthorized } from '../../lib/errors';
import type { AuthRepository, UserRow } from './auth.repository';
import { toAuthUser, toSessionUser, type AuthUser } from './auth-user';
import type { TokenService } from './token.service';

export interface ClientMeta {
  ipAddress?: string;
  userAgent?: string;
}

/** Sessions and tokens: who is signed in, and whether a token still stands for a live session. */
export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly tokens: TokenService,
  ) {}

  /** The user behind a bearer token, or null: bad signature, expired, revoked session or inactive user. */
  async authenticate(token: string): Promise<AuthUser | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const found = await this.repo.findSessionWithUser(claims.sessionId);
    if (!found || found.session.revokedAt || !found.user.activo || found.user.id !== claims.userId) return null;
    return toAuthUser(found.user, found.session.id, claims.expiresAt);
  }

  /** Finds the active user an external sign-in names, or explains in Spanish why not. */
  async userForSignIn(email: string): Promise<{ user: UserRow } | { error: string }> {
    const user = await this.repo.findUserByEmail(email);
    if (!user) return { error: `El correo ${email} no está registrado en AirLink. Pide a un administrador que te dé de alta.` };
    if (!user.activo) return { error: `El usuario ${email} está desactivado. Pide a un administrador que lo reactive.` };
    return { user };
  }

  async startSession(user: UserRow, method: 'oidc' | 'dev', meta: ClientMeta): Promise<{ token: string; user: SessionUser }> {
    const session = await this.repo.createSession({ userId: user.id, method, ...meta });
    return { token: await this.tokens.sign(user.id, session.id, session.tokenId), user: toSessionUser(user) };
  }

  async updatePicture(user: UserRow, picture: string | undefined): Promise<UserRow> {
    if (!picture || picture === user.picture) return user;
    await this.repo.updatePicture(user.id, picture);
    return { ...user, picture };
  }

  /**
   * A new token for the same session, for the session's newest token while it is unexpired or expired
   * less than the refresh grace ago. Each refresh rotates the token id, so an old token (say, one left in
   * a browser's history) cannot be refreshed; the previous one still can for a minute, for a second tab
   * that refreshed at the same moment. A session is never refreshed past its maximum age.
   */
  async refresh(token: string, now = new Date()): Promise<string> {
    const claims = await this.tokens.verify(token, { allowExpired: true });
    if (!claims) throw unauthorized('El token no es válido. Inicia sesión de nuevo.');
    const found = await this.repo.findSessionWithUser(claims.sessionId);
    if (!found || found.user.id !== claims.userId) throw unauthorized('La sesión no existe. Inicia sesión de nuevo.');
    const { session, user } = found;
    if (session.revokedAt) throw unauthorized('La sesión fue cerrada. Inicia sesión de nuevo.');
    if (!user.activo) throw unauthorized('Tu usuario está desactivado.');
    if (now.getTime() - session.createdAt.getTime() > SESSION_MAX_AGE_SECONDS * 1000) {
      throw unauthorized('La sesión expiró. Inicia sesión de nuevo.');
    }
    const recentlyRotated =
      claims.tokenId === session.prevTokenId &&
      session.lastRefreshAt !== null &&
      now.getTime() - session.lastRefreshAt.getTime() <= REFRESH_REUSE_WINDOW_SECONDS * 1000;
    if (claims.tokenId !== session.tokenId && !recentlyRotated) {
      throw unauthorized('Este token ya fue renovado. Inicia sesión de nuevo.');
    }
    if (claims.tokenId === session.tokenId) {
      const next = randomUUID();
      if (await this.repo.rotateToken(session.id, claims.tokenId, next)) return this.tokens.sign(user.id, session.id, next);
    }
    // Another tab rotated first: hand out the session's current token id.
    const current = await this.repo.findSessionWithUser(session.id);
    if (!current || current.session.revokedAt) throw unauthorized('La sesión fue cerrada. Inicia sesión de nuevo.');
    return this.tokens.sign(user.id, session.id, current.session.tokenId);
  }

  async logout(sessionId: string): Promise<void> {
    await this.repo.revokeSession(sessionId);
  }

  async devUsers(): Promise<DevUser[]> {
    const rows = await this.repo.listActiveUsers();
    return rows.map((u) => ({ email: u.email, nombre: `${u.nombre} ${u.apellidos}`.trim(), idPerfilUsuario: u.idPerfilUsuario }));
  }

  async devLogin(email: string, meta: ClientMeta): Promise<{ token: string; user: SessionUser }> {
    const found = await this.userForSignIn(email);
    if ('error' in found) throw unauthorized(found.error);
    return this.startSession(found.user, 'dev', meta);
  }

  revokeUserSessions(userId: number) {
    return this.repo.revokeUserSessions(userId);
  }
}
