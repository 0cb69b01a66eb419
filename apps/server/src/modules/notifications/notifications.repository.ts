import { MAX_NOTIFICATIONS, type Notification, type NotificationInput } from '@airlink/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
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

  /**
   * Stores one copy for each active recipient (given users and/or users from a level up; neither: every active
   * user) and trims each recipient's list to the newest MAX_NOTIFICATIONS, in one statement built once: one
   * round trip and no transaction on every payment. The DELETE of a statement does not see the rows the same
   * statement inserts, so it keeps the newest MAX_NOTIFICATIONS - 1 of the older ones. Rows another insert is
   * trimming right now are skipped, not waited for: concurrent payments all notify the same admins, and waiting
   * made every payment queue behind the one before (a list may hold a few more than the cap for a moment; the next
   * insert trims them).
   */
  async insertForRecipients(
    filter: { userIds?: number[]; minLevel?: number },
    input: NotificationInput,
    senderId: number | null,
  ): Promise<Row[]> {
    if (filter.userIds && filter.userIds.length === 0) return [];
    return (this.insertStatement ??= this.buildInsert()).execute({
      // A list of integers as text: one statement for every filter, on both drivers.
      ids: filter.userIds ? filter.userIds.map((id) => Math.trunc(id)).join(',') : null,
      minLevel: filter.minLevel ?? null,
      title: input.user,
      message: input.message,
      url: input.url ?? null,
      customerId: input.customerId ?? null,
      customerName: input.customerName ?? null,
      color: input.color ?? null,
      icon: input.icon ?? null,
      bgColor: input.bgColor ?? null,
      senderId,
    });
  }

  private insertStatement?: ReturnType<NotificationsRepository['buildInsert']>;

  private buildInsert() {
    const ph = sql.placeholder;
    const recipients = this.db.$with('recipients').as(
      this.db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.activo, true),
            sql`(${ph('ids')}::text IS NULL OR ${users.id} = ANY (string_to_array(${ph('ids')}::text, ',')::int[]))`,
            sql`(${ph('minLevel')}::int IS NULL OR ${users.idPerfilUsuario} >= ${ph('minLevel')}::int)`,
          ),
        ),
    );
    // Every column in the table's order (drizzle's INSERT … SELECT asks for them all).
    const inserted = this.db.$with('inserted').as(
      this.db
        .insert(notifications)
        .select((qb) =>
          qb
            .select({
              id: sql`gen_random_uuid()`.as('id'),
              userId: sql`${recipients.id}`.as('user_id'),
              title: sql`${ph('title')}::text`.as('title'),
              message: sql`${ph('message')}::text`.as('message'),
              createdAt: sql`now()`.as('created_at'),
              read: sql`false`.as('read'),
              readAt: sql`NULL::timestamptz`.as('read_at'),
              receivedAt: sql`NULL::timestamptz`.as('received_at'),
              url: sql`${ph('url')}::text`.as('url'),
              customerId: sql`${ph('customerId')}::int`.as('customer_id'),
              customerName: sql`${ph('customerName')}::text`.as('customer_name'),
              color: sql`${ph('color')}::text`.as('color'),
              icon: sql`${ph('icon')}::text`.as('icon'),
              bgColor: sql`${ph('bgColor')}::text`.as('bg_color'),
              senderId: sql`${ph('senderId')}::int`.as('sender_id'),
            })
            .from(recipients),
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
                from ${notifications} where user_id in (select id from ${recipients})
              ) ranked where rn > ${MAX_NOTIFICATIONS - 1}
            ) for update skip locked)`,
          ),
        )
        .returning({ id: notifications.id }),
    );
    return this.db.with(recipients, inserted, pruned).select().from(inserted).prepare('notify_insert');
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
