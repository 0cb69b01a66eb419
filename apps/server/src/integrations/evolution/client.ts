import {
  EvolutionBadRequestError,
  EvolutionError,
  EvolutionInstanceNotFoundError,
  EvolutionMalformedError,
  EvolutionNoSessionError,
  EvolutionNotConnectedError,
  EvolutionNumberNotOnWhatsappError,
  EvolutionOperationError,
  EvolutionServerError,
  EvolutionTimeoutError,
  EvolutionUnauthorizedError,
  EvolutionUnreachableError,
} from './errors';
import type {
  EvolutionConnectResult,
  EvolutionGroup,
  EvolutionMessage,
  EvolutionMessagePage,
  EvolutionQrCode,
  EvolutionState,
  EvolutionWebhookConfig,
  EvolutionWebhookEventName,
} from './types';

export interface EvolutionClientOptions {
  /** e.g. https://evolution.example.com or http://127.0.0.1:8080 (a path prefix is kept). */
  baseUrl: string;
  /** The global key (AUTHENTICATION_API_KEY) or the instance's own token. Sent as the `apikey` header. */
  apiKey: string;
  /** Deadline of every call; default 10 000 ms. */
  timeoutMs?: number;
}

export interface FindMessagesQuery {
  /** Matched exactly by Evolution v2 (query both the 521… and 52… forms when unsure). */
  remoteJid?: string;
  id?: string;
  /** Only `true` filters (Evolution ignores false). */
  fromMe?: true;
  messageType?: string;
  /** Both bounds are needed for Evolution to apply the range. */
  timestamp?: { gte: Date; lte: Date };
  /** 1-based. */
  page?: number;
  /** Evolution's `offset` (page size), default 50. */
  pageSize?: number;
}

/** `POST /message/sendMedia/{instance}` (v2): a file as base64 (or a URL) with its type and name. */
export interface SendMediaInput {
  number: string;
  mediatype: 'image' | 'document' | 'video' | 'audio';
  mimetype: string;
  /** Base64 of the file (no data: prefix) or an http(s) URL. */
  media: string;
  fileName?: string;
  caption?: string;
}

export interface SendTextInput {
  /** Digits (with or without +, spaces, parentheses), a `…@s.whatsapp.net` JID, or a group `…@g.us`. */
  number: string;
  text: string;
  /** ms of "typing…" before sending. */
  delay?: number;
  linkPreview?: boolean;
  quoted?: { key: { id: string; remoteJid?: string; fromMe?: boolean }; message?: Record<string, unknown> };
}

export interface SetWebhookInput {
  url: string;
  enabled?: boolean;
  /** Always sent (Evolution reads its length); empty with enabled = every event. */
  events: EvolutionWebhookEventName[];
  byEvents?: boolean;
  base64?: boolean;
  headers?: Record<string, string>;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;

/** Flattens Evolution's `response.message` (string, array of strings/objects, nested arrays) to text. */
function detailOf(body: unknown): string {
  const message = obj(obj(body)?.response)?.message ?? obj(body)?.message;
  const parts: string[] = [];
  const walk = (v: unknown) => {
    if (v === undefined || v === null) return;
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object') parts.push(JSON.stringify(v));
    else parts.push(String(v));
  };
  walk(message);
  return parts.join('; ');
}

/** The `[{ jid, exists: false, number }]` answer of sendText for a number without WhatsApp. */
function missingNumber(body: unknown): string | null {
  const message = obj(obj(body)?.response)?.message;
  const first = Array.isArray(message) ? obj(message[0]) : undefined;
  if (first && first.exists === false) return String(first.number ?? first.jid ?? '');
  return null;
}

const qrOf = (v: Json): EvolutionQrCode => ({
  base64: typeof v.base64 === 'string' ? v.base64 : null,
  code: typeof v.code === 'string' ? v.code : null,
  pairingCode: typeof v.pairingCode === 'string' ? v.pairingCode : null,
  count: typeof v.count === 'number' ? v.count : 0,
});

/**
 * Client of Evolution API v2 (WhatsApp through Baileys), docs/protocols/evolution.md. Every call has a
 * deadline; every failure is an EvolutionError with a Spanish message. The API key is never logged or put
 * in an error.
 */
export class EvolutionClient {
  private readonly base: URL;
  private readonly timeoutMs: number;

  constructor(private readonly opts: EvolutionClientOptions) {
    const base = new URL(opts.baseUrl);
    if (!base.pathname.endsWith('/')) base.pathname += '/';
    this.base = base;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
  }

  /** `GET /instance/connectionState/{instance}`; null when Evolution has the instance but no live state. */
  async connectionState(instance: string): Promise<EvolutionState | null> {
    const body = obj(await this.call('GET', `instance/connectionState/${enc(instance)}`, instance));
    const state = obj(body?.instance)?.state ?? body?.state;
    return typeof state === 'string' ? (state as EvolutionState) : null;
  }

  /** Throws EvolutionNotConnectedError unless the instance is open (the spec's check before sending). */
  async requireOpen(instance: string): Promise<void> {
    const state = await this.connectionState(instance);
    if (state !== 'open') throw new EvolutionNotConnectedError(state);
  }

  /** `GET /instance/connect/{instance}[?number=]`: already open, or a QR / pairing code to show. */
  async connect(instance: string, opts: { number?: string } = {}): Promise<EvolutionConnectResult> {
    const query = opts.number ? `?number=${encodeURIComponent(opts.number.replace(/\D/g, ''))}` : '';
    const body = await this.call('GET', `instance/connect/${enc(instance)}${query}`, instance);
    return this.connectResult('connect', body);
  }

  /**
   * `POST /instance/restart/{instance}` (the v2 server's route; `PUT` as the docs and v1 say is tried when
   * POST is not routed). A closed instance cannot be restarted: that is reported as not connected.
   */
  async restart(instance: string): Promise<EvolutionConnectResult> {
    let body: unknown;
    try {
      body = await this.call('POST', `instance/restart/${enc(instance)}`, instance);
    } catch (e) {
      if (!(e instanceof EvolutionBadRequestError && e.status === 404 && /Cannot POST/i.test(e.detail))) throw e;
      body = await this.call('PUT', `instance/restart/${enc(instance)}`, instance);
    }
    try {
      return this.connectResult('restart', body);
    } catch (e) {
      if (e instanceof EvolutionOperationError) {
        const state = await this.connectionState(instance).catch(() => null);
        if (state !== 'open' && state !== 'connecting') throw new EvolutionNotConnectedError(state, 200);
      }
      throw e;
    }
  }

  /** `POST /message/sendText/{instance}` → the stored message (keep `key.id`). */
  async sendText(instance: string, input: SendTextInput): Promise<EvolutionMessage> {
    const body = await this.call('POST', `message/sendText/${enc(instance)}`, instance, input);
    const sent = obj(body);
    if (!sent || !obj(sent.key)) throw new EvolutionMalformedError(201);
    return sent as unknown as EvolutionMessage;
  }

  /** `POST /message/sendMedia/{instance}`: answers the stored message (documentMessage, imageMessage…). */
  async sendMedia(instance: string, input: SendMediaInput): Promise<EvolutionMessage> {
    const body = await this.call('POST', `message/sendMedia/${enc(instance)}`, instance, input);
    const sent = obj(body);
    if (!sent || !obj(sent.key)) throw new EvolutionMalformedError(201);
    return sent as unknown as EvolutionMessage;
  }

  /** `POST /chat/findMessages/{instance}`: one page, newest first. Accepts v2, v1 and plain-array answers. */
  async findMessages(instance: string, query: FindMessagesQuery = {}): Promise<EvolutionMessagePage> {
    const key: Json = {};
    if (query.remoteJid) key.remoteJid = query.remoteJid;
    if (query.id) key.id = query.id;
    if (query.fromMe) key.fromMe = true;
    const where: Json = {};
    if (Object.keys(key).length) where.key = key;
    if (query.messageType) where.messageType = query.messageType;
    if (query.timestamp)
      where.messageTimestamp = { gte: query.timestamp.gte.toISOString(), lte: query.timestamp.lte.toISOString() };
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 50;
    const body = await this.call('POST', `chat/findMessages/${enc(instance)}`, instance, {
      where,
      page,
      offset: pageSize,
    });
    const messages = obj(body)?.messages;
    const paged = obj(messages);
    if (paged && Array.isArray(paged.records)) {
      return {
        total: Number(paged.total ?? paged.records.length),
        pages: Number(paged.pages ?? 1),
        currentPage: Number(paged.currentPage ?? page),
        records: paged.records as EvolutionMessage[],
      };
    }
    const list = Array.isArray(messages) ? messages : Array.isArray(body) ? body : null;
    if (!list) throw new EvolutionMalformedError(200);
    return { total: list.length, pages: 1, currentPage: 1, records: list as EvolutionMessage[] };
  }

  /** Every page of a findMessages query, newest first, at most `maxPages` pages (history import). */
  async *allMessages(
    instance: string,
    query: Omit<FindMessagesQuery, 'page'> = {},
    maxPages = 1000,
  ): AsyncGenerator<EvolutionMessage[], void, undefined> {
    for (let page = 1; page <= maxPages; page++) {
      const result = await this.findMessages(instance, { ...query, page });
      if (result.records.length) yield result.records;
      if (page >= result.pages || result.records.length === 0) return;
    }
  }

  /** `GET /group/fetchAllGroups/{instance}?getParticipants=…` */
  async fetchAllGroups(instance: string, opts: { participants?: boolean } = {}): Promise<EvolutionGroup[]> {
    const participants = opts.participants ?? true;
    const body = await this.call(
      'GET',
      `group/fetchAllGroups/${enc(instance)}?getParticipants=${participants ? 'true' : 'false'}`,
      instance,
    );
    if (!Array.isArray(body)) throw new EvolutionMalformedError(200);
    return body as EvolutionGroup[];
  }

  /** `POST /group/create/{instance}`; participants as digits (numbers without WhatsApp are left out by Evolution). */
  async createGroup(
    instance: string,
    input: { subject: string; description?: string; participants: string[] },
  ): Promise<EvolutionGroup> {
    const payload: Json = { subject: input.subject, participants: input.participants };
    if (input.description) payload.description = input.description;
    const body = obj(await this.call('POST', `group/create/${enc(instance)}`, instance, payload));
    if (!body || typeof body.id !== 'string') throw new EvolutionMalformedError(201);
    return body as unknown as EvolutionGroup;
  }

  /** `DELETE /group/leaveGroup/{instance}?groupJid=…` (`@g.us` is added when missing). */
  async leaveGroup(instance: string, groupJid: string): Promise<{ groupJid: string; leave: boolean }> {
    const jid = groupJid.endsWith('@g.us') ? groupJid : `${groupJid}@g.us`;
    const body = obj(
      await this.call('DELETE', `group/leaveGroup/${enc(instance)}?groupJid=${encodeURIComponent(jid)}`, instance),
    );
    if (!body) throw new EvolutionMalformedError(200);
    return { groupJid: String(body.groupJid ?? jid), leave: body.leave === true };
  }

  /** `POST /webhook/set/{instance}` with the v2 nested body. */
  async setWebhook(instance: string, input: SetWebhookInput): Promise<EvolutionWebhookConfig> {
    const webhook: Json = {
      enabled: input.enabled ?? true,
      url: input.url,
      byEvents: input.byEvents ?? false,
      base64: input.base64 ?? false,
      events: input.events,
    };
    if (input.headers) webhook.headers = input.headers;
    const body = obj(await this.call('POST', `webhook/set/${enc(instance)}`, instance, { webhook }));
    if (!body) throw new EvolutionMalformedError(201);
    return body as unknown as EvolutionWebhookConfig;
  }

  /** `GET /webhook/find/{instance}`; null when none is set. */
  async findWebhook(instance: string): Promise<EvolutionWebhookConfig | null> {
    const body = obj(await this.call('GET', `webhook/find/${enc(instance)}`, instance));
    return body ? (body as unknown as EvolutionWebhookConfig) : null;
  }

  private connectResult(operation: 'connect' | 'restart', body: unknown): EvolutionConnectResult {
    const value = obj(body);
    if (!value) throw new EvolutionMalformedError(200);
    if (value.error === true) throw new EvolutionOperationError(operation, String(value.message ?? ''));
    const state = obj(value.instance)?.state ?? obj(value.instance)?.status;
    if (state === 'open') return { state: 'open' };
    return { state: 'pairing', qr: qrOf(obj(value.qrcode) ?? value) };
  }

  private async call(method: string, path: string, instance: string, payload?: unknown): Promise<unknown> {
    const url = new URL(path, this.base);
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          apikey: this.opts.apiKey,
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
    } catch (e) {
      throw this.networkError(e);
    }
    let text: string;
    try {
      text = await res.text();
    } catch (e) {
      throw this.networkError(e);
    }
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        if (res.ok) throw new EvolutionMalformedError(res.status);
        body = { response: { message: text.slice(0, 200) } };
      }
    }
    if (res.ok) return body;
    throw await this.httpError(res.status, body, instance);
  }

  private async httpError(status: number, body: unknown, instance: string): Promise<EvolutionError> {
    const detail = detailOf(body);
    if (status === 401) return new EvolutionUnauthorizedError();
    if (status === 404 && /does not exist|not found/i.test(detail) && !/^Cannot /.test(detail))
      return new EvolutionInstanceNotFoundError(instance);
    if (/No sessions/i.test(detail)) return new EvolutionNoSessionError(status);
    if (/Connection Closed|is not connected/i.test(detail)) {
      const state = await this.connectionState(instance).catch(() => null);
      return new EvolutionNotConnectedError(state ?? 'close', status);
    }
    const missing = status === 400 ? missingNumber(body) : null;
    if (missing !== null) return new EvolutionNumberNotOnWhatsappError(missing);
    if (status >= 500) return new EvolutionServerError(status, detail);
    return new EvolutionBadRequestError(status, detail);
  }

  private networkError(e: unknown): EvolutionError {
    if (e instanceof EvolutionError) return e;
    const name = (e as { name?: string })?.name;
    if (name === 'TimeoutError' || name === 'AbortError') return new EvolutionTimeoutError(this.timeoutMs);
    const cause = (e as { cause?: { code?: unknown } })?.cause;
    const code = typeof cause?.code === 'string' ? cause.code : undefined;
    return new EvolutionUnreachableError(this.base.host, code, e);
  }
}

const enc = (instance: string) => encodeURIComponent(instance);
