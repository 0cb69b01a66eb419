import { messageStatusOf, type MessageStatus } from '@airlink/domain';
import type { EvolutionState } from './types';

/**
 * What an Evolution API v2 webhook POST means (docs/protocols/evolution.md "Webhooks", checked against
 * EvolutionAPI/evolution-api 2.3.6 `whatsapp.baileys.service.ts`):
 * - `messages.upsert` / `send.message`: one message (`data`), or a batch (`data` an array or `{ messages: [] }`);
 * - `messages.update`: `{ keyId, remoteJid, fromMe, participant, status, instanceId, messageId }` (one or a list;
 *   1.x sent the key spread, `id` instead of `keyId`); `status` PENDING … PLAYED, or DELETED;
 * - `messages.delete`: the deleted message's key `{ remoteJid, fromMe, id }`;
 * - `connection.update`: `{ state }`.
 * Anything else is an event we do not handle (ignored). A body that names a handled event but does not carry it
 * (no `data.key`, a key of the wrong types) is an `EvolutionPayloadError` (the webhook answers 400).
 */
/** The events we ask each instance's webhook for (setWebhook); `readWebhookEvent` reads each of them. */
export const WEBHOOK_EVENTS = ['MESSAGES_UPSERT', 'MESSAGES_UPDATE', 'MESSAGES_DELETE', 'CONNECTION_UPDATE'];

export type EvolutionWebhookEvent =
  | { kind: 'messages'; messages: unknown[]; refused: number }
  | { kind: 'status'; updates: EvolutionStatusUpdate[] }
  | { kind: 'connection'; state: EvolutionState }
  | { kind: 'ignored' };

/** One ack or deletion of a stored message (by its key id). */
export interface EvolutionStatusUpdate {
  keyId: string;
  /** The new delivery status, or 'deleted' (the sender deleted it for everyone). */
  status: MessageStatus | 'deleted';
}

export class EvolutionPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvolutionPayloadError';
  }
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const STATES = new Set<string>(['open', 'close', 'connecting', 'refused']);
/** Longest key id or JID we accept (WhatsApp's are about 20 to 40 characters). */
const MAX_ID = 200;

const validId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_ID;

/**
 * Why a message's `key` is not one (null when it is): an object with a non-empty string `id` and `remoteJid`,
 * and, when present, a boolean `fromMe` and string `participant`.
 */
function messageKeyProblem(item: unknown): string | null {
  const key = obj(obj(item)?.key);
  if (!key) return 'El mensaje no trae data.key';
  if (!validId(key.id)) return 'data.key.id debe ser texto';
  if (!validId(key.remoteJid)) return 'data.key.remoteJid debe ser texto';
  if (key.fromMe !== undefined && typeof key.fromMe !== 'boolean') return 'data.key.fromMe debe ser booleano';
  if (key.participant !== undefined && key.participant !== null && typeof key.participant !== 'string')
    return 'data.key.participant debe ser texto';
  return null;
}

/** The items of `data`: an array, `{ messages: [...] }`, or one item. */
function itemsOf(data: unknown): { items: unknown[]; batch: boolean } {
  if (Array.isArray(data)) return { items: data, batch: true };
  const messages = obj(data)?.messages;
  if (Array.isArray(messages)) return { items: messages, batch: true };
  return { items: [data], batch: false };
}

/**
 * Keeps the items that pass `problem`. A single item that fails, or a batch where every item fails, is an
 * `EvolutionPayloadError`; in a batch with good items the bad ones are counted and dropped, never the others.
 */
function validItems(data: unknown, problem: (item: unknown) => string | null): { good: unknown[]; refused: number } {
  const { items, batch } = itemsOf(data);
  const problems = items.map(problem);
  const good = items.filter((_, i) => problems[i] === null);
  if (!good.length) {
    const first = problems.find((p) => p !== null);
    throw new EvolutionPayloadError(batch && !items.length ? 'El lote de mensajes está vacío' : first!);
  }
  return { good, refused: items.length - good.length };
}

function statusUpdateProblem(item: unknown): string | null {
  const u = obj(item);
  if (!u) return 'El evento no trae data';
  const keyId = u.keyId ?? obj(u.key)?.id ?? u.id;
  if (!validId(keyId)) return 'data.keyId debe ser texto';
  if (typeof u.status !== 'string' && typeof u.status !== 'number') return 'data.status debe ser texto';
  return null;
}

function statusUpdateOf(item: unknown): EvolutionStatusUpdate | null {
  const u = item as Obj;
  const keyId = (u.keyId ?? obj(u.key)?.id ?? u.id) as string;
  if (typeof u.status === 'string' && u.status.toUpperCase() === 'DELETED') return { keyId, status: 'deleted' };
  const status = messageStatusOf(u.status);
  return status ? { keyId, status } : null;
}

/** Reads an envelope's `event` and `data` (see the type). Throws `EvolutionPayloadError` for a false claim. */
export function readWebhookEvent(envelope: { event: string; data: unknown }): EvolutionWebhookEvent {
  const event = envelope.event.toLowerCase().replace(/_/g, '.');
  switch (event) {
    case 'messages.upsert':
    case 'send.message': {
      const { good, refused } = validItems(envelope.data, messageKeyProblem);
      return { kind: 'messages', messages: good, refused };
    }
    case 'messages.update': {
      const { good } = validItems(envelope.data, statusUpdateProblem);
      return {
        kind: 'status',
        updates: good.map(statusUpdateOf).filter((u): u is EvolutionStatusUpdate => u !== null),
      };
    }
    case 'messages.delete': {
      // The key itself, or `{ key }` (both seen across 2.x versions).
      const { good } = validItems(envelope.data, (item) => (validId(obj(item)?.id) ? null : messageKeyProblem(item)));
      return {
        kind: 'status',
        updates: good.map((item) => ({
          keyId: (validId(obj(item)?.id) ? obj(item)!.id : obj(obj(item)!.key)!.id) as string,
          status: 'deleted' as const,
        })),
      };
    }
    case 'connection.update': {
      const state = obj(envelope.data)?.state;
      return typeof state === 'string' && STATES.has(state)
        ? { kind: 'connection', state: state as EvolutionState }
        : { kind: 'ignored' };
    }
    default:
      return { kind: 'ignored' };
  }
}
