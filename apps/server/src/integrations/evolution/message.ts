import {
  isGroupJid,
  jidUser,
  messageStatusOf,
  messageTypeOf,
  PERSON_JID_SUFFIX,
  phoneKey,
  replaceUnsafeText,
  type MessageStatus,
  type MessageType,
} from '@airlink/domain';
import type { EvolutionMessage } from './types';

/** Longest text stored for one message; longer texts (WhatsApp allows 65,536) are cut, never refused. */
export const MAX_STORED_TEXT = 65_536;

/** One message as the store keeps it, read from an Evolution `messages.upsert` / `send.message` / findMessages record. */
export interface ParsedMessage {
  keyId: string;
  remoteJid: string;
  conversationId: string;
  fromMe: boolean;
  fromNumber: string;
  senderName: string | null;
  timestamp: Date;
  providerType: string;
  type: MessageType;
  text: string;
  isGroup: boolean;
  /** Delivery status of a message we sent (Evolution's `status`: PENDING for a fresh send); null when received. */
  status: MessageStatus | null;
}

/** WhatsApp's first day (2009): no real message is older. */
const EARLIEST_SECONDS = Date.UTC(2009, 0, 1) / 1000;
/** A device clock a little ahead is believable; a day ahead is not. */
const FUTURE_SLACK_SECONDS = 86_400;

/**
 * When a message was sent: `messageTimestamp` (Unix seconds, a number or a numeric string) when it is a
 * believable time; else (0, milliseconds such as 1e13, the year 2100, garbage) the arrival time `now`.
 */
function messageTimeOf(raw: unknown, now = new Date()): Date {
  const seconds = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() ? Number(raw) : NaN;
  const latest = now.getTime() / 1000 + FUTURE_SLACK_SECONDS;
  return Number.isFinite(seconds) && seconds >= EARLIEST_SECONDS && seconds <= latest
    ? new Date(Math.round(seconds * 1000))
    : now;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
/** A string field, its lone surrogates and control characters replaced (a customer's text is never refused). */
const str = (v: unknown): string | null => (typeof v === 'string' ? replaceUnsafeText(v) : null);

/** The conversation a JID belongs to: Mexican mobiles in their `52` + 10-digit form, so `521…` and `52…` meet. */
export function conversationIdOf(remoteJid: string): string {
  return isGroupJid(remoteJid) ? remoteJid : `${phoneKey(remoteJid)}${PERSON_JID_SUFFIX}`;
}

/**
 * The JIDs to ask Evolution's findMessages for one conversation: the ones it was stored under plus, for a person,
 * both the `52…` and the old `521…` forms of a Mexican mobile (Evolution matches `remoteJid` exactly).
 */
export function historyJidsOf(conversationId: string, storedJids: readonly string[]): string[] {
  const jids = new Set(storedJids);
  if (!isGroupJid(conversationId)) {
    const key = phoneKey(conversationId);
    jids.add(`${key}${PERSON_JID_SUFFIX}`);
    if (key.length === 12 && key.startsWith('52')) jids.add(`521${key.slice(2)}${PERSON_JID_SUFFIX}`);
  }
  return [...jids];
}

/** The text or caption of a Baileys `message` object (media: caption or file name; location: name or address). */
function textOf(message: Obj, providerType: string): string {
  const direct = str(message.conversation);
  if (direct !== null) return direct;
  const inner =
    obj(message[providerType]) ??
    Object.values(message)
      .map(obj)
      .find((x) => x !== null) ??
    null;
  if (!inner) return '';
  if (providerType === 'editedMessage' || providerType === 'protocolMessage') {
    const edited = obj(obj(inner.message)?.protocolMessage)?.editedMessage ?? inner.editedMessage;
    const e = obj(edited);
    return e ? textOf(e, Object.keys(e)[0] ?? 'conversation') : '';
  }
  if (providerType === 'documentWithCaptionMessage') {
    const doc = obj(obj(inner.message)?.documentMessage);
    return doc ? (str(doc.caption) ?? str(doc.fileName) ?? '') : '';
  }
  return (
    str(inner.text) ??
    str(inner.caption) ??
    str(inner.fileName) ??
    str(inner.name) ??
    str(inner.address) ??
    str(inner.displayName) ??
    ''
  );
}

/**
 * Reads one provider message; null when it has no key id or remote JID (nothing to store it under). Text is
 * made safe (never refused) and an absurd time becomes the arrival time.
 */
export function parseEvolutionMessage(raw: unknown): ParsedMessage | null {
  const m = obj(raw) as (Partial<EvolutionMessage> & Obj) | null;
  const key = obj(m?.key);
  if (!m || !key) return null;
  const keyId = str(key.id);
  let remoteJid = str(key.remoteJid);
  if (str(key.addressingMode) === 'lid' && str(key.remoteJidAlt)) remoteJid = str(key.remoteJidAlt);
  if (!keyId || !remoteJid || keyId.length > 200 || remoteJid.length > 200) return null;
  const fromMe = key.fromMe === true;
  const message = obj(m.message) ?? {};
  const providerType = str(m.messageType) ?? Object.keys(message)[0] ?? 'conversation';
  const type = messageTypeOf(providerType);
  const isGroup = isGroupJid(remoteJid);
  const participant = str(key.participant);
  const author = isGroup ? (participant ?? '') : fromMe ? '' : remoteJid;
  const timestamp = messageTimeOf(m.messageTimestamp);
  const pushName = str(m.pushName)?.trim() ?? '';
  return {
    keyId,
    remoteJid,
    conversationId: conversationIdOf(remoteJid),
    fromMe,
    fromNumber: author ? jidUser(author) : '',
    senderName: pushName && !(fromMe && pushName === 'Você') ? pushName.slice(0, 200) : null,
    timestamp,
    providerType: providerType.slice(0, 60),
    type,
    text: textOf(message, providerType).slice(0, MAX_STORED_TEXT),
    isGroup,
    status: fromMe ? messageStatusOf(m.status) : null,
  };
}
