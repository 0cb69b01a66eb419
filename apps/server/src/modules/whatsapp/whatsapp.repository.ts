import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages, messagingInstances } from '../../db/schema';

/** The stored messages of one instance as the demo's fake Evolution server needs them (oldest first). */
export interface StoredMessageRow {
  messageId: string;
  remoteJid: string;
  fromMe: boolean;
  fromNumber: string;
  timestamp: Date;
  content: string;
  senderName: string | null;
  messageType: string;
  isGroup: boolean;
  raw: unknown;
}

/** SQL of the WhatsApp demo start-up (the directory and the stored messages it mirrors into the fake). */
export class WhatsAppRepository {
  constructor(private readonly db: Db) {}

  listInstances() {
    return this.db.select().from(messagingInstances).orderBy(asc(messagingInstances.id));
  }

  messagesOf(instanceName: string): Promise<StoredMessageRow[]> {
    return this.db
      .select({
        messageId: messages.messageId,
        remoteJid: messages.remoteJid,
        fromMe: messages.fromMe,
        fromNumber: messages.fromNumber,
        timestamp: messages.timestamp,
        content: messages.content,
        senderName: messages.senderName,
        messageType: messages.messageType,
        isGroup: messages.isGroup,
        raw: messages.raw,
      })
      .from(messages)
      .where(eq(messages.instance, instanceName))
      .orderBy(asc(messages.timestamp));
  }

  async setConnection(id: number, baseUrl: string, apiKeyEnc: string | null): Promise<void> {
    await this.db
      .update(messagingInstances)
      .set({ baseUrl, apiKeyEnc, updatedAt: new Date() })
      .where(eq(messagingInstances.id, id));
  }
}
