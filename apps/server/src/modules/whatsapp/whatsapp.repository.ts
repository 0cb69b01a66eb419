import {
  ackFor,
  foldText,
  MESSAGE_STATUSES,
  messageTypeOf,
  NO_SENDER_NAME,
  type ConversationFilter,
  type MessageStatus,
  type WhatsAppMessage,
} from '@airlink/domain';
import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { contratos, messages, messagingGroups, messagingInstances, users } from '../../db/schema';

export type InstanceRow = typeof messagingInstances.$inferSelect;
export type MessageInsert = typeof messages.$inferInsert;
type Obj = Record<string, unknown>;

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

/** One row of the conversation list query: the aggregate of one instance + conversation. */
export interface ConversationRow {
  instance: string;
  instanceId: number;
  department: string;
  conversationId: string;
  messageCount: number;
  unread: number;
  isGroup: boolean;
  name: string | null;
  /** The customer whose phone is this person chat's number (lowest id when several). */
  customerName: string | null;
  /** The group's subject as Evolution gave it (null: not fetched yet). */
  groupSubject: string | null;
  participants: string[];
  lastId: number;
}

interface MessageRow {
  id: number;
  instance: string;
  conversationId: string;
  messageId: string;
  remoteJid: string;
  fromMe: boolean;
  fromNumber: string;
  senderName: string | null;
  timestamp: Date;
  messageType: string;
  content: string;
  readAt: Date | null;
  status: string | null;
  deletedAt: Date | null;
  sentByUserId: number | null;
  sentByName: string | null;
}

function toMessage(r: MessageRow): WhatsAppMessage {
  return {
    id: Number(r.id),
    instance: r.instance,
    conversationId: r.conversationId,
    keyId: r.messageId,
    remoteJid: r.remoteJid,
    fromMe: r.fromMe,
    fromNumber: r.fromNumber,
    senderName: r.senderName?.trim() || NO_SENDER_NAME,
    timestamp: new Date(r.timestamp).toISOString(),
    type: messageTypeOf(r.messageType),
    text: r.content,
    read: r.fromMe || r.readAt !== null,
    status: (MESSAGE_STATUSES as readonly string[]).includes(r.status ?? '') ? (r.status as MessageStatus) : null,
    deleted: r.deletedAt !== null,
    sentByUserId: r.sentByUserId,
    sentByName: r.sentByName?.trim() || null,
  };
}

const messageColumns = {
  id: messages.id,
  instance: messages.instance,
  conversationId: messages.conversationId,
  messageId: messages.messageId,
  remoteJid: messages.remoteJid,
  fromMe: messages.fromMe,
  fromNumber: messages.fromNumber,
  senderName: messages.senderName,
  timestamp: messages.timestamp,
  messageType: messages.messageType,
  content: messages.content,
  readAt: messages.readAt,
  status: messages.status,
  deletedAt: messages.deletedAt,
  sentByUserId: messages.sentByUserId,
  sentByName: sql<string | null>`nullif(trim(${users.nombre} || ' ' || ${users.apellidos}), '')`,
};

/** The digits of a customer's phone (alias `x` of contratos). */
const customerDigits = (alias: string) => sql.raw(`regexp_replace(${alias}.telefono, '[^0-9]', '', 'g')`);

const inConversation = (instance: string, conversationId: string) =>
  and(eq(messages.instance, instance), eq(messages.conversationId, conversationId));

/** The SQL of WhatsApp: the department directory and our message store (plain DTOs out). */
export class WhatsAppRepository {
  constructor(private readonly db: Db) {}

  // ---- directory ---------------------------------------------------------------------------------

  listInstances(): Promise<InstanceRow[]> {
    return this.db.select().from(messagingInstances).orderBy(asc(messagingInstances.id));
  }

  async instanceByName(name: string): Promise<InstanceRow | undefined> {
    const [row] = await this.db.select().from(messagingInstances).where(eq(messagingInstances.instanceName, name));
    return row;
  }

  async instanceById(id: number): Promise<InstanceRow | undefined> {
    const [row] = await this.db.select().from(messagingInstances).where(eq(messagingInstances.id, id));
    return row;
  }

  /** Every instance with a webhook token (the webhook compares tokens in constant time over all of them). */
  instancesWithToken(): Promise<InstanceRow[]> {
    return this.db.select().from(messagingInstances).where(isNotNull(messagingInstances.webhookToken));
  }

  async insertInstance(values: typeof messagingInstances.$inferInsert): Promise<number> {
    const [row] = await this.db.insert(messagingInstances).values(values).returning({ id: messagingInstances.id });
    return row!.id;
  }

  async updateInstance(id: number, values: Partial<typeof messagingInstances.$inferInsert>): Promise<void> {
    await this.db
      .update(messagingInstances)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(messagingInstances.id, id));
  }

  async deleteInstance(id: number): Promise<void> {
    await this.db.delete(messagingInstances).where(eq(messagingInstances.id, id));
  }

  /** Whether the inbox holds any message of the instance. */
  async hasMessages(instanceName: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.instance, instanceName))
      .limit(1);
    return row !== undefined;
  }

  async setState(id: number, state: string | null): Promise<void> {
    await this.db.update(messagingInstances).set({ state, stateAt: new Date() }).where(eq(messagingInstances.id, id));
  }

  /** The demo: the fake's URL and the sealed demo key (or none). */
  setConnection(id: number, baseUrl: string, apiKeyEnc: string | null): Promise<void> {
    return this.updateInstance(id, { baseUrl, apiKeyEnc });
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

  // ---- messages ----------------------------------------------------------------------------------

  /** Inserts the messages not stored yet (unique on instance + key id); returns how many were new. */
  async insertMessages(values: MessageInsert[]): Promise<number> {
    if (!values.length) return 0;
    const inserted = await this.db
      .insert(messages)
      .values(values)
      .onConflictDoNothing({ target: [messages.instance, messages.messageId] })
      .returning({ id: messages.id });
    return inserted.length;
  }

  /**
   * Inserts one message unless (instance, key id) is stored already, and returns it as stored: one statement (the
   * INSERT's RETURNING joined with the sender's name), no read back. Undefined when it was stored before.
   */
  async insertMessage(values: MessageInsert): Promise<WhatsAppMessage | undefined> {
    const inserted = this.db.$with('inserted').as(
      this.db
        .insert(messages)
        .values(values)
        .onConflictDoNothing({ target: [messages.instance, messages.messageId] })
        .returning(),
    );
    const [row] = await this.db
      .with(inserted)
      .select({
        id: inserted.id,
        instance: inserted.instance,
        conversationId: inserted.conversationId,
        messageId: inserted.messageId,
        remoteJid: inserted.remoteJid,
        fromMe: inserted.fromMe,
        fromNumber: inserted.fromNumber,
        senderName: inserted.senderName,
        timestamp: inserted.timestamp,
        messageType: inserted.messageType,
        content: inserted.content,
        readAt: inserted.readAt,
        status: inserted.status,
        deletedAt: inserted.deletedAt,
        sentByUserId: inserted.sentByUserId,
        sentByName: sql<string | null>`nullif(trim(${users.nombre} || ' ' || ${users.apellidos}), '')`,
      })
      .from(inserted)
      .leftJoin(users, eq(users.id, inserted.sentByUserId));
    return row ? toMessage(row as MessageRow) : undefined;
  }

  async messageById(id: number): Promise<WhatsAppMessage | undefined> {
    const [row] = await this.db
      .select(messageColumns)
      .from(messages)
      .leftJoin(users, eq(users.id, messages.sentByUserId))
      .where(eq(messages.id, id));
    return row ? toMessage(row as MessageRow) : undefined;
  }

  /**
   * Applies an ack to a stored message when it moves its status forward (MESSAGE_STATUSES' order, in one
   * statement so concurrent acks cannot race), or marks it deleted ('deleted', once). Returns the message and
   * its conversation when it changed; undefined when unknown or already there.
   */
  async applyStatus(
    instance: string,
    keyId: string,
    ack: MessageStatus | 'deleted',
  ): Promise<{ conversationId: string; message: WhatsAppMessage } | undefined> {
    const byKey = and(eq(messages.instance, instance), eq(messages.messageId, keyId));
    let status = ack;
    if (ack === 'played') {
      // PLAYED on a message that cannot be played (not a voice note or audio) means read (`ackFor`).
      const [found] = await this.db.select({ type: messages.messageType }).from(messages).where(byKey);
      if (!found) return undefined;
      status = ackFor(ack, messageTypeOf(found.type));
    }
    const order = sql`ARRAY[${sql.join(
      MESSAGE_STATUSES.map((x) => sql`${x}`),
      sql`, `,
    )}]::text[]`;
    const [row] =
      status === 'deleted'
        ? await this.db
            .update(messages)
            .set({ deletedAt: new Date() })
            .where(and(byKey, isNull(messages.deletedAt)))
            .returning({ id: messages.id, conversationId: messages.conversationId })
        : await this.db
            .update(messages)
            .set({ status })
            .where(
              and(
                byKey,
                sql`coalesce(array_position(${order}, ${messages.status}), 0) < array_position(${order}, ${status}::text)`,
              ),
            )
            .returning({ id: messages.id, conversationId: messages.conversationId });
    if (!row) return undefined;
    const message = await this.messageById(Number(row.id));
    return message && { conversationId: row.conversationId, message };
  }

  // ---- groups ------------------------------------------------------------------------------------

  /** Whether a group's subject is stored (fetched once, kept). */
  async hasGroup(instanceId: number, jid: string): Promise<boolean> {
    const [row] = await this.db
      .select({ jid: messagingGroups.jid })
      .from(messagingGroups)
      .where(and(eq(messagingGroups.instanceId, instanceId), eq(messagingGroups.jid, jid)));
    return row !== undefined;
  }

  /** Stores (or refreshes) group subjects of an instance. */
  async saveGroups(instanceId: number, groups: Array<{ jid: string; subject: string }>): Promise<void> {
    if (!groups.length) return;
    await this.db
      .insert(messagingGroups)
      .values(groups.map((g) => ({ instanceId, jid: g.jid, subject: g.subject })))
      .onConflictDoUpdate({
        target: [messagingGroups.instanceId, messagingGroups.jid],
        set: { subject: sql`excluded.subject`, fetchedAt: new Date() },
      });
  }

  /** Records who sent an already stored message (its send.message webhook arrived before our answer). */
  async messageByKey(instance: string, keyId: string): Promise<WhatsAppMessage | undefined> {
    const [row] = await this.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.instance, instance), eq(messages.messageId, keyId)));
    return row ? this.messageById(Number(row.id)) : undefined;
  }

  async setSender(instance: string, keyId: string, userId: number): Promise<WhatsAppMessage | undefined> {
    const [row] = await this.db
      .update(messages)
      .set({ sentByUserId: userId })
      .where(and(eq(messages.instance, instance), eq(messages.messageId, keyId)))
      .returning({ id: messages.id });
    return row ? this.messageById(Number(row.id)) : undefined;
  }

  /** The JIDs a conversation's messages were stored under (empty: no such conversation). */
  async conversationJids(instance: string, conversationId: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ jid: messages.remoteJid })
      .from(messages)
      .where(inConversation(instance, conversationId));
    return rows.map((r) => r.jid);
  }

  /** Where a reply goes: the JID of the newest incoming message, else of any message; undefined when none. */
  async replyJid(instance: string, conversationId: string): Promise<string | undefined> {
    const [latest] = await this.db
      .select({ remoteJid: messages.remoteJid })
      .from(messages)
      .where(and(inConversation(instance, conversationId), eq(messages.fromMe, false)))
      .orderBy(desc(messages.timestamp))
      .limit(1);
    return latest?.remoteJid ?? (await this.conversationJids(instance, conversationId))[0];
  }

  /** A page of a conversation, newest first in the query, returned oldest first; null when it does not exist. */
  async messagePage(
    instance: string,
    conversationId: string,
    page: { page: number; pageSize: number },
  ): Promise<{ total: number; items: WhatsAppMessage[] } | null> {
    const where = inConversation(instance, conversationId);
    const [counted] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(where);
    if (!counted?.n) return null;
    const rows = await this.db
      .select(messageColumns)
      .from(messages)
      .leftJoin(users, eq(users.id, messages.sentByUserId))
      .where(where)
      .orderBy(desc(messages.timestamp), desc(messages.id))
      .limit(page.pageSize)
      .offset(page.page * page.pageSize);
    return { total: Number(counted.n), items: rows.reverse().map((r) => toMessage(r as MessageRow)) };
  }

  /** Marks the received messages read; null when the conversation does not exist. */
  async markRead(instance: string, conversationId: string): Promise<number | null> {
    const where = inConversation(instance, conversationId);
    const [exists] = await this.db.select({ id: messages.id }).from(messages).where(where).limit(1);
    if (!exists) return null;
    const updated = await this.db
      .update(messages)
      .set({ readAt: new Date() })
      .where(and(where, eq(messages.fromMe, false), isNull(messages.readAt)))
      .returning({ id: messages.id });
    return updated.length;
  }

  // ---- conversations -----------------------------------------------------------------------------

  /**
   * One page of conversations (instance + conversation id), newest first, with the total: search over message
   * text, sender name and number (folded: no accents nor case), filter individual or groups.
   */
  async conversationPage(q: {
    search?: string;
    filter: ConversationFilter;
    page: number;
    pageSize: number;
  }): Promise<{ total: number; rows: ConversationRow[]; lasts: Map<number, WhatsAppMessage> }> {
    const filter: SQL =
      q.filter === 'groups' ? sql`AND m.is_group` : q.filter === 'individual' ? sql`AND NOT m.is_group` : sql``;
    const folded = q.search ? foldText(q.search) : '';
    // A person chat also matches by its linked customer's name (the title the list shows).
    const having = folded
      ? sql`HAVING bool_or(airlink_fold(m.content) LIKE ${containsPattern(folded)}
          OR airlink_fold(coalesce(m.sender_name, '')) LIKE ${containsPattern(folded)}
          OR m.remote_jid LIKE ${containsPattern(folded)})
          OR m.conversation_id IN (
            SELECT '52' || right(d.digits, 10) || '@s.whatsapp.net'
            FROM (SELECT ${customerDigits('x')} AS digits FROM ${contratos} x
              WHERE x.nombre_folded LIKE ${containsPattern(folded)}) d
            WHERE d.digits ~ '^(52|521)?[0-9]{10}$')`
      : sql``;
    const result = await this.db.execute(sql`
      WITH conv AS (
        SELECT m.instance, m.conversation_id,
          count(*)::int AS message_count,
          (count(*) FILTER (WHERE NOT m.from_me AND m.read_at IS NULL))::int AS unread,
          max(m.timestamp) AS last_at,
          bool_or(m.is_group) AS is_group,
          (array_agg(m.sender_name ORDER BY m.timestamp DESC)
            FILTER (WHERE NOT m.from_me AND coalesce(m.sender_name, '') <> ''))[1] AS name,
          coalesce(array_agg(DISTINCT m.from_number) FILTER (WHERE NOT m.from_me AND m.from_number <> ''), '{}') AS participants
        FROM ${messages} m
        WHERE true ${filter}
        GROUP BY m.instance, m.conversation_id
        ${having}
      ),
      page AS (
        SELECT c.*, i.id AS instance_id, i.department, count(*) OVER ()::int AS total
        FROM conv c
        JOIN ${messagingInstances} i ON i.instance_name = c.instance
        ORDER BY c.last_at DESC, c.instance, c.conversation_id
        LIMIT ${q.pageSize} OFFSET ${q.page * q.pageSize}
      )
      -- Only the page's rows get their last message, group subject and customer.
      SELECT p.*, l.id AS last_id, g.subject AS group_subject, k.nombre AS customer_name
      FROM page p
      LEFT JOIN ${messagingGroups} g ON p.is_group AND g.instance_id = p.instance_id AND g.jid = p.conversation_id
      -- A person chat (52 + 10 digits) links to the customer whose phone has those 10 digits (10, 52… or 521…).
      LEFT JOIN LATERAL (
        SELECT x.nombre FROM ${contratos} x
        WHERE NOT p.is_group AND p.conversation_id ~ '^52[0-9]{10}@'
          AND ${customerDigits('x')} ~ '^(52|521)?[0-9]{10}$'
          AND right(${customerDigits('x')}, 10) = substr(p.conversation_id, 3, 10)
        ORDER BY x.id LIMIT 1) k ON true
      CROSS JOIN LATERAL (
        SELECT x.id FROM ${messages} x
        WHERE x.instance = p.instance AND x.conversation_id = p.conversation_id
        ORDER BY x.timestamp DESC, x.id DESC LIMIT 1) l
      ORDER BY p.last_at DESC, p.instance, p.conversation_id`);
    const raw = (result as unknown as { rows: Obj[] }).rows;
    const rows: ConversationRow[] = raw.map((r) => ({
      instance: String(r.instance),
      instanceId: Number(r.instance_id),
      department: String(r.department),
      conversationId: String(r.conversation_id),
      messageCount: Number(r.message_count),
      unread: Number(r.unread),
      isGroup: r.is_group === true,
      name: typeof r.name === 'string' && r.name ? r.name : null,
      customerName: typeof r.customer_name === 'string' && r.customer_name.trim() ? r.customer_name.trim() : null,
      groupSubject: typeof r.group_subject === 'string' ? r.group_subject : null,
      participants: (r.participants as string[] | null) ?? [],
      lastId: Number(r.last_id),
    }));
    const lastIds = rows.map((r) => r.lastId);
    const lasts = lastIds.length
      ? await this.db
          .select(messageColumns)
          .from(messages)
          .leftJoin(users, eq(users.id, messages.sentByUserId))
          .where(sql`${messages.id} IN (${sql.join(lastIds, sql`, `)})`)
      : [];
    let total = raw.length ? Number(raw[0]!.total) : 0;
    // Past the last page the window count has no row to ride on: count with a one-row first page.
    if (!raw.length && q.page > 0) total = (await this.conversationPage({ ...q, page: 0, pageSize: 1 })).total;
    return { total, rows, lasts: new Map(lasts.map((m) => [Number(m.id), toMessage(m as MessageRow)])) };
  }
}
