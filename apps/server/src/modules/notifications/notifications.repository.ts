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

  /** Stores one copy per recipient and trims each recipient's list to the newest MAX_NOTIFICATIONS. */
  async insertForUsers(userIds: number[], input: NotificationInput, senderId: number | null): Promise<Row[]> {
    if (userIds.length === 0) return [];
    return this.db.transaction(async (tx) => {
      const rows = await tx
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
        .returning();
      await tx.execute(sql`
        delete from ${notifications} n
        using (
          select id from (
            select id, row_number() over (partition by user_id order by created_at desc, id desc) as rn
            from ${notifications} where user_id in ${userIds}
          ) ranked where rn > ${MAX_NOTIFICATIONS}
        ) old
        where n.id = old.id`);
      return rows;
    });
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
