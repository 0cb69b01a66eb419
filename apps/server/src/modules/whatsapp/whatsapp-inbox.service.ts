import { timingSafeEqual } from 'node:crypto';
import {
  normalizePhone,
  WHATSAPP_MESSAGE_EVENT,
  type Paged,
  type WhatsAppMessage,
  type WhatsAppMessageEvent,
} from '@airlink/domain';
import type { EvolutionClient, SendMediaInput } from '../../integrations/evolution/client';
import { EvolutionError } from '../../integrations/evolution/errors';
import {
  conversationIdOf,
  historyJidsOf,
  parseEvolutionMessage,
  type ParsedMessage,
} from '../../integrations/evolution/message';
import {
  EvolutionPayloadError,
  readWebhookEvent,
  type EvolutionStatusUpdate,
} from '../../integrations/evolution/webhook';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { Hub } from '../../plugins/realtime/hub';
import { conversationKey, parseConversationKey } from './conversation-key';
import { type EvolutionAccess, webhookTokenHash } from './evolution-access';
import type { InstanceRow, MessageInsert } from './whatsapp.repository';

/** History import: 100 messages a page, at most 50 pages (5,000 messages) per JID of the conversation. */
const HISTORY_PAGE_SIZE = 100;
const HISTORY_MAX_PAGES = 50;

/** The row of a parsed message in our store. */
function rowOf(row: InstanceRow, m: ParsedMessage, sentBy: number | null, readAt: Date | null): MessageInsert {
  return {
    instance: row.instanceName,
    instanceId: row.id,
    messageId: m.keyId,
    remoteJid: m.remoteJid,
    conversationId: m.conversationId,
    fromMe: m.fromMe,
    fromNumber: m.fromMe ? row.phone : m.fromNumber,
    toNumber: m.fromMe ? m.remoteJid.split('@')[0]! : row.phone,
    timestamp: m.timestamp,
    content: m.text,
    senderName: m.senderName,
    isGroup: m.isGroup,
    messageType: m.type,
    sentByUserId: sentBy,
    readAt,
    status: m.status,
  };
}

/**
 * WhatsApp's inbox (docs/whatsapp.md "Incoming and outgoing messages"): Evolution's webhook (messages, acks and
 * deletions, connection states), our message store with its push, a conversation's messages, read marks,
 * replies, the sends other areas make (reminders, the daily report, receipts) and the history import.
 */
export class WhatsAppInboxService {
  constructor(
    private readonly evolution: EvolutionAccess,
    private readonly hub: Hub,
  ) {}

  private get repo() {
    return this.evolution.repo;
  }

  // ---- webhook -----------------------------------------------------------------------------------

  /** The instance whose webhook token this is (constant-time over every instance), or null. */
  private async instanceByToken(token: string): Promise<InstanceRow | null> {
    const rows = await this.repo.instancesWithToken();
    const given = webhookTokenHash(token);
    let found: InstanceRow | null = null;
    for (const row of rows) {
      const stored = Buffer.from(row.webhookToken ?? '', 'hex');
      if (stored.length === given.length && timingSafeEqual(stored, given) && !found) found = row;
    }
    return found;
  }

  /** Whether a webhook token is an instance's: the route asks before it reads the body. */
  async knowsWebhookToken(token: string): Promise<boolean> {
    return (await this.instanceByToken(token)) !== null;
  }

  /**
   * One Evolution webhook POST. Unknown token: null (401). A body that is not what its event claims is a 400 and
   * stores nothing; an event we do not handle is ignored (2xx). Stores each message once, whatever the retries;
   * a bad item of a batch is dropped, never the others; a message that fails to store does not stop the others
   * and, after them, fails the POST (500) so Evolution delivers it again (the stored ones are not stored twice).
   */
  async receiveWebhook(token: string, envelope: { event: string; data: unknown }): Promise<{ stored: number } | null> {
    const row = await this.instanceByToken(token);
    if (!row) return null;
    let event;
    try {
      event = readWebhookEvent(envelope);
    } catch (err) {
      if (err instanceof EvolutionPayloadError) throw badRequest(`Evento de Evolution inválido: ${err.message}`);
      throw err;
    }
    switch (event.kind) {
      case 'messages': {
        let stored = 0;
        let failed: unknown = null;
        if (event.refused)
          this.evolution.log.warn({ refused: event.refused }, 'Evolution webhook: malformed messages dropped');
        for (const item of event.messages) {
          const parsed = parseEvolutionMessage(item);
          if (!parsed) continue;
          try {
            if (await this.store(row, parsed, null)) stored += 1;
          } catch (err) {
            this.evolution.log.error({ err, keyId: parsed.keyId }, 'Evolution webhook: a message could not be stored');
            failed = err;
          }
        }
        if (failed) throw failed;
        return { stored };
      }
      case 'status':
        for (const update of event.updates) await this.applyStatus(row, update);
        return { stored: 0 };
      case 'connection':
        await this.repo.setState(row.id, event.state);
        return { stored: 0 };
      default:
        return { stored: 0 };
    }
  }

  private push(row: InstanceRow, conversationId: string, message: WhatsAppMessage) {
    const payload: WhatsAppMessageEvent = { conversationId: conversationKey(row.id, conversationId), message };
    this.hub.toAdmins(WHATSAPP_MESSAGE_EVENT, payload);
  }

  /** An ack (sent, delivered, read, played) or a deletion: applied when it moves forward, then pushed. */
  private async applyStatus(row: InstanceRow, update: EvolutionStatusUpdate): Promise<void> {
    const changed = await this.repo.applyStatus(row.instanceName, update.keyId, update.status);
    if (changed) this.push(row, changed.conversationId, changed.message);
  }

  /**
   * Inserts a message unless (instance, key id) is stored already; the insert returns the stored message (no read
   * back), which is pushed to level 20 and returned. Null when it was stored before.
   */
  private async store(row: InstanceRow, m: ParsedMessage, sentBy: number | null): Promise<WhatsAppMessage | null> {
    const message = await this.repo.insertMessage(rowOf(row, m, sentBy, m.fromMe ? m.timestamp : null));
    if (!message) return null;
    if (m.isGroup) await this.learnGroup(row, m.conversationId);
    this.push(row, m.conversationId, message);
    return message;
  }

  /**
   * The subject of a group chat, asked of Evolution once (every group of the instance in one call) and kept, so
   * the inbox titles it by name. A failure is logged and asked again with the group's next message.
   */
  private async learnGroup(row: InstanceRow, jid: string): Promise<void> {
    if (await this.repo.hasGroup(row.id, jid)) return;
    try {
      const groups = await this.evolution.client(row).fetchAllGroups(row.instanceName, { participants: false });
      const found = groups.map((g) => ({ jid: g.id, subject: g.subject ?? '' }));
      // A group Evolution does not list (left, or not synced yet) is kept without a subject: asked once.
      if (!found.some((g) => g.jid === jid)) found.push({ jid, subject: '' });
      await this.repo.saveGroups(row.id, found);
    } catch (err) {
      this.evolution.log.warn(
        { err, instance: row.instanceName, jid },
        'Could not fetch the group subject from Evolution',
      );
    }
  }

  // ---- history import ----------------------------------------------------------------------------

  /**
   * 'Historial': imports the conversation's messages Evolution stored (findMessages, every page, newest first)
   * into our store; each is stored once (a second import adds nothing). A person's chat is asked under both
   * the `521…` and `52…` JIDs (`historyJidsOf`). Imported incoming messages count as read:
   * they are history the user is looking at. Nothing is pushed: the panel reloads the conversation.
   */
  async importHistory(id: string): Promise<{ imported: number; found: number }> {
    const { row, conversationId } = await this.conversationOf(id);
    const stored = await this.repo.conversationJids(row.instanceName, conversationId);
    if (!stored.length) throw notFound('Conversación no encontrada');
    const evo = this.evolution.client(row);
    let found = 0;
    let imported = 0;
    const now = new Date();
    try {
      for (const remoteJid of historyJidsOf(conversationId, stored)) {
        for await (const page of evo.allMessages(
          row.instanceName,
          { remoteJid, pageSize: HISTORY_PAGE_SIZE },
          HISTORY_MAX_PAGES,
        )) {
          const parsed = page.map(parseEvolutionMessage).filter((m): m is ParsedMessage => m !== null);
          found += parsed.length;
          if (!parsed.length) continue;
          const values = parsed.map((m) => rowOf(row, { ...m, conversationId }, null, m.fromMe ? m.timestamp : now));
          imported += await this.repo.insertMessages(values);
        }
      }
    } catch (err) {
      if (err instanceof EvolutionError && err.code === 'evolution_instance_not_found')
        throw new AppError(
          502,
          'whatsapp_provider',
          `Error al obtener historial de Evolution API: ${err.status ?? 404} - Instancia no encontrada`,
        );
      throw this.evolution.fail(err);
    }
    return { imported, found };
  }

  // ---- messages ----------------------------------------------------------------------------------

  private async conversationOf(id: string) {
    const { instanceId, conversationId } = parseConversationKey(id);
    const row = await this.evolution.byId(instanceId);
    return { row, conversationId };
  }

  /** The messages of a conversation, oldest first within the page (page 0 = the newest). */
  async messages(id: string, page: { page: number; pageSize: number }): Promise<Paged<WhatsAppMessage>> {
    const { row, conversationId } = await this.conversationOf(id);
    const found = await this.repo.messagePage(row.instanceName, conversationId, page);
    if (!found) throw notFound('Conversación no encontrada');
    return found;
  }

  async markRead(id: string): Promise<{ marked: number }> {
    const { row, conversationId } = await this.conversationOf(id);
    const marked = await this.repo.markRead(row.instanceName, conversationId);
    if (marked === null) throw notFound('Conversación no encontrada');
    return { marked };
  }

  /** Sends a text as the conversation's department instance; stored with who sent it. Nothing is stored on failure. */
  async reply(userId: number, id: string, text: string): Promise<{ message: WhatsAppMessage }> {
    const { row, conversationId } = await this.conversationOf(id);
    const jid = await this.repo.replyJid(row.instanceName, conversationId);
    if (!jid) throw notFound('Conversación no encontrada');
    return this.sendTextAs(row, userId, jid, text, conversationId);
  }

  /**
   * Sends `text` to a number (or JID) as the instance and stores it in that conversation of the inbox.
   * `userId` null: sent by the system (payment reminders, the daily report).
   */
  async send(
    userId: number | null,
    instanceName: string,
    to: string,
    text: string,
  ): Promise<{ message: WhatsAppMessage }> {
    const row = await this.evolution.byName(instanceName);
    const number = to.includes('@') ? to : normalizePhone(to);
    return this.sendTextAs(row, userId, number, text, null);
  }

  /**
   * Sends a file (a receipt's PDF) to a number as the instance and stores it in that conversation, with
   * `text` (the caption or file name) as its content. `userId` null: sent by the system.
   */
  async sendMedia(
    userId: number | null,
    instanceName: string,
    to: string,
    media: Omit<SendMediaInput, 'number'>,
  ): Promise<{ message: WhatsAppMessage }> {
    const row = await this.evolution.byName(instanceName);
    const number = to.includes('@') ? to : normalizePhone(to);
    const text = media.caption ?? media.fileName ?? '';
    return this.sendAs(row, userId, text, null, (evo) => evo.sendMedia(row.instanceName, { number, ...media }));
  }

  private sendTextAs(
    row: InstanceRow,
    userId: number | null,
    number: string,
    text: string,
    conversationId: string | null,
  ) {
    return this.sendAs(row, userId, text, conversationId, (evo) => evo.sendText(row.instanceName, { number, text }));
  }

  private async sendAs(
    row: InstanceRow,
    userId: number | null,
    text: string,
    conversationId: string | null,
    deliver: (evo: EvolutionClient) => Promise<unknown>,
  ): Promise<{ message: WhatsAppMessage }> {
    let sent: unknown;
    try {
      sent = await deliver(this.evolution.client(row));
    } catch (err) {
      throw this.evolution.fail(err);
    }
    const parsed = parseEvolutionMessage(sent);
    if (!parsed) throw new AppError(502, 'whatsapp_provider', 'Evolution API respondió sin el mensaje enviado');
    // Keep the reply in the conversation it answers even when Evolution writes the number in another form.
    const m = { ...parsed, text, conversationId: conversationId ?? conversationIdOf(parsed.remoteJid) };
    const stored = await this.store(row, m, userId);
    if (stored) return { message: stored };
    // Already stored (its send.message webhook arrived first): record who sent it.
    const message =
      userId === null
        ? await this.repo.messageByKey(row.instanceName, parsed.keyId)
        : await this.repo.setSender(row.instanceName, parsed.keyId, userId);
    if (!message) throw new AppError(502, 'whatsapp_provider', 'Evolution API respondió sin el mensaje enviado');
    return { message };
  }
}
