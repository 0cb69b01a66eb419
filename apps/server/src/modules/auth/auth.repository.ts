import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export class AuthRepository {
  /** Every authenticated request runs this one: built once, and prepared once per connection. */
  private readonly sessionWithUser;

  constructor(private readonly db: Db) {
    this.sessionWithUser = db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sql.placeholder('id')))
      .limit(1)
      .prepare('auth_session_with_user');
  }

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
      .limit(1);
    return row;
  }

  async listActiveUsers(): Promise<UserRow[]> {
    return this.db
      .select()
      .from(users)
      .where(eq(users.activo, true))
      .orderBy(asc(users.idPerfilUsuario), asc(users.id));
  }

  async updatePicture(userId: number, picture: string): Promise<void> {
    await this.db.update(users).set({ picture }).where(eq(users.id, userId));
  }

  async createSession(values: {
    userId: number;
    method: string;
    ipAddress?: string;
    userAgent?: string;
    /** SHA-256 (hex) of the one-time sign-in code that hands this session to the web, and its expiry. */
    exchangeCode?: { hash: string; expiresAt: Date };
  }): Promise<SessionRow> {
    const [row] = await this.db
      .insert(sessions)
      .values({
        userId: values.userId,
        method: values.method,
        ipAddress: values.ipAddress ?? null,
        userAgent: values.userAgent ?? null,
        exchangeCodeHash: values.exchangeCode?.hash ?? null,
        exchangeCodeExpiresAt: values.exchangeCode?.expiresAt ?? null,
      })
      .returning();
    return row!;
  }

  /**
   * Takes the live session a sign-in code hash names and forgets the hash in the same statement, so a
   * code serves once even when two requests bring it at the same moment (the row lock orders them; the
   * second finds no hash). The expiry is kept on the row for the caller to check.
   */
  async claimExchangeCode(hash: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    const [claimed] = await this.db
      .update(sessions)
      .set({ exchangeCodeHash: null })
      .where(and(eq(sessions.exchangeCodeHash, hash), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return claimed ? this.findSessionWithUser(claimed.id) : undefined;
  }

  async findSessionWithUser(sessionId: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return undefined;
    const [row] = await this.sessionWithUser.execute({ id: sessionId });
    return row;
  }

  /** Moves the session to a new token id, only if `fromTokenId` is still the newest (one refresh per token). */
  async rotateToken(sessionId: string, fromTokenId: string, toTokenId: string): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ tokenId: toTokenId, prevTokenId: fromTokenId, lastRefreshAt: new Date() })
      .where(and(eq(sessions.id, sessionId), eq(sessions.tokenId, fromTokenId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  }

  /** Revokes a live session; false when it was already revoked (or does not exist). */
  async revokeSession(sessionId: string): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  }

  async revokeUserSessions(userId: number, tx: Db = this.db): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }
}
