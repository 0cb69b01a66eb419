import { z } from '../zod';
import { lineText, multilineText, queryInt } from '../http/input';
import { httpUrlText } from '../network/ip';
import { MESSAGE_TYPES } from './message';
import { MESSAGE_STATUSES } from './status';
import { validPhone, INVALID_PHONE_MESSAGE } from './phone';

/** Longest text we send or store (WhatsApp's own limit is 65,536 characters). */
export const MAX_WHATSAPP_TEXT = 4096;

/** A department of the directory (GET /api/whatsapp/instances): the key is never returned, only whether it is set. */
export const whatsappInstanceSchema = z.object({
  id: z.number().int(),
  department: z.string(),
  phone: z.string(),
  instanceName: z.string(),
  /** The Evolution server it is reached at (EVOLUTION_API_URL when set); not a secret, unlike the key. */
  baseUrl: z.string(),
  hasKey: z.boolean(),
  webhookSet: z.boolean(),
  state: z.string().nullable(),
  stateAt: z.string().nullable(),
});
export type WhatsAppInstance = z.infer<typeof whatsappInstanceSchema>;

/**
 * Create or change a department (POST / PUT /api/whatsapp/instances). `apiKey` is sealed at rest and never
 * returned; on PUT an absent `apiKey` keeps the stored one and `''` removes it.
 */
export const whatsappInstanceInputSchema = z.strictObject({
  department: lineText({ error: 'Escribe el departamento' }).min(1, 'Escribe el departamento').max(60),
  phone: lineText({ error: 'Escribe el teléfono' })
    .max(30, INVALID_PHONE_MESSAGE)
    .refine((v) => validPhone(v) !== null, INVALID_PHONE_MESSAGE),
  instanceName: lineText({ error: 'Escribe el nombre de la instancia' })
    .min(1, 'Escribe el nombre de la instancia')
    .max(100, 'El nombre de la instancia admite hasta 100 caracteres'),
  apiKey: lineText().max(200, 'La API key admite hasta 200 caracteres').optional(),
  /**
   * The instance's Evolution server (http/https); EVOLUTION_API_URL, when set, wins over it. Absent on PUT keeps
   * the stored one; '' clears it.
   */
  baseUrl: httpUrlText('La dirección de Evolution API').optional(),
});
export type WhatsAppInstanceInput = z.infer<typeof whatsappInstanceInputSchema>;

export const whatsappMessageSchema = z.object({
  id: z.number().int(),
  instance: z.string(),
  conversationId: z.string(),
  keyId: z.string(),
  remoteJid: z.string(),
  fromMe: z.boolean(),
  /** Number of the author (the participant in a group). */
  fromNumber: z.string(),
  senderName: z.string(),
  timestamp: z.string(),
  type: z.enum(MESSAGE_TYPES),
  /** The text, or the caption of a media message (shown after its placeholder). */
  text: z.string(),
  read: z.boolean(),
  /** Delivery status of a message we sent (null: unknown, or a received message). */
  status: z.enum(MESSAGE_STATUSES).nullable(),
  /** Its sender deleted it for everyone: shown as 'Mensaje eliminado' (the text stays for the record). */
  deleted: z.boolean(),
  sentByUserId: z.number().int().nullable(),
  sentByName: z.string().nullable(),
});
export type WhatsAppMessage = z.infer<typeof whatsappMessageSchema>;

/** A conversation: the messages of one department instance with one remote JID (docs/api-contract.md "WhatsApp"). */
export const whatsappConversationSchema = z.object({
  /** `{instance}|{remoteJid}`, URL-encoded in paths. */
  id: z.string(),
  instance: z.string(),
  department: z.string(),
  conversationId: z.string(),
  remoteJid: z.string(),
  name: z.string(),
  participants: z.array(z.string()),
  isGroup: z.boolean(),
  lastMessage: whatsappMessageSchema,
  /** The last message's text cut at 60 characters. */
  preview: z.string(),
  unreadCount: z.number().int(),
  messageCount: z.number().int(),
  /** 10-digit national number of a person chat (to find the customer), null for groups. */
  phone: z.string().nullable(),
});
export type WhatsAppConversation = z.infer<typeof whatsappConversationSchema>;

export const CONVERSATION_FILTERS = ['all', 'individual', 'groups'] as const;
export type ConversationFilter = (typeof CONVERSATION_FILTERS)[number];

export const conversationListQuerySchema = z.object({
  search: lineText().max(100, 'La búsqueda admite hasta 100 caracteres').optional(),
  filter: z.enum(CONVERSATION_FILTERS, { error: 'El filtro debe ser all, individual o groups' }).default('all'),
  page: queryInt('La página debe ser un número').default(0),
  pageSize: queryInt('El tamaño de página debe ser un número', {
    min: 1,
    max: 100,
    rangeMessage: 'El tamaño de página va de 1 a 100',
  }).default(20),
});
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

export const conversationMessagesQuerySchema = z.object({
  page: queryInt('La página debe ser un número').default(0),
  pageSize: queryInt('El tamaño de página debe ser un número', {
    min: 1,
    max: 500,
    rangeMessage: 'El tamaño de página va de 1 a 500',
  }).default(100),
});

const messageText = multilineText({ error: 'Escribe el mensaje' })
  .min(1, 'Escribe el mensaje')
  .max(MAX_WHATSAPP_TEXT, `El mensaje admite hasta ${MAX_WHATSAPP_TEXT} caracteres`);

export const whatsappReplySchema = z.strictObject({ text: messageText });
export type WhatsAppReply = z.infer<typeof whatsappReplySchema>;

export const phoneInput = lineText({ error: 'Escribe el número de teléfono' })
  .max(30, INVALID_PHONE_MESSAGE)
  .refine((v) => validPhone(v) !== null, INVALID_PHONE_MESSAGE);

/** The test panel's 'Enviar a Número'. */
export const whatsappSendSchema = z.strictObject({ number: phoneInput, text: messageText });
export type WhatsAppSend = z.infer<typeof whatsappSendSchema>;

/** Answer of a send: the stored message. */
export const whatsappSentSchema = z.object({ message: whatsappMessageSchema });

export const markReadResultSchema = z.object({ marked: z.number().int() });

/** The push event level-20 sockets receive for every new stored message. */
export const WHATSAPP_MESSAGE_EVENT = 'WhatsAppMessage';
export const whatsappMessageEventSchema = z.object({
  conversationId: z.string(),
  message: whatsappMessageSchema,
});
export type WhatsAppMessageEvent = z.infer<typeof whatsappMessageEventSchema>;

/** connect / restart: already open, or a QR (data URL) or pairing code to scan. */
export const whatsappConnectSchema = z.object({
  instance: z.string(),
  state: z.enum(['open', 'pairing']),
  qr: z.string().nullable(),
  pairingCode: z.string().nullable(),
});
export type WhatsAppConnect = z.infer<typeof whatsappConnectSchema>;

export const whatsappGroupSchema = z.object({
  id: z.string(),
  subject: z.string(),
  desc: z.string().nullable(),
  owner: z.string().nullable(),
  size: z.number().int(),
  participants: z.array(z.string()),
});
export type WhatsAppGroup = z.infer<typeof whatsappGroupSchema>;

/** 'Crear Grupo': participants comma-separated, trimmed, empty ones dropped, each normalised like a phone. */
export const whatsappCreateGroupSchema = z.strictObject({
  subject: lineText({ error: 'El nombre del grupo es requerido' })
    .min(1, 'El nombre del grupo es requerido')
    .max(100, 'El nombre del grupo admite hasta 100 caracteres'),
  description: multilineText().max(500, 'La descripción admite hasta 500 caracteres').optional(),
  participants: lineText({ error: 'Escribe los participantes separados por coma' }).max(2000),
});
export type WhatsAppCreateGroup = z.infer<typeof whatsappCreateGroupSchema>;

/** 'Eliminar Todos': the per-group result list. */
export const whatsappLeaveAllSchema = z.object({
  total: z.number().int(),
  left: z.number().int(),
  results: z.array(z.object({ groupJid: z.string(), subject: z.string(), ok: z.boolean(), message: z.string() })),
});

export const whatsappGroupSendSchema = z.strictObject({
  groupJid: lineText({ error: 'Elige un grupo' })
    .min(1, 'Elige un grupo')
    .max(120, 'Grupo inválido')
    .refine((v) => /^[\d-]+(@g\.us)?$/.test(v), 'Grupo inválido'),
  text: messageText,
});

/** 'Historial': how many messages Evolution had for the conversation and how many were new to our store. */
export const whatsappHistoryResultSchema = z.object({ imported: z.number().int(), found: z.number().int() });
export type WhatsAppHistoryResult = z.infer<typeof whatsappHistoryResultSchema>;

/** GET …/state: the instance's connection state as Evolution tells it (open, close, connecting). */
export const whatsappStateSchema = z.object({ instance: z.string(), state: z.string().nullable() });

/** The spec's fixed instance of the test panel (docs/business-rules.md "Screens"). */
export const TEST_PANEL_INSTANCE = 'Personal';

export type WhatsAppLeaveAll = z.infer<typeof whatsappLeaveAllSchema>;
