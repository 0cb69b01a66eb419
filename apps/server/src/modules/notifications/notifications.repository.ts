import { MAX_NOTIFICATIONS, type Notification, type NotificationInput } from '@airlink/domain';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';

type Row = typeof notifications.$inferSelect;

export function toNotification(r: Row): Notification {
  return {
    id: r.id,
    user: r.title,
    message: r.message,
    timestamp: r.createdAt.toISOString(),
    read: r.read,
    readAt: r.readAt?.toISOString() ?? null,
    receivedAt: r.receivedAt?.toISOString() ?? null,
    url: r.url,
    customerId: r.customerId,
    customerName: r.customerName,
    color: r.color,
    icon: r.icon,
    bgColor: r.bgColor,
  };
}

export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  async activeUserIds(filter: { userIds?: number[]; minLevel?: number }): Promise<number[]> {
    if (filter.userIds && filter.userIds.length === 0) return [];
    const conds = [eq(users.activo, true)];
    if (filter.userIds) conds.push(inArray(users.id, filter.userIds));
    if (filter.minLevel !== undefined) conds.push(gte(users.idPerfilUsuario, filter.minLevel));
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(...conds));
    return rows.map((r) => r.id);
  }

  /**
   * Stores one copy per recipient (`userIds` are distinct, as `activeUserIds` gives them) and trims each
   * recipient's list to the newest MAX_NOTIFICATIONS, in one statement: one round trip and no transaction on
   * every payment. The DELETE of a statement does not see the rows the same statement inserts, so it keeps
   * the newest MAX_NOTIFICATIONS - 1 of the older ones. Rows another insert is trimming right now are skipped,
   * not waited for: concurrent payments all notify the same admins, and waiting made every payment queue behind
   * the one before (a list may hold a few more than the cap for a moment; the next insert trims them).
   */
  async insertForUsers(userIds: number[], input: NotificationInput, senderId: number | null): Promise<Row[]> {
    if (userIds.length === 0) return [];
    const inserted = this.db.$with('inserted').as(
      this.db
        .insert(notifications)
        .values(
          userIds.map((userId) => ({
            userId,
            title: input.user,
            message: input.message,
            url: input.url ?? null,
            customerId: input.customerId ?? null,
            customerName: input.customerName ?? null,
            color: input.color ?? null,
            icon: input.icon ?? null,
            bgColor: input.bgColor ?? null,
            senderId,
          })),
        )
        .returning(),
    );
    const pruned = this.db.$with('pruned').as(
      this.db
        .delete(notifications)
        .where(
          inArray(
            notifications.id,
            sql`(select old.id from ${notifications} old where old.id in (
              select id from (
                select id, row_number() over (partition by user_id order by created_at desc, id desc) as rn
                from ${notifications} where user_id in ${userIds}
              ) ranked where rn > ${MAX_NOTIFICATIONS - 1}
            ) for update skip locked)`,
          ),
        )
        .returning({ id: notifications.id }),
    );
    return this.db.with(inserted, pruned).select().from(inserted);
  }

  async listForUser(userId: number): Promise<Row[]> {
    return this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(MAX_NOTIFICATIONS);
  }

  async markRead(userId: number, id: string): Promise<Row | undefined> {
    const [row] = await this.db
      .update(notifications)
      .set({ read: true, readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
      .returning();
    return row;
  }

  async markAllRead(userId: number): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ read: true, readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    return rows.length;
  }

  async delete(userId: number, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  }

  async clear(userId: number): Promise<void> {
    await this.db.delete(notifications).where(eq(notifications.userId, userId));
  }
}
