import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SESSION_MAX_AGE_SECONDS, SIGN_IN_CODE_TTL_SECONDS, type DevUser, type SessionUser } from '@airlink/domain';
import { unauthorized } from '../../lib/errors';
import type { Db } from '../../db/client';
import type { AuthRepository, UserRow } from './auth.repository';
import { toAuthUser, toSessionUser, type AuthUser } from './auth-user';
import type { TokenService } from './token.service';

export type { AuthUser } from './auth-user';

export interface ClientMeta {
  ipAddress?: string;
  userAgent?: string;
}

/** Told when a session is revoked because a replaced token came back (the hub ends its sockets). */
export type ReuseListener = (session: { sessionId: string; userId: number }) => void;

/** Why a session ended when one of its replaced tokens was presented again (shown on /logedout). */
export const TOKEN_REUSED_MESSAGE =
  'Por seguridad cerramos tu sesión: se volvió a usar un token que ya había sido renovado. Inicia sesión de nuevo.';
export const SIGN_IN_CODE_INVALID_MESSAGE =
  'El código de inicio de sesión no es válido o ya se usó. Inicia sesión de nuevo.';
export const SIGN_IN_CODE_EXPIRED_MESSAGE = 'El código de inicio de sesión expiró. Inicia sesión de nuevo.';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Sessions and tokens: who is signed in, and whether a token still stands for a live session. */
export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly tokens: TokenService,
  ) {}

  private reuseListener: ReuseListener = () => {};

  /** Who to tell when a replaced token revokes its session (app.ts: the hub ends the session's sockets). */
  onTokenReuse(listener: ReuseListener) {
    this.reuseListener = listener;
  }

  /**
   * The user behind a bearer token, or null: bad signature, expired, revoked session, inactive user, or
   * a token a refresh replaced. Only a session's newest token is accepted; one it replaced coming back
   * means two parties hold the session (theft, or a copy left somewhere), so the whole session is revoked.
   */
  async authenticate(token: string): Promise<AuthUser | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const found = await this.repo.findSessionWithUser(claims.sessionId);
    if (!found || found.session.revokedAt || !found.user.activo || found.user.id !== claims.userId) return null;
    if (claims.tokenId !== found.session.tokenId) {
      await this.revokeForReuse(found.session.id, found.user.id);
      return null;
    }
    return toAuthUser(found.user, found.session.id, claims.expiresAt);
  }

  /**
   * A socket's principal checked again by its session, not by the token it connected with (a refresh
   * replaces that token while the socket stays): null once the session is revoked or the user is
   * deactivated or is someone else. The connection still ends when its token expires.
   */
  async recheck(user: AuthUser): Promise<AuthUser | null> {
    const found = await this.repo.findSessionWithUser(user.sessionId);
    if (!found || found.session.revokedAt || !found.user.activo || found.user.id !== user.id) return null;
    return toAuthUser(found.user, found.session.id, user.tokenExpiresAt);
  }

  private async revokeForReuse(sessionId: string, userId: number) {
    if (await this.repo.revokeSession(sessionId)) this.reuseListener({ sessionId, userId });
  }

  /** Finds the active user an external sign-in names, or explains in Spanish why not. */
  async userForSignIn(email: string): Promise<{ user: UserRow } | { error: string }> {
    const user = await this.repo.findUserByEmail(email);
    if (!user)
      return { error: `El correo ${email} no está registrado en AirLink. Pide a un administrador que te dé de alta.` };
    if (!user.activo)
      return { error: `El usuario ${email} está desactivado. Pide a un administrador que lo reactive.` };
    return { user };
  }

  async startSession(
    user: UserRow,
    method: 'oidc' | 'dev',
    meta: ClientMeta,
  ): Promise<{ token: string; user: SessionUser }> {
    const session = await this.repo.createSession({ userId: user.id, method, ...meta });
    return { token: await this.tokens.sign(user.id, session.id, session.tokenId), user: toSessionUser(user) };
  }

  /**
   * A session for the identity provider callback, handed to the web through a one-time code instead of
   * the token (a URL ends up in history, proxy logs and Referer). Only the code's SHA-256 is stored.
   */
  async startSessionWithCode(user: UserRow, meta: ClientMeta, now = new Date()): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    await this.repo.createSession({
      userId: user.id,
      method: 'oidc',
      ...meta,
      exchangeCode: { hash: sha256(code), expiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_SECONDS * 1000) },
    });
    return code;
  }

  /** The token and user of a sign-in code, once: unknown, used and expired codes are refused in Spanish. */
  async exchangeCode(code: string, now = new Date()): Promise<{ token: string; user: SessionUser }> {
    const claimed = await this.repo.claimExchangeCode(sha256(code));
    if (!claimed) throw unauthorized(SIGN_IN_CODE_INVALID_MESSAGE);
    const { session, user } = claimed;
    const expiresAt = session.exchangeCodeExpiresAt;
    if (!expiresAt || expiresAt.getTime() <= now.getTime()) {
      // Never handed out, and now it never will be.
      await this.repo.revokeSession(session.id);
      throw unauthorized(SIGN_IN_CODE_EXPIRED_MESSAGE);
    }
    if (!user.activo) {
      await this.repo.revokeSession(session.id);
      throw unauthorized('Tu usuario está desactivado.');
    }
    return { token: await this.tokens.sign(user.id, session.id, session.tokenId), user: toSessionUser(user) };
  }

  async updatePicture(user: UserRow, picture: string | undefined): Promise<UserRow> {
    if (!picture || picture === user.picture) return user;
    await this.repo.updatePicture(user.id, picture);
    return { ...user, picture };
  }

  /**
   * A new token for the same session, for the session's newest token while it is unexpired or expired
   * less than the refresh grace ago. Each refresh rotates the token id and the token it replaces stops
   * working at once; presenting a replaced token again (here or to any route) revokes the session. So
   * does a second refresh of the same token racing the first: only one of them can rotate it. Browser
   * tabs share one token and take turns refreshing it (the web's session lock). A session is never
   * refreshed past its maximum age.
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
    const next = randomUUID();
    if (claims.tokenId !== session.tokenId || !(await this.repo.rotateToken(session.id, claims.tokenId, next))) {
      await this.revokeForReuse(session.id, user.id);
      throw unauthorized(TOKEN_REUSED_MESSAGE);
    }
    return this.tokens.sign(user.id, session.id, next);
  }

  async logout(sessionId: string): Promise<void> {
    await this.repo.revokeSession(sessionId);
  }

  async devUsers(): Promise<DevUser[]> {
    const rows = await this.repo.listActiveUsers();
    return rows.map((u) => ({
      email: u.email,
      nombre: `${u.nombre} ${u.apellidos}`.trim(),
      idPerfilUsuario: u.idPerfilUsuario,
    }));
  }

  async devLogin(email: string, meta: ClientMeta): Promise<{ token: string; user: SessionUser }> {
    const found = await this.userForSignIn(email);
    if ('error' in found) throw unauthorized(found.error);
    return this.startSession(found.user, 'dev', meta);
  }

  /** Ends every session of a user (a deactivated user); pass the transaction when inside one. */
  revokeUserSessions(userId: number, tx?: Db) {
    return this.repo.revokeUserSessions(userId, tx);
  }
}
