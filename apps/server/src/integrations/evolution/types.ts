/**
 * Evolution API v2 wire shapes (docs/protocols/evolution.md, checked against EvolutionAPI/evolution-api 2.3.6).
 * Only the fields AirLink reads are typed; the rest pass through as unknown.
 */

export type EvolutionState = 'open' | 'connecting' | 'close' | 'refused';

/** Event names as configured on a webhook (upper case). */
export type EvolutionWebhookEventName =
  | 'MESSAGES_UPSERT'
  | 'MESSAGES_UPDATE'
  | 'MESSAGES_DELETE'
  | 'MESSAGES_EDITED'
  | 'SEND_MESSAGE'
  | 'CONNECTION_UPDATE'
  | 'QRCODE_UPDATED'
  | (string & {});

export interface EvolutionMessageKey {
  remoteJid: string;
  fromMe: boolean;
  id: string;
  /** Author of a group message. */
  participant?: string;
  /** `lid` when the chat is addressed by LID; the phone JID is then in `remoteJidAlt`. */
  addressingMode?: string;
  remoteJidAlt?: string;
}

/** A stored message (findMessages record), the `sendText` answer and the `messages.upsert` data share this. */
export interface EvolutionMessage {
  /** Evolution's database id (findMessages only). */
  id?: string;
  key: EvolutionMessageKey;
  pushName?: string | null;
  status?: string;
  message: Record<string, unknown> & { conversation?: string };
  contextInfo?: unknown;
  messageType: string;
  /** Unix seconds. */
  messageTimestamp: number;
  instanceId?: string;
  source?: string;
  MessageUpdate?: { status: string }[];
}

export interface EvolutionMessagePage {
  total: number;
  pages: number;
  currentPage: number;
  records: EvolutionMessage[];
}

export interface EvolutionQrCode {
  /** `data:image/png;base64,…` */
  base64: string | null;
  /** Raw QR text. */
  code: string | null;
  /** Present when `number` was given to connect. */
  pairingCode: string | null;
  count: number;
}

/** connect / restart: either the instance is already open, or a QR (possibly not generated yet) to scan. */
export type EvolutionConnectResult = { state: 'open' } | { state: 'pairing'; qr: EvolutionQrCode };

export interface EvolutionGroupParticipant {
  id: string;
  admin?: 'admin' | 'superadmin' | null;
  phoneNumber?: string;
  lid?: string;
}

export interface EvolutionGroup {
  id: string;
  subject: string;
  subjectOwner?: string;
  subjectTime?: number;
  pictureUrl?: string | null;
  size?: number;
  creation?: number;
  owner?: string;
  desc?: string;
  descId?: string;
  restrict?: boolean;
  announce?: boolean;
  participants?: EvolutionGroupParticipant[];
}

export interface EvolutionWebhookConfig {
  id?: string;
  url: string;
  enabled: boolean;
  events: string[];
  webhookByEvents?: boolean;
  webhookBase64?: boolean;
  headers?: Record<string, string> | null;
  instanceId?: string;
}

/** What Evolution POSTs to a webhook. */
export interface EvolutionWebhookEnvelope<T = unknown> {
  /** Lower-case dotted: `messages.upsert`, `connection.update`, `send.message`… */
  event: string;
  instance: string;
  data: T;
  destination: string;
  /** Evolution host's local wall-clock time with a trailing Z: do not trust as UTC. */
  date_time: string;
  /** The instance's own JID. */
  sender: string | null;
  server_url: string;
  apikey: string | null;
}
