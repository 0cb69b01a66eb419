import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export class AuthRepository {
  constructor(private readonly db: Db) {}

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
      .limit(1);
    return row;
  }

  async listActiveUsers(): Promise<UserRow[]> {
    return this.db.select().from(users).where(eq(users.activo, true)).orderBy(asc(users.idPerfilUsuario), asc(users.id));
  }

  async updatePicture(userId: number, picture: string): Promise<void> {
    await this.db.update(users).set({ picture }).where(eq(users.id, userId));
  }

  async createSession(values: { userId: number; method: string; ipAddress?: string; userAgent?: string }): Promise<SessionRow> {
    const [row] = await this.db
      .insert(sessions)
      .values({ userId: values.userId, method: values.method, ipAddress: values.ipAddress ?? null, userAgent: values.userAgent ?? null })
      .returning();
    return row!;
  }

  async findSessionWithUser(sessionId: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return undefined;
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sessionId))
      .limit(1);
    return row;
  }

  /** Moves the session to a new token id, only if `fromTokenId` is still the newest (first refresh wins). */
  async rotateToken(sessionId: string, fromTokenId: string, toTokenId: string): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ tokenId: toTokenId, prevTokenId: fromTokenId, lastRefreshAt: new Date() })
      .where(and(eq(sessions.id, sessionId), eq(sessions.tokenId, fromTokenId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async revokeUserSessions(userId: number, tx: Db = this.db): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }
}
