import { randomUUID } from 'node:crypto';
import { IntegrationError, secondsText } from '../integration-error';

/**
 * A thin Mercado Pago client (docs/protocols/mercadopago.md): Checkout Pro preferences, reading a payment,
 * searching payments by `external_reference`, and refunds (the fake's tests). Protocol only: no business rule.
 * Every call has a deadline (10 s by default) and is tried once: the caller decides what a failure means.
 */

export const DEFAULT_MERCADOPAGO_API_URL = 'https://api.mercadopago.com';
export const MERCADOPAGO_TIMEOUT_MS = 10_000;

export type MercadoPagoErrorCode =
  | 'mercadopago_unauthorized'
  | 'mercadopago_not_found'
  | 'mercadopago_bad_request'
  | 'mercadopago_server_error'
  | 'mercadopago_timeout'
  | 'mercadopago_unreachable'
  | 'mercadopago_malformed';

export class MercadoPagoError extends IntegrationError<MercadoPagoErrorCode> {
  constructor(
    code: MercadoPagoErrorCode,
    message: string,
    readonly status: number | null = null,
    detail?: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, detail, options);
  }
}

export interface PreferenceItem {
  id: string;
  title: string;
  quantity: number;
  unit_price: number;
  currency_id: 'MXN';
}

export interface PreferenceRequest {
  items: PreferenceItem[];
  external_reference: string;
  notification_url?: string;
  back_urls?: { success: string; pending: string; failure: string };
  auto_return?: 'approved' | 'all';
  payment_methods?: { installments?: number; excluded_payment_types?: Array<{ id: string }> };
  expires?: boolean;
  expiration_date_to?: string;
  date_of_expiration?: string;
  statement_descriptor?: string;
  metadata?: Record<string, unknown>;
}

export interface Preference {
  id: string;
  init_point: string;
  sandbox_init_point?: string;
  external_reference?: string;
}

/** The fields of a payment we read (docs/protocols/mercadopago.md "Calls"). */
export interface MercadoPagoPayment {
  id: number;
  status: string;
  status_detail?: string;
  currency_id: string;
  transaction_amount: number;
  transaction_amount_refunded?: number;
  external_reference: string | null;
  payment_method_id?: string;
  payment_type_id?: string;
  date_created?: string;
  date_approved?: string | null;
  live_mode?: boolean;
}

export interface PaymentSearch {
  paging: { total: number; limit: number; offset: number };
  results: MercadoPagoPayment[];
}

export interface MercadoPagoClientOptions {
  baseUrl: string;
  accessToken: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

function isPayment(v: unknown): v is MercadoPagoPayment {
  const p = v as Partial<MercadoPagoPayment> | null;
  return (
    !!p &&
    (typeof p.id === 'number' || typeof p.id === 'string') &&
    typeof p.status === 'string' &&
    typeof p.transaction_amount === 'number'
  );
}

export class MercadoPagoClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly opts: MercadoPagoClientOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? MERCADOPAGO_TIMEOUT_MS;
    this.fetchFn = opts.fetch ?? fetch;
  }

  /** POST /checkout/preferences (with a fresh X-Idempotency-Key). */
  async createPreference(body: PreferenceRequest): Promise<Preference> {
    const pref = await this.call('POST', '/checkout/preferences', body);
    const p = pref as Partial<Preference> | null;
    if (!p || typeof p.id !== 'string' || typeof p.init_point !== 'string')
      throw new MercadoPagoError('mercadopago_malformed', 'Mercado Pago respondió sin la preferencia de pago');
    return p as Preference;
  }

  /** GET /v1/payments/{id}. */
  async getPayment(id: string): Promise<MercadoPagoPayment> {
    const p = await this.call('GET', `/v1/payments/${encodeURIComponent(id)}`);
    if (!isPayment(p)) throw new MercadoPagoError('mercadopago_malformed', 'Mercado Pago respondió sin el pago');
    return { ...p, id: Number(p.id) };
  }

  /** GET /v1/payments/search by external_reference, every page (newest first). */
  async searchByReference(reference: string): Promise<MercadoPagoPayment[]> {
    const out: MercadoPagoPayment[] = [];
    const limit = 50;
    for (let offset = 0; offset < 1000; offset += limit) {
      const q = new URLSearchParams({
        external_reference: reference,
        sort: 'date_created',
        criteria: 'desc',
        limit: String(limit),
        offset: String(offset),
      });
      const page = (await this.call('GET', `/v1/payments/search?${q}`)) as Partial<PaymentSearch> | null;
      if (!page || !Array.isArray(page.results) || !page.paging)
        throw new MercadoPagoError('mercadopago_malformed', 'Mercado Pago respondió sin la búsqueda de pagos');
      out.push(...page.results.filter(isPayment).map((p) => ({ ...p, id: Number(p.id) })));
      if (page.results.length === 0 || offset + limit >= page.paging.total) break;
    }
    return out;
  }

  /** POST /v1/payments/{id}/refunds: `{}` refunds it all, `{amount}` a part. */
  async refund(id: string, amount?: number): Promise<{ id: number; amount: number }> {
    return (await this.call('POST', `/v1/payments/${encodeURIComponent(id)}/refunds`, amount ? { amount } : {})) as {
      id: number;
      amount: number;
    };
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.opts.accessToken}`,
      accept: 'application/json',
    };
    if (method !== 'GET') {
      headers['content-type'] = 'application/json';
      headers['x-idempotency-key'] = randomUUID();
    }
    let res: Response;
    let text: string;
    try {
      res = await this.fetchFn(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw timeout
        ? new MercadoPagoError(
            'mercadopago_timeout',
            `Mercado Pago no respondió en ${secondsText(this.timeoutMs)}`,
            null,
            undefined,
            { cause: err },
          )
        : new MercadoPagoError('mercadopago_unreachable', 'No se pudo conectar con Mercado Pago', null, String(err), {
            cause: err,
          });
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (res.ok) return json;
    const detail = (json as { message?: string } | null)?.message ?? text.slice(0, 200);
    if (res.status === 401 || res.status === 403)
      throw new MercadoPagoError(
        'mercadopago_unauthorized',
        'Mercado Pago rechazó el access token',
        res.status,
        detail,
      );
    if (res.status === 404)
      throw new MercadoPagoError('mercadopago_not_found', 'Mercado Pago no encontró el recurso', 404, detail);
    if (res.status >= 400 && res.status < 500)
      throw new MercadoPagoError('mercadopago_bad_request', 'Mercado Pago rechazó la solicitud', res.status, detail);
    throw new MercadoPagoError('mercadopago_server_error', 'Mercado Pago tuvo un error', res.status, detail);
  }
}
