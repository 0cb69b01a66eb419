import type { Notification, NotificationInput } from '@airlink/domain';
import { notFound } from '../../lib/errors';
import type { Hub } from '../../plugins/realtime/hub';
import type { NotificationsRepository } from './notifications.repository';
import { toNotification } from './notifications.repository';

/** Recipients of a notification: given users, users from a level up, or (neither) every active user. */
export interface Recipients {
  userIds?: number[];
  minLevel?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class NotificationsService {
  constructor(
    private readonly repo: NotificationsRepository,
    private readonly hub: Hub,
  ) {}

  /** Stores a notification for each active recipient and pushes it to their open connections (ReceiveMessage). */
  async notify(recipients: Recipients, input: NotificationInput, senderId: number | null = null): Promise<number> {
    const rows = await this.repo.insertForRecipients(recipients, input, senderId);
    for (const row of rows) this.hub.emitToUser(row.userId, 'ReceiveMessage', toNotification(row));
    return rows.length;
  }

  async list(userId: number): Promise<Notification[]> {
    return (await this.repo.listForUser(userId)).map(toNotification);
  }

  async markRead(userId: number, id: string): Promise<Notification> {
    const row = UUID.test(id) ? await this.repo.markRead(userId, id) : undefined;
    if (!row) throw notFound('La notificación no existe.');
    return toNotification(row);
  }

  markAllRead(userId: number): Promise<number> {
    return this.repo.markAllRead(userId);
  }

  async delete(userId: number, id: string): Promise<void> {
    if (!UUID.test(id) || !(await this.repo.delete(userId, id))) throw notFound('La notificación no existe.');
  }

  clear(userId: number): Promise<void> {
    return this.repo.clear(userId);
  }
}
