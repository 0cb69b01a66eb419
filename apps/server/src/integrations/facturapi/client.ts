import { pacErrorMeaning, type PacErrorKind } from '@airlink/domain';
import { IntegrationError, secondsText } from '../integration-error';
import type { FacturapiErrorBody, FacturapiInvoice, FacturapiInvoiceInput } from './types';

export interface FacturapiClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Deadline of every call; default 10 000 ms. */
  timeoutMs?: number;
}

/**
 * A failure of the PAC: `kind` says whether to retry ('transitorio'), fix the customer's data ('datos') or the
 * configuration ('configuracion'); `message` is the Spanish reason staff see; `body` the PAC's own answer.
 */
export class FacturapiError extends IntegrationError<PacErrorKind> {
  constructor(
    readonly kind: PacErrorKind,
    message: string,
    readonly status: number | null,
    readonly body: FacturapiErrorBody | null,
    options?: { cause?: unknown },
  ) {
    super(kind, message, body?.code, options);
  }

  /** The PAC answered that this request's idempotency key or state conflicts: look the invoice up first. */
  get isConflict(): boolean {
    return this.status === 409 || this.body?.code === 'idempotency_key_in_use' || this.body?.code === 'conflict';
  }
}

interface ListAnswer {
  data: FacturapiInvoice[];
}

/**
 * A thin client of Facturapi's v2 API (docs/protocols/facturapi.md): Bearer key, JSON, a 10 s deadline per
 * call, every failure a FacturapiError with its Spanish reason. No retries here: the invoicing job retries.
 */
export class FacturapiClient {
  private readonly base: string;
  private readonly timeoutMs: number;

  constructor(private readonly opts: FacturapiClientOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? 10_000;
  }

  createInvoice(input: FacturapiInvoiceInput): Promise<FacturapiInvoice> {
    return this.json('POST', '/invoices', input);
  }

  getInvoice(id: string): Promise<FacturapiInvoice> {
    return this.json('GET', `/invoices/${encodeURIComponent(id)}`);
  }

  /** The invoice sent with this `external_id` (our recovery path after a timeout), or null. */
  async findByExternalId(externalId: string): Promise<FacturapiInvoice | null> {
    const list = await this.json<ListAnswer>('GET', `/invoices?external_id=${encodeURIComponent(externalId)}`);
    if (!Array.isArray(list?.data)) throw this.malformed();
    return list.data.find((i) => i.status !== 'canceled' && i.status !== 'failed') ?? null;
  }

  cancelInvoice(id: string, motive: string, substitution?: string): Promise<FacturapiInvoice> {
    const query = new URLSearchParams({ motive });
    if (substitution) query.set('substitution', substitution);
    return this.json('DELETE', `/invoices/${encodeURIComponent(id)}?${query}`);
  }

  /** The stamped PDF or XML. */
  async download(id: string, kind: 'pdf' | 'xml'): Promise<Buffer> {
    const res = await this.request('GET', `/invoices/${encodeURIComponent(id)}/${kind}`);
    return Buffer.from(await res.arrayBuffer());
  }

  private async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.request(method, path, body);
    const text = await res.text();
    try {
      const parsed = JSON.parse(text) as T;
      if (parsed === null || typeof parsed !== 'object') throw new Error('not an object');
      return parsed;
    } catch (err) {
      throw this.malformed(err);
    }
  }

  private malformed(cause?: unknown): FacturapiError {
    return new FacturapiError('transitorio', 'el PAC respondió algo que no se entiende: se reintentará', null, null, {
      cause,
    });
  }

  private async request(method: string, path: string, body?: unknown): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.opts.apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new FacturapiError(
        'transitorio',
        timedOut
          ? `el PAC no respondió en ${secondsText(this.timeoutMs)}: se reintentará`
          : 'no se pudo conectar con el PAC: se reintentará',
        null,
        null,
        { cause: err },
      );
    }
    if (res.ok) return res;
    const text = await res.text().catch(() => '');
    let parsed: FacturapiErrorBody | null = null;
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object') parsed = value as FacturapiErrorBody;
    } catch {
      parsed = null;
    }
    const meaning = pacErrorMeaning(parsed ? { ...parsed, status: res.status } : { status: res.status });
    // A 5xx or 429 is transient whatever its body says; anything else the PAC refused for a reason.
    const kind = res.status >= 500 || res.status === 429 ? 'transitorio' : meaning.kind;
    return Promise.reject(new FacturapiError(kind, meaning.motivo, res.status, parsed));
  }
}
