import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeQrDataUrl } from './qr-png';
import type {
  EvolutionGroup,
  EvolutionMessage,
  EvolutionState,
  EvolutionWebhookConfig,
  EvolutionWebhookEnvelope,
} from '../../../integrations/evolution/types';

/**
 * A loopback Evolution API v2 server for tests and the demo. It answers the routes AirLink uses with the
 * shapes, status codes and error envelopes of EvolutionAPI/evolution-api 2.3.6 (see README.md), keeps state
 * (instances with tokens and connection state, stored messages, groups with participants, webhook settings)
 * and POSTs real-shaped webhook events (`messages.upsert`, `send.message`, `connection.update`,
 * `qrcode.updated`) to the configured URL with Evolution's retry rules.
 */

export interface FakeSeedMessage {
  /** Digits or a JID of the chat (a group JID for group messages). */
  chat: string;
  text: string;
  fromMe?: boolean;
  pushName?: string;
  /** Author of a group message (digits or JID). */
  participant?: string;
  /** How long ago, default 0. */
  minutesAgo?: number;
  /** Key id (default random, as WhatsApp's). */
  id?: string;
  /** Unix seconds (wins over minutesAgo). */
  timestamp?: number;
  /** Baileys message type with `message` (default a text `conversation`). */
  messageType?: string;
  message?: Record<string, unknown>;
}

export interface FakeEvolutionInstanceSpec {
  name: string;
  /** Instance token (its own apikey); default an upper-case UUID, as Evolution generates. */
  token?: string;
  state?: 'open' | 'close' | 'connecting';
  /** Owner's number (digits); default 52177100000NN. */
  number?: string;
  profileName?: string;
  groups?: { subject: string; participants: string[]; description?: string; id?: string }[];
  messages?: FakeSeedMessage[];
}

export interface FakeEvolutionOptions {
  host?: string;
  port?: number;
  /** AUTHENTICATION_API_KEY; default random. */
  globalKey?: string;
  instances?: FakeEvolutionInstanceSpec[];
  /** Method of the restart route: 'POST' like the v2 server (default), 'PUT' like the docs and v1. */
  restartMethod?: 'POST' | 'PUT';
  /** Answer every text sent to a number with an incoming "Eco: …" message after `delayMs` (demo). */
  echo?: boolean | { delayMs?: number };
  /** Webhook retries: Evolution's defaults are 10 attempts, 5 s initial delay, 300 s cap. */
  webhookRetry?: { maxAttempts?: number; initialDelayMs?: number; maxDelayMs?: number };
  /** Delay before connect answers (the real server waits about 2 s for the first QR). Default 0. */
  connectDelayMs?: number;
  /** When set, a QR shown by connect is "scanned" after this many ms and the instance opens (demo). */
  autoPairMs?: number;
  /** How long a restarted open instance takes to be open again. Default 50 ms. */
  restartReconnectMs?: number;
  /** Numbers (digits) that are not on WhatsApp. */
  unknownNumbers?: string[];
  /** Timeout of one webhook POST; default 30 s as Evolution. */
  webhookTimeoutMs?: number;
  /**
   * Control routes for end-to-end tests of the demo, with the global key: `POST /fake/receive/{instance}`
   * `{ from, text, pushName?, groupJid? }` (a message arrives) and `POST /fake/state/{instance}` `{ state }`.
   * Not part of Evolution; off by default.
   */
  control?: boolean;
}

export interface FakeWebhookDelivery {
  event: string;
  url: string;
  attempt: number;
  /** HTTP status of our listener's answer, or null when it could not be reached. */
  status: number | null;
}

/** One API call the fake answered (method and path, e.g. `GET /group/fetchAllGroups/Personal`). */
export interface FakeApiRequest {
  method: string;
  path: string;
}

export interface FakeEvolutionInstance {
  readonly name: string;
  readonly id: string;
  token: string;
  readonly ownerJid: string;
  readonly state: EvolutionState;
  /** sendText fails with the Signal library's "SessionError: No sessions" (400). */
  noSessions: boolean;
  readonly messages: EvolutionMessage[];
  readonly groups: EvolutionGroup[];
  readonly webhook: EvolutionWebhookConfig | null;
}

export interface IncomingMessageInput {
  /** Sender: digits or JID, kept exactly (send `521…` and `52…` forms to test matching). */
  from: string;
  text?: string;
  pushName?: string;
  /** Deliver into this group; `from` is then the author (`key.participant`). */
  groupJid?: string;
  /** Raw `message` object and `messageType` for media, locations… (default a text `conversation`). */
  message?: Record<string, unknown>;
  messageType?: string;
  id?: string;
  /** Unix seconds; default now. */
  timestamp?: number;
}

export type FakeAckStatus = 'ERROR' | 'PENDING' | 'SERVER_ACK' | 'DELIVERY_ACK' | 'READ' | 'PLAYED' | 'DELETED';

export interface FakeEvolutionServer {
  url: string;
  globalKey: string;
  instance(name: string): FakeEvolutionInstance;
  /** Changes the connection state and emits `connection.update`. */
  setState(name: string, state: EvolutionState): void;
  /** A message arrives from WhatsApp: stored, and emitted as `messages.upsert`. */
  receiveMessage(name: string, input: IncomingMessageInput): EvolutionMessage;
  /** Sends the `messages.upsert` of a stored message again (a retry with the same key id). */
  redeliver(name: string, keyId: string, times?: number): void;
  /**
   * WhatsApp acknowledges a stored message: `messages.update` with 2.3.6's data `{ messageId, keyId, remoteJid,
   * fromMe, participant, status, instanceId }` (whatsapp.baileys.service.ts, `messages.update` handler), recorded
   * in its `MessageUpdate`. 'DELETED' (its sender deleted it): `messages.delete` with the key, as 2.3.6 sends.
   */
  ack(name: string, keyId: string, status: FakeAckStatus): void;
  /** Emits any event with any data (lower-case dotted event name). */
  emit(name: string, event: string, data: unknown): void;
  /** Every webhook POST attempt so far. */
  readonly deliveries: FakeWebhookDelivery[];
  /** Every instance API call routed to a handler so far (tests count what our client asked). */
  readonly requests: FakeApiRequest[];
  /** Resolves when no webhook delivery, retry or echo is pending. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** EventController.events of 2.3.6 (the values a webhook accepts). */
const EVENTS = [
  'APPLICATION_STARTUP',
  'QRCODE_UPDATED',
  'MESSAGES_SET',
  'MESSAGES_UPSERT',
  'MESSAGES_EDITED',
  'MESSAGES_UPDATE',
  'MESSAGES_DELETE',
  'SEND_MESSAGE',
  'SEND_MESSAGE_UPDATE',
  'CONTACTS_SET',
  'CONTACTS_UPSERT',
  'CONTACTS_UPDATE',
  'PRESENCE_UPDATE',
  'CHATS_SET',
  'CHATS_UPSERT',
  'CHATS_UPDATE',
  'CHATS_DELETE',
  'GROUPS_UPSERT',
  'GROUP_UPDATE',
  'GROUP_PARTICIPANTS_UPDATE',
  'CONNECTION_UPDATE',
  'LABELS_EDIT',
  'LABELS_ASSOCIATION',
  'CALL',
  'TYPEBOT_START',
  'TYPEBOT_CHANGE_STATUS',
  'REMOVE_INSTANCE',
  'LOGOUT_INSTANCE',
  'INSTANCE_CREATE',
  'INSTANCE_DELETE',
  'STATUS_INSTANCE',
];

interface Instance extends FakeEvolutionInstance {
  state: EvolutionState;
  webhook: EvolutionWebhookConfig | null;
  messages: EvolutionMessage[];
  groups: EvolutionGroup[];
  profileName: string;
  qr: { count: number; code?: string; base64?: string; pairingCode?: string | null };
}

class HttpError {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
const evoError = (status: number, error: string, message: unknown) =>
  new HttpError(status, { status, error, response: { message } });
const badRequest = (...message: unknown[]) => evoError(400, 'Bad Request', message);
const connectionClosed = () => evoError(500, 'Internal Server Error', 'Connection Closed');

const hexUpper = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();
const cuid = () => `cm${Date.now().toString(36)}${randomBytes(8).toString('hex').slice(0, 15)}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Evolution's createJid (src/utils/createJid.ts) for the cases AirLink sends. */
export function createJid(number: string): string {
  if (/@(g\.us|s\.whatsapp\.net|lid|broadcast)$/.test(number)) return number;
  let n = number
    .replace(/[\s+()]/g, '')
    .split(':')[0]!
    .split('@')[0]!;
  if (n.includes('-') && n.length >= 24) return `${n.replace(/[^\d-]/g, '')}@g.us`;
  n = n.replace(/\D/g, '');
  if ((n.startsWith('52') || n.startsWith('54')) && n.length === 13) n = n.slice(0, 2) + n.slice(3);
  return `${n}@s.whatsapp.net`;
}

const asJid = (v: string) => (v.includes('@') ? v : `${v.replace(/\D/g, '')}@s.whatsapp.net`);

/** Evolution's local wall-clock ISO time with a trailing Z (webhook `date_time`). */
const localIso = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString();

function jwtHs256(secret: string): string {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const iat = nowSeconds();
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ iat, exp: iat + 600, app: 'evolution', action: 'webhook' })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

export async function startFakeEvolutionServer(opts: FakeEvolutionOptions = {}): Promise<FakeEvolutionServer> {
  const host = opts.host ?? '127.0.0.1';
  const globalKey = opts.globalKey ?? hexUpper(16);
  const restartMethod = opts.restartMethod ?? 'POST';
  const unknownNumbers = new Set((opts.unknownNumbers ?? []).map((n) => createJid(n).split('@')[0]!));
  const retry = {
    maxAttempts: opts.webhookRetry?.maxAttempts ?? 10,
    initialDelayMs: opts.webhookRetry?.initialDelayMs ?? 5_000,
    maxDelayMs: opts.webhookRetry?.maxDelayMs ?? 300_000,
  };
  const echoDelay = opts.echo ? (typeof opts.echo === 'object' ? (opts.echo.delayMs ?? 1_500) : 1_500) : null;
  const instances = new Map<string, Instance>();
  const deliveries: FakeWebhookDelivery[] = [];
  const requests: FakeApiRequest[] = [];
  const pending = new Set<Promise<unknown>>();
  /** Sleeping timers and how to wake them (stop wakes them all, so nothing stays pending). */
  const sleepers = new Map<NodeJS.Timeout, () => void>();
  let serverUrl = '';
  let stopped = false;

  const track = <T>(p: Promise<T>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p)).catch(() => undefined);
    return p;
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        sleepers.delete(t);
        resolve();
      }, ms);
      sleepers.set(t, resolve);
    });
  const later = (ms: number, fn: () => void) =>
    void track(
      sleep(ms).then(() => {
        if (!stopped) fn();
      }),
    );

  function ack(inst: Instance, stored: EvolutionMessage, status: FakeAckStatus) {
    stored.MessageUpdate?.push({ status });
    if (status === 'DELETED') {
      emit(inst, 'messages.delete', { ...stored.key });
      return;
    }
    emit(inst, 'messages.update', {
      messageId: stored.id,
      keyId: stored.key.id,
      remoteJid: stored.key.remoteJid,
      fromMe: stored.key.fromMe,
      participant: stored.key.participant ?? stored.key.remoteJid,
      status,
      instanceId: inst.id,
    });
  }

  const record = (inst: Instance, m: Omit<EvolutionMessage, 'id' | 'instanceId'>): EvolutionMessage => {
    const stored: EvolutionMessage = { id: cuid(), ...m, instanceId: inst.id, MessageUpdate: [] };
    inst.messages.push(stored);
    return stored;
  };
  const withoutDb = (m: EvolutionMessage): EvolutionMessage => {
    const { id: _id, MessageUpdate: _u, ...rest } = m;
    return rest as EvolutionMessage;
  };

  (opts.instances ?? []).forEach((spec, i) => {
    const number = spec.number ?? `52177100000${String(i).padStart(2, '0')}`;
    const inst: Instance = {
      name: spec.name,
      id: randomUUID(),
      token: spec.token ?? randomUUID().toUpperCase(),
      ownerJid: `${number}@s.whatsapp.net`,
      state: spec.state ?? 'open',
      noSessions: false,
      messages: [],
      groups: [],
      webhook: null,
      profileName: spec.profileName ?? spec.name,
      qr: { count: 0 },
    };
    for (const g of spec.groups ?? [])
      inst.groups.push({ ...makeGroup(inst, g.subject, g.participants, g.description), ...(g.id ? { id: g.id } : {}) });
    const at = (s: FakeSeedMessage) => s.timestamp ?? nowSeconds() - Math.round((s.minutesAgo ?? 0) * 60);
    const seeds = [...(spec.messages ?? [])].sort((a, b) => at(a) - at(b));
    for (const s of seeds) {
      const remoteJid = asJid(s.chat);
      record(inst, {
        key: {
          remoteJid,
          fromMe: s.fromMe ?? false,
          id: s.id ?? (s.fromMe ? `3EB0${hexUpper(9)}` : hexUpper(16)),
          ...(remoteJid.endsWith('@g.us') && s.participant ? { participant: asJid(s.participant) } : {}),
        },
        pushName: s.fromMe ? inst.profileName : (s.pushName ?? null),
        status: s.fromMe ? 'SERVER_ACK' : 'DELIVERY_ACK',
        message: s.message ?? { conversation: s.text },
        contextInfo: null,
        messageType: s.messageType ?? 'conversation',
        messageTimestamp: at(s),
        source: s.fromMe ? 'web' : 'android',
      });
    }
    instances.set(spec.name, inst);
  });

  function makeGroup(inst: Instance, subject: string, participants: string[], desc?: string): EvolutionGroup {
    const now = nowSeconds();
    const members = participants.map((p) => ({ id: createJid(p), admin: null }));
    return {
      id: `120363${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}@g.us`,
      subject,
      subjectOwner: inst.ownerJid,
      subjectTime: now,
      pictureUrl: null,
      size: members.length + 1,
      creation: now,
      owner: inst.ownerJid,
      desc: desc ?? undefined,
      descId: desc ? hexUpper(8) : undefined,
      restrict: false,
      announce: false,
      participants: [{ id: inst.ownerJid, admin: 'superadmin' }, ...members],
    };
  }

  // ---- webhooks -------------------------------------------------------------------------------------------

  async function post(url: string, headers: Record<string, string>, payload: string): Promise<number | null> {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: payload,
        signal: AbortSignal.timeout(opts.webhookTimeoutMs ?? 30_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      return res.status;
    } catch {
      return null;
    }
  }

  async function deliver(event: string, url: string, headers: Record<string, string>, payload: string) {
    for (let attempt = 1; attempt <= retry.maxAttempts && !stopped; attempt++) {
      const status = await post(url, headers, payload);
      deliveries.push({ event, url, attempt, status });
      if (status !== null && status >= 200 && status < 300) return;
      if (status !== null && [400, 401, 403, 404, 422].includes(status)) return;
      if (attempt === retry.maxAttempts) return;
      let delay = Math.min(retry.initialDelayMs * 2 ** (attempt - 1), retry.maxDelayMs);
      delay = Math.max(retry.initialDelayMs, delay + delay * 0.2 * (Math.random() * 2 - 1));
      await sleep(delay);
    }
  }

  function emit(inst: Instance, event: string, data: unknown) {
    const wh = inst.webhook;
    if (!wh?.enabled || stopped) return;
    const upper = event.replace(/[.-]/g, '_').toUpperCase();
    if (!wh.events.includes(upper)) return;
    const url = wh.webhookByEvents ? `${wh.url}/${upper.replace(/_/g, '-').toLowerCase()}` : wh.url;
    const headers: Record<string, string> = { ...(wh.headers ?? {}) };
    if ('jwt_key' in headers) {
      headers.Authorization = `Bearer ${jwtHs256(headers.jwt_key!)}`;
      delete headers.jwt_key;
    }
    const envelope: EvolutionWebhookEnvelope = {
      event,
      instance: inst.name,
      data,
      destination: wh.url,
      date_time: localIso(),
      sender: inst.ownerJid,
      server_url: serverUrl,
      apikey: null,
    };
    track(deliver(event, url, headers, JSON.stringify(envelope)));
  }

  function setState(inst: Instance, state: EvolutionState) {
    inst.state = state;
    const base = { instance: inst.name, state, statusReason: 200 };
    emit(
      inst,
      'connection.update',
      state === 'open'
        ? {
            instance: inst.name,
            wuid: inst.ownerJid,
            profileName: inst.profileName,
            profilePictureUrl: null,
            state,
            statusReason: 200,
          }
        : base,
    );
  }

  function receive(inst: Instance, input: IncomingMessageInput): EvolutionMessage {
    const author = asJid(input.from);
    const remoteJid = input.groupJid ? asJid(input.groupJid) : author;
    const stored = record(inst, {
      key: {
        remoteJid,
        fromMe: false,
        id: input.id ?? hexUpper(16),
        ...(input.groupJid ? { participant: author } : {}),
      },
      pushName: input.pushName ?? null,
      status: 'DELIVERY_ACK',
      message: input.message ?? { conversation: input.text ?? '' },
      contextInfo: null,
      messageType: input.messageType ?? 'conversation',
      messageTimestamp: input.timestamp ?? nowSeconds(),
      source: 'android',
    });
    emit(inst, 'messages.upsert', withoutDb(stored));
    return stored;
  }

  // ---- HTTP -----------------------------------------------------------------------------------------------

  const qrAnswer = (inst: Instance) => ({
    pairingCode: inst.qr.pairingCode,
    code: inst.qr.code,
    base64: inst.qr.base64,
    count: inst.qr.count,
  });

  function startPairing(inst: Instance, number: string | null) {
    inst.qr.count++;
    inst.qr.code = `2@${randomBytes(24).toString('base64')},${randomBytes(24).toString('base64')},${randomBytes(16).toString('base64')}`;
    inst.qr.base64 = fakeQrDataUrl(inst.qr.code);
    inst.qr.pairingCode = number ? hexUpper(4) : null;
    setState(inst, 'connecting');
    emit(inst, 'qrcode.updated', {
      qrcode: { instance: inst.name, pairingCode: inst.qr.pairingCode, code: inst.qr.code, base64: inst.qr.base64 },
    });
    if (opts.autoPairMs !== undefined)
      later(opts.autoPairMs, () => inst.state === 'connecting' && setState(inst, 'open'));
  }

  type Handler = (inst: Instance, body: Record<string, unknown>, query: URLSearchParams) => Promise<[number, unknown]>;
  const routes: Record<string, Handler> = {
    'GET instance/connectionState': async (inst) => [200, { instance: { instanceName: inst.name, state: inst.state } }],

    'GET instance/connect': async (inst, _b, query) => {
      if (inst.state === 'open') return [200, { instance: { instanceName: inst.name, state: 'open' } }];
      if (inst.state === 'close' || inst.state === 'refused') {
        startPairing(inst, query.get('number'));
        if (opts.connectDelayMs) await new Promise((r) => setTimeout(r, opts.connectDelayMs));
      }
      return [200, qrAnswer(inst)];
    },

    [`${restartMethod} instance/restart`]: async (inst) => {
      // The controller throws BadRequestException (a plain object) and answers its toString().
      if (inst.state === 'close' || inst.state === 'refused') return [200, { error: true, message: '[object Object]' }];
      const wasOpen = inst.state === 'open';
      setState(inst, 'connecting');
      if (wasOpen) later(opts.restartReconnectMs ?? 50, () => inst.state === 'connecting' && setState(inst, 'open'));
      return [200, { count: inst.qr.count }];
    },

    'POST message/sendText': async (inst, body) => {
      const missing = ['number', 'text'].filter((k) => typeof body[k] !== 'string');
      if (missing.length) throw badRequest(missing.map((k) => `instance requires property "${k}"`));
      const number = body.number as string;
      const text = body.text as string;
      if (!text.trim()) throw badRequest('Text is required');
      if (inst.state !== 'open') throw connectionClosed();
      const jid = createJid(number);
      const isGroup = jid.endsWith('@g.us');
      if (!isGroup && unknownNumbers.has(jid.split('@')[0]!)) throw badRequest({ jid, exists: false, number });
      if (isGroup && !inst.groups.some((g) => g.id === jid)) throw badRequest('Error: item-not-found');
      if (inst.noSessions) throw badRequest('SessionError: No sessions');
      const sent = record(inst, {
        key: { remoteJid: jid, fromMe: true, id: `3EB0${hexUpper(9)}` },
        pushName: 'Você',
        status: 'PENDING',
        message: { conversation: text },
        contextInfo: null,
        messageType: 'conversation',
        messageTimestamp: nowSeconds(),
        source: 'web',
      });
      const answer = withoutDb(sent);
      emit(inst, 'send.message', answer);
      if (echoDelay !== null && !isGroup) {
        // The demo's customer: the message is sent, delivered and read (the inbox's ticks), then answered.
        for (const [i, status] of (['SERVER_ACK', 'DELIVERY_ACK', 'READ'] as const).entries())
          later(Math.round((echoDelay * (i + 1)) / 4), () => ack(inst, sent, status));
        later(echoDelay, () => {
          if (inst.state === 'open') receive(inst, { from: jid, text: `Eco: ${text}`, pushName: 'Cliente demo' });
        });
      }
      return [201, answer];
    },

    // sendMedia of v2 (sendMessage.controller + mediaMessageSchema): number, mediatype and media are required;
    // the answer is the stored message with its media under `<mediatype>Message`.
    'POST message/sendMedia': async (inst, body) => {
      const missing = ['number', 'mediatype', 'media'].filter((k) => typeof body[k] !== 'string');
      if (missing.length) throw badRequest(missing.map((k) => `instance requires property "${k}"`));
      const mediatype = body.mediatype as string;
      if (!['image', 'document', 'video', 'audio'].includes(mediatype))
        throw badRequest(['instance.mediatype must be one of the following values: image, document, video, audio']);
      const media = body.media as string;
      const isUrl = /^https?:\/\//.test(media);
      if (!isUrl && !/^[A-Za-z0-9+/]+={0,2}$/.test(media)) throw badRequest('Owned media must be a url or base64');
      if (inst.state !== 'open') throw connectionClosed();
      const jid = createJid(body.number as string);
      if (!jid.endsWith('@g.us') && unknownNumbers.has(jid.split('@')[0]!))
        throw badRequest({ jid, exists: false, number: body.number });
      const fileLength = isUrl ? 0 : Buffer.from(media, 'base64').length;
      const content: Record<string, unknown> = {
        url: `https://mmg.whatsapp.net/v/t62.7119-24/${hexUpper(12)}.enc`,
        mimetype: typeof body.mimetype === 'string' ? body.mimetype : 'application/octet-stream',
        fileLength: String(fileLength),
        ...(typeof body.caption === 'string' ? { caption: body.caption } : {}),
        ...(mediatype === 'document' ? { fileName: typeof body.fileName === 'string' ? body.fileName : 'file' } : {}),
      };
      const messageType = `${mediatype}Message`;
      const sent = record(inst, {
        key: { remoteJid: jid, fromMe: true, id: `3EB0${hexUpper(9)}` },
        pushName: 'Você',
        status: 'PENDING',
        message: { [messageType]: content },
        contextInfo: null,
        messageType,
        messageTimestamp: nowSeconds(),
        source: 'web',
      });
      const answer = withoutDb(sent);
      emit(inst, 'send.message', answer);
      return [201, answer];
    },

    'POST chat/findMessages': async (inst, body) => {
      const where = (body.where ?? {}) as Record<string, unknown>;
      const key = (where.key ?? {}) as Record<string, unknown>;
      const ts = where.messageTimestamp as { gte?: string; lte?: string } | undefined;
      const range =
        ts?.gte && ts.lte
          ? [Math.floor(new Date(ts.gte).getTime() / 1000), Math.floor(new Date(ts.lte).getTime() / 1000)]
          : null;
      const list = inst.messages
        .filter(
          (m) =>
            (!key.id || m.key.id === key.id) &&
            (!key.fromMe || m.key.fromMe === key.fromMe) &&
            (!key.remoteJid || m.key.remoteJid === key.remoteJid) &&
            (!where.messageType || m.messageType === where.messageType) &&
            (!range || (m.messageTimestamp >= range[0]! && m.messageTimestamp <= range[1]!)),
        )
        .sort((a, b) => b.messageTimestamp - a.messageTimestamp);
      const offset = Number(body.offset) || 50;
      const page = Number(body.page) || 1;
      const records = list.slice(offset * (page === 1 ? 0 : page - 1), offset * (page === 1 ? 0 : page - 1) + offset);
      return [
        200,
        {
          messages: {
            total: list.length,
            pages: Math.ceil(list.length / offset),
            currentPage: page,
            records: records.map(({ status: _s, ...r }) => r),
          },
        },
      ];
    },

    'GET group/fetchAllGroups': async (inst, _b, query) => {
      const participants = query.get('getParticipants');
      if (!participants) throw badRequest('The getParticipants needs to be informed in the query');
      if (inst.state !== 'open') throw connectionClosed();
      return [
        200,
        inst.groups.map(({ participants: members, ...g }) => ({
          ...g,
          size: members?.length ?? 0,
          ...(participants === 'true' ? { participants: members } : {}),
        })),
      ];
    },

    'POST group/create': async (inst, body) => {
      const errors: string[] = [];
      if (typeof body.subject !== 'string') errors.push('instance requires property "subject"');
      else if (!body.subject) errors.push('The "subject" cannot be empty');
      if (!Array.isArray(body.participants)) errors.push('instance requires property "participants"');
      else if (body.participants.length === 0) errors.push('participants does not meet minimum length of 1');
      else if (body.participants.some((p) => typeof p !== 'string' || p.length < 10 || !/\d+/.test(p)))
        errors.push('"participants" must be an array of numeric strings');
      if (errors.length) throw badRequest(errors);
      if (inst.state !== 'open')
        throw evoError(500, 'Internal Server Error', ['Error creating group', 'Error: Connection Closed']);
      const members = (body.participants as string[]).filter((p) => !unknownNumbers.has(createJid(p).split('@')[0]!));
      const group = makeGroup(
        inst,
        body.subject as string,
        members,
        typeof body.description === 'string' ? body.description : undefined,
      );
      inst.groups.push(group);
      return [201, group];
    },

    'DELETE group/leaveGroup': async (inst, body, query) => {
      let jid = (typeof body.groupJid === 'string' && body.groupJid) || query.get('groupJid');
      if (!jid) throw badRequest('The group id needs to be informed in the query', 'ex: "groupJid=120362@g.us"');
      if (!jid.endsWith('@g.us')) jid += '@g.us';
      if (inst.state !== 'open') throw badRequest('Unable to leave the group', 'Error: Connection Closed');
      const index = inst.groups.findIndex((g) => g.id === jid);
      if (index < 0) throw badRequest('Unable to leave the group', 'Error: item-not-found');
      inst.groups.splice(index, 1);
      return [200, { groupJid: jid, leave: true }];
    },

    'POST webhook/set': async (inst, body) => {
      const webhook = body.webhook as Record<string, unknown> | undefined;
      if (!webhook || typeof webhook !== 'object') throw badRequest(['instance requires property "webhook"']);
      const errors: string[] = [];
      if (typeof webhook.enabled !== 'boolean') errors.push('webhook requires property "enabled"');
      if (typeof webhook.url !== 'string') errors.push('webhook requires property "url"');
      else if (!webhook.url) errors.push('The "url" cannot be empty');
      const events = webhook.events;
      if (Array.isArray(events))
        events.forEach((e, i) => {
          if (!EVENTS.includes(String(e)))
            errors.push(`webhook.events[${i}] is not one of enum values: ${EVENTS.join(',')}`);
        });
      if (errors.length) throw badRequest(errors);
      if (webhook.enabled && !Array.isArray(events))
        throw evoError(500, 'Internal Server Error', "Cannot read properties of undefined (reading 'length')");
      const now = new Date().toISOString();
      inst.webhook = {
        id: inst.webhook?.id ?? cuid(),
        url: webhook.url as string,
        headers: (webhook.headers as Record<string, string> | undefined) ?? null,
        enabled: webhook.enabled as boolean,
        events: !webhook.enabled ? [] : (events as string[]).length === 0 ? [...EVENTS] : [...(events as string[])],
        webhookByEvents: webhook.byEvents === true,
        webhookBase64: webhook.base64 === true,
        instanceId: inst.id,
        ...{ createdAt: now, updatedAt: now },
      } as EvolutionWebhookConfig;
      return [201, inst.webhook];
    },

    'GET webhook/find': async (inst) => [200, inst.webhook],
  };

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://evolution');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: Record<string, unknown> = {};
    if (chunks.length) {
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch (e) {
        send(res, 400, { status: 400, error: 'Internal Server Error', response: { message: (e as Error).message } });
        return;
      }
    }
    const key = req.headers.apikey;
    if (method === 'GET' && url.pathname === '/') {
      send(res, 200, { status: 200, message: 'Welcome to the Evolution API, it is working!', version: '2.3.6' });
      return;
    }
    if (method === 'GET' && url.pathname === '/instance/fetchInstances') {
      const all = [...instances.values()];
      const visible = key === globalKey ? all : all.filter((i) => i.token === key);
      if (!key || visible.length === 0)
        return send(res, 401, { status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } });
      send(
        res,
        200,
        visible.map((i) => ({
          id: i.id,
          name: i.name,
          connectionStatus: i.state,
          ownerJid: i.ownerJid,
          profileName: i.profileName,
          integration: 'WHATSAPP-BAILEYS',
          number: i.ownerJid.split('@')[0],
          token: i.token,
        })),
      );
      return;
    }
    const m = /^\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (opts.control && m && m[1] === 'fake' && method === 'POST') return control(res, key, m[2]!, m[3]!, body);
    const handler = m ? routes[`${method} ${m[1]}/${m[2]}`] : undefined;
    if (!m || !handler) {
      send(res, 404, { status: 404, error: 'Not Found', response: { message: [`Cannot ${method} ${req.url}`] } });
      return;
    }
    requests.push({ method, path: url.pathname });
    const name = decodeURIComponent(m[3]!);
    const inst = instances.get(name);
    // Guards in Evolution's order: instance exists, then apikey.
    if (!inst)
      return send(res, 404, {
        status: 404,
        error: 'Not Found',
        response: { message: [`The "${name}" instance does not exist`] },
      });
    if (!key || (key !== globalKey && key !== inst.token))
      return send(res, 401, { status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } });
    try {
      const [status, answer] = await handler(inst, body, url.searchParams);
      send(res, status, answer);
    } catch (e) {
      if (e instanceof HttpError) send(res, e.status, e.body);
      else send(res, 500, { status: 500, error: 'Internal Server Error', response: { message: String(e) } });
    }
  }

  /** The test-only control routes (option `control`), guarded by the global key. */
  function control(res: ServerResponse, key: unknown, action: string, rawName: string, body: Record<string, unknown>) {
    if (key !== globalKey)
      return send(res, 401, { status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } });
    const inst = instances.get(decodeURIComponent(rawName));
    if (!inst) return send(res, 404, { status: 404, error: 'Not Found', response: { message: ['no instance'] } });
    if (action === 'receive' && typeof body.from === 'string') {
      const stored = receive(inst, {
        from: body.from,
        text: typeof body.text === 'string' ? body.text : '',
        pushName: typeof body.pushName === 'string' ? body.pushName : undefined,
        groupJid: typeof body.groupJid === 'string' ? body.groupJid : undefined,
      });
      return send(res, 201, withoutDb(stored));
    }
    if (action === 'state' && ['open', 'close', 'connecting'].includes(String(body.state))) {
      setState(inst, body.state as EvolutionState);
      return send(res, 200, { instance: { instanceName: inst.name, state: inst.state } });
    }
    return send(res, 400, { status: 400, error: 'Bad Request', response: { message: ['bad control request'] } });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  serverUrl = `http://${host}:${port}`;

  const get = (name: string): Instance => {
    const inst = instances.get(name);
    if (!inst) throw new Error(`unknown fake instance ${name}`);
    return inst;
  };

  return {
    url: serverUrl,
    globalKey,
    instance: get,
    setState: (name, state) => setState(get(name), state),
    receiveMessage: (name, input) => receive(get(name), input),
    redeliver: (name, keyId, times = 1) => {
      const inst = get(name);
      const stored = inst.messages.find((m) => m.key.id === keyId);
      if (!stored) throw new Error(`unknown message ${keyId}`);
      for (let i = 0; i < times; i++) emit(inst, 'messages.upsert', withoutDb(stored));
    },
    ack: (name, keyId, status) => {
      const inst = get(name);
      const stored = inst.messages.find((m) => m.key.id === keyId);
      if (!stored) throw new Error(`unknown message ${keyId}`);
      ack(inst, stored, status);
    },
    emit: (name, event, data) => emit(get(name), event, data),
    deliveries,
    requests,
    idle: async () => {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        stopped = true;
        for (const [t, wake] of sleepers) {
          clearTimeout(t);
          wake();
        }
        sleepers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
