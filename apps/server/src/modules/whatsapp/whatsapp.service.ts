import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  describeChanges,
  type ChangeFields,
  DELETED_MESSAGE_TEXT,
  isGroupJid,
  jidUser,
  messageDisplayText,
  messagePreview,
  nationalNumber,
  normalizePhone,
  PERSON_JID_SUFFIX,
  phoneKey,
  toGroupJid,
  validPhone,
  type WhatsAppConnect,
  type WhatsAppGroup,
  WHATSAPP_MESSAGE_EVENT,
  type ConversationListQuery,
  type Paged,
  type WhatsAppConversation,
  type WhatsAppInstance,
  type WhatsAppInstanceInput,
  type WhatsAppMessage,
  type WhatsAppMessageEvent,
} from '@airlink/domain';
import type { FastifyBaseLogger } from 'fastify';
import { EvolutionClient, type SendMediaInput } from '../../integrations/evolution/client';
import { EvolutionError } from '../../integrations/evolution/errors';
import { conversationIdOf, parseEvolutionMessage, type ParsedMessage } from '../../integrations/evolution/message';
import type { EvolutionConnectResult, EvolutionState } from '../../integrations/evolution/types';
import {
  EvolutionPayloadError,
  readWebhookEvent,
  type EvolutionStatusUpdate,
} from '../../integrations/evolution/webhook';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import type { Hub } from '../../plugins/realtime/hub';
import type { AuditService } from '../audit/audit.service';
import type { InstanceRow, MessageInsert, WhatsAppRepository } from './whatsapp.repository';

export interface WhatsAppOptions {
  /** EVOLUTION_API_URL: overrides every instance's base URL. */
  evolutionUrl?: string;
  /** EVOLUTION_API_KEY: the global key, used for an instance without its own key. */
  evolutionKey?: string;
  /** Where Evolution reaches us: `${publicUrl}/api/whatsapp/webhook/{token}`. */
  publicUrl: string;
  timeoutMs?: number;
}

export const WEBHOOK_EVENTS = ['MESSAGES_UPSERT', 'MESSAGES_UPDATE', 'MESSAGES_DELETE', 'CONNECTION_UPDATE'];

const sha = (s: string) => createHash('sha256').update(s).digest();

/**
 * An Evolution failure as an API error: its Spanish text, 409 when the instance is not usable, else 502/400.
 * The text is always ours (a fixed sentence and the status): what Evolution said goes to the server log only.
 */
function providerError(err: unknown, log: FastifyBaseLogger): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof EvolutionError) {
    const detail = (err as { detail?: unknown }).detail;
    if (detail) log.warn({ code: err.code, status: err.status, detail }, 'Evolution API answered an error');
    if (err.code === 'evolution_not_connected' || err.code === 'evolution_no_session')
      return new AppError(409, 'whatsapp_not_connected', err.message);
    if (err.code === 'evolution_number_not_on_whatsapp' || err.code === 'evolution_bad_request')
      return new AppError(400, 'whatsapp_provider', err.message);
    return new AppError(502, 'whatsapp_provider', err.message);
  }
  return new AppError(502, 'whatsapp_provider', 'No se pudo comunicar con Evolution API');
}

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

/** What a directory row is in the Registro (never the key: `apiKey` appears only as 'contraseña cambiada'). */
const auditFields = (row: InstanceRow) => ({
  department: row.department,
  phone: row.phone,
  instanceName: row.instanceName,
  baseUrl: row.baseUrl,
});

/**
 * The Registro's words for a directory row (describeChanges, as for routers and radios): the form's labels; the key
 * is compared in clear (its sealed value differs on every save) and written only as 'contraseña cambiada'.
 */
type InstanceAudit = ReturnType<typeof auditFields> & { apiKey: string | null };
const INSTANCE_FIELDS: ChangeFields<InstanceAudit> = {
  department: 'Departamento',
  phone: 'Teléfono',
  instanceName: 'Instancia',
  baseUrl: 'Dirección de Evolution API',
  apiKey: { label: 'API Key', secret: true },
};

const API_KEY_AGAIN =
  'Escribe la API Key de nuevo: al cambiar la dirección de Evolution API la guardada no se envía a otro servidor';

const conversationKey = (instanceId: number, conversationId: string) => `${instanceId}~${conversationId}`;

function parseConversationKey(id: string): { instanceId: number; conversationId: string } {
  const m = /^(\d{1,9})~([^~]{1,200})$/.exec(id);
  if (!m) throw notFound('Conversación no encontrada');
  return { instanceId: Number(m[1]), conversationId: m[2]! };
}

/** WhatsApp: the department directory, our message store (webhook), conversations, replies (issue 14). */
export class WhatsAppService {
  constructor(
    private readonly repo: WhatsAppRepository,
    private readonly secrets: SecretBox,
    private readonly hub: Hub,
    private readonly log: FastifyBaseLogger,
    private readonly opts: WhatsAppOptions,
    private readonly audit: AuditService,
  ) {}

  // ---- directory ---------------------------------------------------------------------------------

  async instances(): Promise<WhatsAppInstance[]> {
    const rows = await this.repo.listInstances();
    return rows.map((r) => ({
      id: r.id,
      department: r.department,
      phone: r.phone,
      instanceName: r.instanceName,
      baseUrl: this.opts.evolutionUrl || r.baseUrl,
      hasKey: r.apiKeyEnc !== null && r.apiKeyEnc !== '',
      webhookSet: r.webhookToken !== null,
      state: r.state,
      stateAt: r.stateAt ? r.stateAt.toISOString() : null,
    }));
  }

  /** Adds a department; the key is sealed. An instance name already in the directory is refused. */
  async createInstance(userId: number, input: WhatsAppInstanceInput): Promise<WhatsAppInstance> {
    await this.uniqueName(input.instanceName, null);
    const id = await this.repo.insertInstance({
      department: input.department,
      phone: normalizePhone(input.phone),
      instanceName: input.instanceName,
      baseUrl: input.baseUrl ?? '',
      apiKeyEnc: input.apiKey ? this.secrets.seal(input.apiKey) : null,
    });
    const row = await this.instanceById(id);
    await this.audit.record({
      userId,
      action: 'create',
      entity: 'whatsapp_instance',
      entityId: id,
      after: auditFields(row),
      changes: describeChanges(null, { ...auditFields(row), apiKey: input.apiKey || null }, INSTANCE_FIELDS),
    });
    return this.publicInstance(id);
  }

  /**
   * Changes a department; an absent `apiKey` keeps the stored key, `''` removes it. A new Evolution address needs
   * the key again: the stored key is never sent to an address it was not given for.
   */
  async updateInstance(userId: number, id: number, input: WhatsAppInstanceInput): Promise<WhatsAppInstance> {
    const row = await this.instanceById(id, 'No existe la instancia de WhatsApp');
    await this.uniqueName(input.instanceName, id);
    // With EVOLUTION_API_URL set the row's address is never used (the key goes to that server only).
    const movesAddress =
      !this.opts.evolutionUrl && input.baseUrl !== undefined && input.baseUrl !== '' && input.baseUrl !== row.baseUrl;
    if (movesAddress && !input.apiKey) throw badRequest(API_KEY_AGAIN, { apiKey: [API_KEY_AGAIN] });
    const storedKey = this.storedKey(row);
    await this.repo.updateInstance(id, {
      department: input.department,
      phone: normalizePhone(input.phone),
      instanceName: input.instanceName,
      ...(input.baseUrl === undefined ? {} : { baseUrl: input.baseUrl }),
      ...(input.apiKey === undefined ? {} : { apiKeyEnc: input.apiKey ? this.secrets.seal(input.apiKey) : null }),
    });
    const after = await this.instanceById(id);
    const newKey = input.apiKey === undefined ? storedKey : input.apiKey || null;
    const changes = describeChanges(
      { ...auditFields(row), apiKey: storedKey },
      { ...auditFields(after), apiKey: newKey },
      INSTANCE_FIELDS,
    );
    if (changes.length)
      await this.audit.record({
        userId,
        action: 'update',
        entity: 'whatsapp_instance',
        entityId: id,
        before: auditFields(row),
        after: auditFields(after),
        changes,
      });
    return this.publicInstance(id);
  }

  /** The instance's own key in clear (to tell whether an edit changed it); null when none or unreadable. */
  private storedKey(row: InstanceRow): string | null {
    if (!row.apiKeyEnc) return null;
    try {
      return this.secrets.open(row.apiKeyEnc);
    } catch {
      return null;
    }
  }

  /** Removes a department from the directory; refused while the inbox holds its messages (they are records). */
  async deleteInstance(userId: number, id: number): Promise<void> {
    const row = await this.instanceById(id, 'No existe la instancia de WhatsApp');
    if (await this.repo.hasMessages(row.instanceName))
      throw conflict(
        'whatsapp_instance_in_use',
        `La instancia ${row.instanceName} tiene mensajes guardados en la bandeja; no se puede eliminar`,
      );
    await this.repo.deleteInstance(id);
    await this.audit.record({
      userId,
      action: 'delete',
      entity: 'whatsapp_instance',
      entityId: id,
      before: auditFields(row),
      changes: describeChanges({ ...auditFields(row), apiKey: null }, null, INSTANCE_FIELDS),
    });
  }

  private async publicInstance(id: number): Promise<WhatsAppInstance> {
    return (await this.instances()).find((i) => i.id === id)!;
  }

  private async uniqueName(name: string, exceptId: number | null) {
    const other = await this.repo.instanceByName(name);
    if (other && other.id !== exceptId)
      throw conflict('whatsapp_instance_taken', `Ya existe una instancia de WhatsApp llamada ${name}`);
  }

  private async instanceByName(name: string): Promise<InstanceRow> {
    const row = await this.repo.instanceByName(name);
    if (!row) throw notFound(`No existe la instancia de WhatsApp ${name}`);
    return row;
  }

  private async instanceById(id: number, missing = 'Conversación no encontrada'): Promise<InstanceRow> {
    const row = await this.repo.instanceById(id);
    if (!row) throw notFound(missing);
    return row;
  }

  /** The Evolution client of an instance: its base URL (or EVOLUTION_API_URL) and its key (or the global one). */
  private client(row: InstanceRow): EvolutionClient {
    const baseUrl = this.opts.evolutionUrl || row.baseUrl;
    const apiKey = row.apiKeyEnc ? this.secrets.open(row.apiKeyEnc) : this.opts.evolutionKey;
    if (!apiKey || !baseUrl)
      throw new AppError(
        409,
        'whatsapp_no_key',
        `La instancia ${row.instanceName} (${row.department}) no tiene API Key de Evolution configurada`,
      );
    return new EvolutionClient({ baseUrl, apiKey, timeoutMs: this.opts.timeoutMs ?? 10_000 });
  }

  async state(instanceName: string): Promise<{ instance: string; state: EvolutionState | null }> {
    const row = await this.instanceByName(instanceName);
    try {
      const state = await this.client(row).connectionState(row.instanceName);
      await this.repo.setState(row.id, state);
      return { instance: row.instanceName, state };
    } catch (err) {
      throw providerError(err, this.log);
    }
  }

  /** Points the instance's Evolution webhook at us with a fresh random token (the old one stops working). */
  async setWebhook(
    instanceName: string,
    /** Where Evolution reaches us; PUBLIC_URL unless the demo points its loopback fake at the listening address. */
    baseUrl = this.opts.publicUrl,
  ): Promise<{ instance: string; url: string; events: string[] }> {
    const row = await this.instanceByName(instanceName);
    const token = randomBytes(24).toString('base64url');
    const url = `${baseUrl}/api/whatsapp/webhook/${token}`;
    try {
      await this.client(row).setWebhook(row.instanceName, { url, events: WEBHOOK_EVENTS, enabled: true });
    } catch (err) {
      throw providerError(err, this.log);
    }
    // Only the token's SHA-256 is stored: a copy of the database cannot forge Evolution's calls.
    await this.repo.updateInstance(row.id, { webhookToken: sha(token).toString('hex') });
    // The token is a secret: the answer names the route, not the token.
    return { instance: row.instanceName, url: `${baseUrl}/api/whatsapp/webhook/…`, events: WEBHOOK_EVENTS };
  }

  // ---- test panel: connection and groups ---------------------------------------------------------

  private async withClient<T>(instanceName: string, run: (evo: EvolutionClient, row: InstanceRow) => Promise<T>) {
    const row = await this.instanceByName(instanceName);
    const evo = this.client(row);
    try {
      return await run(evo, row);
    } catch (err) {
      throw providerError(err, this.log);
    }
  }

  private connectAnswer(instance: string, r: EvolutionConnectResult): WhatsAppConnect {
    return r.state === 'open'
      ? { instance, state: 'open', qr: null, pairingCode: null }
      : { instance, state: 'pairing', qr: r.qr.base64, pairingCode: r.qr.pairingCode };
  }

  connect(instanceName: string): Promise<WhatsAppConnect> {
    return this.withClient(instanceName, async (evo, row) =>
      this.connectAnswer(row.instanceName, await evo.connect(row.instanceName)),
    );
  }

  restart(instanceName: string): Promise<WhatsAppConnect> {
    return this.withClient(instanceName, async (evo, row) =>
      this.connectAnswer(row.instanceName, await evo.restart(row.instanceName)),
    );
  }

  groups(instanceName: string): Promise<WhatsAppGroup[]> {
    return this.withClient(instanceName, async (evo, row) =>
      (await evo.fetchAllGroups(row.instanceName, { participants: true })).map((g) => ({
        id: g.id,
        subject: g.subject ?? '',
        desc: g.desc ?? null,
        owner: g.owner ?? null,
        size: g.size ?? g.participants?.length ?? 0,
        participants: (g.participants ?? []).map((p) => p.phoneNumber ?? p.id),
      })),
    );
  }

  /** 'Crear Grupo': participants comma-separated, trimmed, empty dropped, each normalised (an invalid one is 400). */
  createGroup(
    instanceName: string,
    input: { subject: string; description?: string; participants: string },
  ): Promise<WhatsAppGroup> {
    const parts = input.participants
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const numbers = parts.map((p) => validPhone(p));
    const bad = parts.filter((_, i) => numbers[i] === null);
    if (bad.length) throw new AppError(400, 'bad_request', `Número de teléfono inválido: ${bad.join(', ')}`);
    if (!numbers.length) throw new AppError(400, 'bad_request', 'Agrega al menos un participante');
    return this.withClient(instanceName, async (evo, row) => {
      const g = await evo.createGroup(row.instanceName, {
        subject: input.subject,
        description: input.description,
        participants: numbers as string[],
      });
      return {
        id: g.id,
        subject: g.subject ?? input.subject,
        desc: g.desc ?? input.description ?? null,
        owner: g.owner ?? null,
        size: g.size ?? g.participants?.length ?? 0,
        participants: (g.participants ?? []).map((p) => p.phoneNumber ?? p.id),
      };
    });
  }

  /** 'Eliminar Todos': leaves every group, one result per group (a failure does not stop the others). */
  leaveAllGroups(instanceName: string) {
    return this.withClient(instanceName, async (evo, row) => {
      const groups = await evo.fetchAllGroups(row.instanceName, { participants: false });
      const results: Array<{ groupJid: string; subject: string; ok: boolean; message: string }> = [];
      for (const g of groups) {
        try {
          const r = await evo.leaveGroup(row.instanceName, g.id);
          results.push({
            groupJid: g.id,
            subject: g.subject ?? '',
            ok: r.leave,
            message: r.leave ? 'Eliminado' : 'No se pudo salir del grupo',
          });
        } catch (err) {
          results.push({
            groupJid: g.id,
            subject: g.subject ?? '',
            ok: false,
            message: providerError(err, this.log).message,
          });
        }
      }
      return { total: groups.length, left: results.filter((r) => r.ok).length, results };
    });
  }

  /** 'Enviar a Grupo'. */
  async sendToGroup(userId: number, instanceName: string, groupJid: string, text: string) {
    const row = await this.instanceByName(instanceName);
    return this.sendTextAs(row, userId, toGroupJid(groupJid), text, null);
  }

  // ---- webhook -----------------------------------------------------------------------------------

  /** The instance whose webhook token this is (constant-time over every instance), or null. */
  private async instanceByToken(token: string): Promise<InstanceRow | null> {
    const rows = await this.repo.instancesWithToken();
    const given = sha(token);
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
        if (event.refused) this.log.warn({ refused: event.refused }, 'Evolution webhook: malformed messages dropped');
        for (const item of event.messages) {
          const parsed = parseEvolutionMessage(item);
          if (!parsed) continue;
          try {
            if (await this.store(row, parsed, null)) stored += 1;
          } catch (err) {
            this.log.error({ err, keyId: parsed.keyId }, 'Evolution webhook: a message could not be stored');
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

  /** An ack (sent, delivered, read, played) or a deletion: applied when it moves forward, then pushed. */
  private async applyStatus(row: InstanceRow, update: EvolutionStatusUpdate): Promise<void> {
    const changed = await this.repo.applyStatus(row.instanceName, update.keyId, update.status);
    if (!changed) return;
    const payload: WhatsAppMessageEvent = {
      conversationId: conversationKey(row.id, changed.conversationId),
      message: changed.message,
    };
    this.hub.toAdmins(WHATSAPP_MESSAGE_EVENT, payload);
  }

  /** Inserts a message unless (instance, key id) is stored already; pushes new ones to level 20. */
  private async store(row: InstanceRow, m: ParsedMessage, sentBy: number | null): Promise<WhatsAppMessage | null> {
    const [inserted] = await this.repo.insertMessages([rowOf(row, m, sentBy, m.fromMe ? m.timestamp : null)]);
    if (inserted === undefined) return null;
    if (m.isGroup) await this.learnGroup(row, m.conversationId);
    const message = (await this.repo.messageById(inserted))!;
    const payload: WhatsAppMessageEvent = {
      conversationId: conversationKey(row.id, m.conversationId),
      message,
    };
    this.hub.toAdmins(WHATSAPP_MESSAGE_EVENT, payload);
    return message;
  }

  /**
   * The subject of a group chat, asked of Evolution once (every group of the instance in one call) and kept, so
   * the inbox titles it by name. A failure is logged and asked again with the group's next message.
   */
  private async learnGroup(row: InstanceRow, jid: string): Promise<void> {
    if (await this.repo.hasGroup(row.id, jid)) return;
    try {
      const groups = await this.client(row).fetchAllGroups(row.instanceName, { participants: false });
      const found = groups.map((g) => ({ jid: g.id, subject: g.subject ?? '' }));
      // A group Evolution does not list (left, or not synced yet) is kept without a subject: asked once.
      if (!found.some((g) => g.jid === jid)) found.push({ jid, subject: '' });
      await this.repo.saveGroups(row.id, found);
    } catch (err) {
      this.log.warn({ err, instance: row.instanceName, jid }, 'Could not fetch the group subject from Evolution');
    }
  }

  // ---- history import ----------------------------------------------------------------------------

  /**
   * 'Historial': imports the conversation's messages Evolution stored (findMessages, every page, newest first)
   * into our store; each is stored once (a second import adds nothing). A person's chat is asked under both
   * the `521…` and `52…` JIDs (Evolution matches remoteJid exactly). Imported incoming messages count as read:
   * they are history the user is looking at. Nothing is pushed: the panel reloads the conversation.
   */
  async importHistory(id: string): Promise<{ imported: number; found: number }> {
    const { row, conversationId } = await this.conversationOf(id);
    const stored = await this.repo.conversationJids(row.instanceName, conversationId);
    if (!stored.length) throw notFound('Conversación no encontrada');
    const jids = new Set(stored);
    if (!isGroupJid(conversationId)) {
      const key = phoneKey(conversationId);
      jids.add(`${key}${PERSON_JID_SUFFIX}`);
      if (key.length === 12 && key.startsWith('52')) jids.add(`521${key.slice(2)}${PERSON_JID_SUFFIX}`);
    }
    const evo = this.client(row);
    let found = 0;
    let imported = 0;
    const now = new Date();
    try {
      for (const remoteJid of jids) {
        for await (const page of evo.allMessages(
          row.instanceName,
          { remoteJid, pageSize: HISTORY_PAGE_SIZE },
          HISTORY_MAX_PAGES,
        )) {
          const parsed = page.map(parseEvolutionMessage).filter((m): m is ParsedMessage => m !== null);
          found += parsed.length;
          if (!parsed.length) continue;
          const values = parsed.map((m) => rowOf(row, { ...m, conversationId }, null, m.fromMe ? m.timestamp : now));
          imported += (await this.repo.insertMessages(values)).length;
        }
      }
    } catch (err) {
      if (err instanceof EvolutionError && err.code === 'evolution_instance_not_found')
        throw new AppError(
          502,
          'whatsapp_provider',
          `Error al obtener historial de Evolution API: ${err.status ?? 404} - Instancia no encontrada`,
        );
      throw providerError(err, this.log);
    }
    return { imported, found };
  }

  // ---- conversations -----------------------------------------------------------------------------

  async conversations(q: ConversationListQuery): Promise<Paged<WhatsAppConversation>> {
    const { total, rows, lasts } = await this.repo.conversationPage(q);
    return {
      total,
      items: rows.map((r) => {
        const last = lasts.get(r.lastId)!;
        return {
          id: conversationKey(r.instanceId, r.conversationId),
          instance: r.instance,
          department: r.department,
          conversationId: r.conversationId,
          remoteJid: last.remoteJid,
          // A person: the linked customer's name, else the last name they wrote with, else the number.
          // A group: its subject (fetched once from Evolution), else its id.
          name: r.isGroup
            ? r.groupSubject || jidUser(r.conversationId)
            : (r.customerName ?? r.name ?? jidUser(r.conversationId)),
          participants: r.participants,
          isGroup: r.isGroup,
          lastMessage: last,
          preview: last.deleted ? DELETED_MESSAGE_TEXT : messagePreview(messageDisplayText(last.type, last.text)),
          unreadCount: r.unread,
          messageCount: r.messageCount,
          phone: r.isGroup ? null : nationalNumber(r.conversationId),
        };
      }),
    };
  }

  private async conversationOf(id: string) {
    const { instanceId, conversationId } = parseConversationKey(id);
    const row = await this.instanceById(instanceId);
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

  /** The test panel's 'Enviar a Número' (or to a group JID). */
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
    const row = await this.instanceByName(instanceName);
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
    const row = await this.instanceByName(instanceName);
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
      sent = await deliver(this.client(row));
    } catch (err) {
      throw providerError(err, this.log);
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

  /** Logs and swallows (for background work). */
  warn(err: unknown, msg: string) {
    this.log.warn({ err }, msg);
  }
}
