import type { DevUser, SessionUser } from '@airlink/domain';
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
    return toAuthUser(found.user, found.session.id);
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
    return { token: await this.tokens.sign(user.id, session.id), user: toSessionUser(user) };
  }

  async updatePicture(user: UserRow, picture: string | undefined): Promise<UserRow> {
    if (!picture || picture === user.picture) return user;
    await this.repo.updatePicture(user.id, picture);
    return { ...user, picture };
  }

  /** A new token for the same session, for an unexpired or recently expired token of a live session. */
  async refresh(token: string): Promise<string> {
    const claims = await this.tokens.verify(token, { allowExpired: true });
    if (!claims) throw unauthorized('El token no es válido. Inicia sesión de nuevo.');
    const found = await this.repo.findSessionWithUser(claims.sessionId);
    if (!found || found.user.id !== claims.userId) throw unauthorized('La sesión no existe. Inicia sesión de nuevo.');
    if (found.session.revokedAt) throw unauthorized('La sesión fue cerrada. Inicia sesión de nuevo.');
    if (!found.user.activo) throw unauthorized('Tu usuario está desactivado.');
    await this.repo.markRefreshed(found.session.id);
    return this.tokens.sign(found.user.id, found.session.id);
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
