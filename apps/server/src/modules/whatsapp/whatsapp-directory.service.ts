import { randomBytes } from 'node:crypto';
import {
  describeChanges,
  type ChangeFields,
  conversationPreview,
  jidUser,
  nationalNumber,
  normalizePhone,
  type ConversationListQuery,
  type Paged,
  type WhatsAppConversation,
  type WhatsAppInstance,
  type WhatsAppInstanceInput,
} from '@airlink/domain';
import { WEBHOOK_EVENTS } from '../../integrations/evolution/webhook';
import { badRequest, conflict } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import type { AuditActor, AuditService } from '../audit/audit.service';
import { type EvolutionAccess, webhookTokenHash } from './evolution-access';
import type { InstanceRow } from './whatsapp.repository';
import { conversationKey } from './conversation-key';

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

/**
 * WhatsApp's directory (docs/whatsapp.md "Directory and keys"): the department instances with their sealed keys and
 * webhooks, and the chats (conversations per instance and contact) the inbox stored.
 */
export class WhatsAppDirectoryService {
  constructor(
    private readonly evolution: EvolutionAccess,
    private readonly secrets: SecretBox,
    private readonly audit: AuditService,
  ) {}

  private get repo() {
    return this.evolution.repo;
  }

  // ---- instances ---------------------------------------------------------------------------------

  async instances(): Promise<WhatsAppInstance[]> {
    const rows = await this.repo.listInstances();
    return rows.map((r) => ({
      id: r.id,
      department: r.department,
      phone: r.phone,
      instanceName: r.instanceName,
      baseUrl: this.evolution.opts.evolutionUrl || r.baseUrl,
      hasKey: r.apiKeyEnc !== null && r.apiKeyEnc !== '',
      webhookSet: r.webhookToken !== null,
      state: r.state,
      stateAt: r.stateAt ? r.stateAt.toISOString() : null,
    }));
  }

  /** Adds a department; the key is sealed. An instance name already in the directory is refused. */
  async createInstance(actor: AuditActor, input: WhatsAppInstanceInput): Promise<WhatsAppInstance> {
    await this.uniqueName(input.instanceName, null);
    const id = await this.repo.insertInstance({
      department: input.department,
      phone: normalizePhone(input.phone),
      instanceName: input.instanceName,
      baseUrl: input.baseUrl ?? '',
      apiKeyEnc: input.apiKey ? this.secrets.seal(input.apiKey) : null,
    });
    const row = await this.evolution.byId(id);
    await this.audit.record({
      actor,
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
  async updateInstance(actor: AuditActor, id: number, input: WhatsAppInstanceInput): Promise<WhatsAppInstance> {
    const row = await this.evolution.byId(id, 'No existe la instancia de WhatsApp');
    await this.uniqueName(input.instanceName, id);
    // With EVOLUTION_API_URL set the row's address is never used (the key goes to that server only).
    const movesAddress =
      !this.evolution.opts.evolutionUrl &&
      input.baseUrl !== undefined &&
      input.baseUrl !== '' &&
      input.baseUrl !== row.baseUrl;
    if (movesAddress && !input.apiKey) throw badRequest(API_KEY_AGAIN, { apiKey: [API_KEY_AGAIN] });
    const storedKey = this.storedKey(row);
    await this.repo.updateInstance(id, {
      department: input.department,
      phone: normalizePhone(input.phone),
      instanceName: input.instanceName,
      ...(input.baseUrl === undefined ? {} : { baseUrl: input.baseUrl }),
      ...(input.apiKey === undefined ? {} : { apiKeyEnc: input.apiKey ? this.secrets.seal(input.apiKey) : null }),
    });
    const after = await this.evolution.byId(id);
    const newKey = input.apiKey === undefined ? storedKey : input.apiKey || null;
    const changes = describeChanges(
      { ...auditFields(row), apiKey: storedKey },
      { ...auditFields(after), apiKey: newKey },
      INSTANCE_FIELDS,
    );
    if (changes.length)
      await this.audit.record({
        actor,
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
  async deleteInstance(actor: AuditActor, id: number): Promise<void> {
    const row = await this.evolution.byId(id, 'No existe la instancia de WhatsApp');
    if (await this.repo.hasMessages(row.instanceName))
      throw conflict(
        'whatsapp_instance_in_use',
        `La instancia ${row.instanceName} tiene mensajes guardados en la bandeja; no se puede eliminar`,
      );
    await this.repo.deleteInstance(id);
    await this.audit.record({
      actor,
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

  /** Points the instance's Evolution webhook at us with a fresh random token (the old one stops working). */
  async setWebhook(
    instanceName: string,
    /** Where Evolution reaches us; PUBLIC_URL unless the demo points its loopback fake at the listening address. */
    baseUrl = this.evolution.opts.publicUrl,
  ): Promise<{ instance: string; url: string; events: string[] }> {
    const token = randomBytes(24).toString('base64url');
    const url = `${baseUrl}/api/whatsapp/webhook/${token}`;
    const row = await this.evolution.run(instanceName, async (evo, r) => {
      await evo.setWebhook(r.instanceName, { url, events: WEBHOOK_EVENTS, enabled: true });
      return r;
    });
    // Only the token's SHA-256 is stored.
    await this.repo.updateInstance(row.id, { webhookToken: webhookTokenHash(token).toString('hex') });
    // The token is a secret: the answer names the route, not the token.
    return { instance: row.instanceName, url: `${baseUrl}/api/whatsapp/webhook/…`, events: WEBHOOK_EVENTS };
  }

  // ---- chats -------------------------------------------------------------------------------------

  /** The conversations (chats) per instance and contact, newest first: search, filter and pages. */
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
          preview: conversationPreview(last),
          unreadCount: r.unread,
          messageCount: r.messageCount,
          phone: r.isGroup ? null : nationalNumber(r.conversationId),
        };
      }),
    };
  }
}
