import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback Mercado Pago for tests and the demo (docs/protocols/mercadopago.md "Testing with the fake"): Checkout
 * Pro preferences, payments, search, refunds and cancellation with the real shapes and error envelope; a hosted
 * checkout page ('Aprobar', 'Pendiente (OXXO)', 'Rechazar'); and signed notifications (`x-signature`,
 * `x-request-id`) to each preference's `notification_url`, retried on a compressed schedule until a 2xx.
 */

export interface FakeMercadoPagoOptions {
  host?: string;
  port?: number;
  /** The access token it accepts (any `Bearer` when unset). */
  accessToken?: string;
  /** The webhook secret that signs notifications. */
  webhookSecret: string;
  collectorId?: number;
  /** Notification retries: attempts and the first delay (doubled after the third), compressed for tests. */
  retry?: { maxAttempts?: number; delayMs?: number };
  /**
   * Mercado Pago's clock: it dates payments and signs notifications with it (the real clock unless a test gives the
   * app and the fake one clock, so a test's business day never depends on the day the suite runs).
   */
  now?: () => Date;
}

export type FakeOutcome = 'approve' | 'pending' | 'reject';

export interface FakePayment {
  id: number;
  status: string;
  status_detail: string;
  currency_id: string;
  transaction_amount: number;
  transaction_amount_refunded: number;
  external_reference: string | null;
  metadata: Record<string, unknown>;
  payment_method_id: string;
  payment_type_id: string;
  date_created: string;
  date_approved: string | null;
  date_last_updated: string;
  date_of_expiration: string | null;
  collector_id: number;
  live_mode: boolean;
  transaction_details: { total_paid_amount: number; net_received_amount: number; external_resource_url: string | null };
  refunds: Array<{ id: number; payment_id: number; amount: number; status: string; date_created: string }>;
  /** Not in Mercado Pago's answer: the preference it came from. */
  preferenceId: string;
}

export interface FakeDelivery {
  url: string;
  paymentId: number;
  action: string;
  attempt: number;
  status: number | null;
  requestId: string;
  signature: string;
}

export interface FakeMercadoPago {
  url: string;
  preferences: Map<string, Record<string, unknown>>;
  payments: Map<number, FakePayment>;
  deliveries: FakeDelivery[];
  /** Every API call received (method and path), for assertions. */
  requests: Array<{ method: string; path: string }>;
  /** What the checkout page's buttons do: a payment of the preference, notified. */
  pay(
    prefId: string,
    outcome: FakeOutcome,
    opts?: { amount?: number; currency?: string; notify?: boolean },
  ): Promise<FakePayment>;
  /** Moves a payment (OXXO paid, refunded, charged back, expired) and notifies. */
  settle(id: number, to: 'approve' | 'reject' | 'expire' | 'refund' | 'chargeback'): Promise<FakePayment>;
  /** Sends a payment's notification again (a duplicate), optionally with a bad or stale signature. */
  notify(id: number, opts?: { action?: string; signature?: 'bad' | 'missing' | 'stale' }): Promise<void>;
  /** 'down': every API call answers 503; 'slow': calls hang until `mode('up')`. */
  mode(m: 'up' | 'down' | 'slow'): void;
  /** Resolves when every notification in flight (with its retries) is done. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

const COLLECTOR = 202809963;
const iso = (d: Date) => d.toISOString().replace('Z', '-00:00');

function mpError(res: ServerResponse, status: number, error: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ message, error, status, cause: [] }));
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function startFakeMercadoPago(opts: FakeMercadoPagoOptions): Promise<FakeMercadoPago> {
  const host = opts.host ?? '127.0.0.1';
  const clock = opts.now ?? (() => new Date());
  const collector = opts.collectorId ?? COLLECTOR;
  const maxAttempts = opts.retry?.maxAttempts ?? 6;
  const delayMs = opts.retry?.delayMs ?? 1_500;
  const preferences = new Map<string, Record<string, unknown>>();
  const payments = new Map<number, FakePayment>();
  const deliveries: FakeDelivery[] = [];
  const requests: Array<{ method: string; path: string }> = [];
  const idempotent = new Map<string, { body: string; answer: unknown }>();
  const pending = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  let nextPayment = 1_320_000_001;
  let nextRefund = 5_000_001;
  let state: 'up' | 'down' | 'slow' = 'up';
  const hung: Array<() => void> = [];
  let baseUrl = '';
  let stopped = false;

  const track = <T>(p: Promise<T>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p)).catch(() => undefined);
    return p;
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  function sign(paymentId: number, requestId: string, ts: number, secret = opts.webhookSecret) {
    const manifest = `id:${paymentId};request-id:${requestId};ts:${ts};`;
    return `ts=${ts},v1=${createHmac('sha256', secret).update(manifest).digest('hex')}`;
  }

  async function deliver(p: FakePayment, action: string, bad?: 'bad' | 'missing' | 'stale'): Promise<void> {
    const pref = preferences.get(p.preferenceId);
    const target = pref?.notification_url;
    if (typeof target !== 'string') return;
    const url = new URL(target);
    url.searchParams.set('data.id', String(p.id));
    url.searchParams.set('type', 'payment');
    const body = JSON.stringify({
      id: Math.floor(Math.random() * 1e11),
      live_mode: false,
      type: 'payment',
      date_created: iso(clock()),
      user_id: collector,
      api_version: 'v1',
      action,
      data: { id: String(p.id) },
    });
    for (let attempt = 1; attempt <= maxAttempts && !stopped; attempt++) {
      const requestId = randomUUID();
      const nowS = Math.floor(clock().getTime() / 1000);
      const signature =
        bad === 'bad'
          ? sign(p.id, requestId, nowS, 'not-the-secret')
          : bad === 'stale'
            ? sign(p.id, requestId, nowS - 3600)
            : sign(p.id, requestId, nowS);
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-request-id': requestId };
      if (bad !== 'missing') headers['x-signature'] = signature;
      let status: number | null;
      try {
        const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(22_000) });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = null;
      }
      deliveries.push({ url: url.toString(), paymentId: p.id, action, attempt, status, requestId, signature });
      // Only 200/201 count as delivered; a deliberately bad signature is not retried.
      if (status === 200 || status === 201 || bad) return;
      await sleep(attempt >= 3 ? delayMs * 4 : delayMs);
    }
  }

  const notifyPayment = (p: FakePayment, action: string, bad?: 'bad' | 'missing' | 'stale') =>
    track(deliver(p, action, bad));

  function newPayment(prefId: string, outcome: FakeOutcome, amount?: number, currency?: string): FakePayment {
    const pref = preferences.get(prefId);
    if (!pref) throw new Error(`unknown preference ${prefId}`);
    const item = (pref.items as Array<{ unit_price: number; currency_id: string }>)[0]!;
    const now = clock();
    const id = nextPayment++;
    const oxxo = outcome === 'pending';
    const status = outcome === 'approve' ? 'approved' : outcome === 'reject' ? 'rejected' : 'pending';
    const total = amount ?? item.unit_price;
    const p: FakePayment = {
      id,
      status,
      status_detail:
        status === 'approved'
          ? 'accredited'
          : status === 'rejected'
            ? 'cc_rejected_other_reason'
            : 'pending_waiting_payment',
      currency_id: currency ?? item.currency_id,
      transaction_amount: total,
      transaction_amount_refunded: 0,
      external_reference: (pref.external_reference as string | undefined) ?? null,
      metadata: (pref.metadata as Record<string, unknown> | undefined) ?? {},
      payment_method_id: oxxo ? 'oxxo' : 'visa',
      payment_type_id: oxxo ? 'ticket' : 'credit_card',
      date_created: iso(now),
      date_approved: status === 'approved' ? iso(now) : null,
      date_last_updated: iso(now),
      date_of_expiration: oxxo ? iso(new Date(now.getTime() + 3 * 86_400_000)) : null,
      collector_id: collector,
      live_mode: false,
      transaction_details: {
        total_paid_amount: total,
        net_received_amount: Math.round(total * 96) / 100,
        external_resource_url: oxxo ? `${baseUrl}/oxxo/${id}` : null,
      },
      refunds: [],
      preferenceId: prefId,
    };
    payments.set(id, p);
    return p;
  }

  const publicPayment = (p: FakePayment) => {
    const { preferenceId: _pref, ...rest } = p;
    return rest;
  };

  function transition(p: FakePayment, to: 'approve' | 'reject' | 'expire' | 'refund' | 'chargeback'): string | null {
    const now = iso(clock());
    if (to === 'approve' && ['pending', 'in_process'].includes(p.status)) {
      Object.assign(p, { status: 'approved', status_detail: 'accredited', date_approved: now });
    } else if (to === 'reject' && ['pending', 'in_process'].includes(p.status)) {
      Object.assign(p, { status: 'rejected', status_detail: 'cc_rejected_other_reason' });
    } else if (to === 'expire' && ['pending', 'in_process'].includes(p.status)) {
      Object.assign(p, { status: 'cancelled', status_detail: 'expired' });
    } else if (to === 'refund' && p.status === 'approved') {
      const refund = {
        id: nextRefund++,
        payment_id: p.id,
        amount: p.transaction_amount - p.transaction_amount_refunded,
        status: 'approved',
        date_created: now,
      };
      p.refunds.push(refund);
      Object.assign(p, {
        status: 'refunded',
        status_detail: 'refunded',
        transaction_amount_refunded: p.transaction_amount,
      });
    } else if (to === 'chargeback' && p.status === 'approved') {
      Object.assign(p, { status: 'charged_back', status_detail: 'settled' });
    } else return `El pago está ${p.status}`;
    p.date_last_updated = now;
    return null;
  }

  function checkoutPage(prefId: string): string {
    const pref = preferences.get(prefId)!;
    const item = (pref.items as Array<{ title: string; unit_price: number }>)[0]!;
    const button = (outcome: FakeOutcome, label: string) =>
      `<form method="post" action="/checkout/v1/pay"><input type="hidden" name="pref_id" value="${escapeHtml(prefId)}">` +
      `<input type="hidden" name="outcome" value="${outcome}"><button type="submit">${label}</button></form>`;
    return (
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
      `<title>Mercado Pago (simulado)</title></head><body style="font-family:sans-serif;max-width:420px;margin:2em auto">` +
      `<h1>Mercado Pago</h1><p>Pago simulado para la demostración.</p><p>${escapeHtml(item.title)}</p>` +
      `<p><strong>$${item.unit_price.toFixed(2)} MXN</strong></p>` +
      button('approve', 'Aprobar') +
      button('pending', 'Pendiente (OXXO)') +
      button('reject', 'Rechazar') +
      `</body></html>`
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', baseUrl);
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const raw = method === 'GET' ? '' : await readBody(req);

    // The hosted checkout (a browser, no token).
    if (method === 'GET' && path === '/checkout/v1/redirect') {
      const prefId = url.searchParams.get('pref_id') ?? '';
      if (!preferences.has(prefId)) return mpError(res, 404, 'not_found', 'Preference not found');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(checkoutPage(prefId));
    }
    if (method === 'POST' && path === '/checkout/v1/pay') {
      const form = new URLSearchParams(raw);
      const prefId = form.get('pref_id') ?? '';
      const outcome = form.get('outcome') as FakeOutcome;
      if (!preferences.has(prefId) || !['approve', 'pending', 'reject'].includes(outcome))
        return mpError(res, 400, 'bad_request', 'Invalid checkout');
      const p = newPayment(prefId, outcome);
      void notifyPayment(p, 'payment.created');
      const pref = preferences.get(prefId)!;
      const back = pref.back_urls as { success?: string; pending?: string; failure?: string } | undefined;
      const target = p.status === 'approved' ? back?.success : p.status === 'pending' ? back?.pending : back?.failure;
      if (!target) return json(res, 200, publicPayment(p));
      const to = new URL(target);
      to.searchParams.set('payment_id', String(p.id));
      to.searchParams.set('status', p.status);
      to.searchParams.set('external_reference', p.external_reference ?? '');
      to.searchParams.set('merchant_order_id', String(p.id + 7));
      res.writeHead(302, { location: to.toString() });
      return res.end();
    }

    requests.push({ method, path });
    if (state === 'down') return mpError(res, 503, 'service_unavailable', 'Service unavailable');
    if (state === 'slow') await new Promise<void>((resolve) => hung.push(resolve));
    const auth = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    if (!auth || (opts.accessToken && auth[1] !== opts.accessToken))
      return mpError(res, 401, 'unauthorized', 'invalid access token');

    if (method === 'POST' && path === '/checkout/preferences') {
      const key = String(req.headers['x-idempotency-key'] ?? '');
      const seen = key ? idempotent.get(key) : undefined;
      if (seen && seen.body === raw) return json(res, 201, seen.answer);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return mpError(res, 400, 'bad_request', 'invalid json');
      }
      const items = body.items as Array<{ unit_price?: unknown; currency_id?: unknown }> | undefined;
      if (!Array.isArray(items) || items.length === 0) return mpError(res, 400, 'invalid_items', 'items needed');
      if (items.some((i) => typeof i.unit_price !== 'number' || i.unit_price <= 0))
        return mpError(res, 400, 'invalid_items', 'unit_price invalid');
      if (items.some((i) => i.currency_id !== 'MXN')) return mpError(res, 400, 'invalid_items', 'currency_id invalid');
      const ref = body.external_reference;
      if (ref !== undefined && (typeof ref !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(ref)))
        return mpError(res, 400, 'invalid_external_reference', 'external_reference invalid');
      if (typeof body.notification_url === 'string' && body.notification_url.length > 248)
        return mpError(res, 400, 'invalid_notification_url', 'notification_url too long');
      const success = (body.back_urls as { success?: string } | undefined)?.success;
      if (body.auto_return && !(typeof success === 'string' && success.startsWith('https://')))
        return mpError(res, 400, 'invalid_auto_return', 'auto_return invalid. back_url.success must be defined');
      const id = `${collector}-${randomUUID()}`;
      const pref = {
        ...body,
        id,
        init_point: `${baseUrl}/checkout/v1/redirect?pref_id=${id}`,
        sandbox_init_point: `${baseUrl}/checkout/v1/redirect?pref_id=${id}`,
        collector_id: collector,
        client_id: '6295877106812064',
        date_created: iso(clock()),
        site_id: 'MLM',
      };
      preferences.set(id, pref);
      if (key) idempotent.set(key, { body: raw, answer: pref });
      return json(res, 201, pref);
    }
    let m = /^\/checkout\/preferences\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const pref = preferences.get(decodeURIComponent(m[1]!));
      return pref ? json(res, 200, pref) : mpError(res, 404, 'not_found', 'Preference not found');
    }
    if (method === 'GET' && path === '/v1/payments/search') {
      const ref = url.searchParams.get('external_reference');
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 30) || 30, 1000);
      const offset = Number(url.searchParams.get('offset') ?? 0) || 0;
      const all = [...payments.values()]
        .filter((p) => ref === null || p.external_reference === ref)
        .sort((a, b) => (url.searchParams.get('criteria') === 'asc' ? a.id - b.id : b.id - a.id));
      return json(res, 200, {
        paging: { total: all.length, limit, offset },
        results: all.slice(offset, offset + limit).map(publicPayment),
      });
    }
    m = /^\/v1\/payments\/(\d+)$/.exec(path);
    if (m) {
      const p = payments.get(Number(m[1]));
      if (!p) return mpError(res, 404, 'not_found', 'Payment not found');
      if (method === 'GET') return json(res, 200, publicPayment(p));
      if (method === 'PUT') {
        const body = JSON.parse(raw || '{}') as { status?: string };
        if (body.status !== 'cancelled') return mpError(res, 400, 'bad_request', 'only status cancelled');
        if (!['pending', 'in_process'].includes(p.status)) return mpError(res, 400, 'bad_request', 'cannot cancel');
        Object.assign(p, { status: 'cancelled', status_detail: 'by_collector', date_last_updated: iso(clock()) });
        void notifyPayment(p, 'payment.updated');
        return json(res, 200, publicPayment(p));
      }
    }
    m = /^\/v1\/payments\/(\d+)\/refunds$/.exec(path);
    if (m && method === 'POST') {
      if (!req.headers['x-idempotency-key']) return mpError(res, 400, 'bad_request', 'X-Idempotency-Key required');
      const p = payments.get(Number(m[1]));
      if (!p) return mpError(res, 404, 'not_found', 'Payment not found');
      const body = JSON.parse(raw || '{}') as { amount?: number };
      if (p.status !== 'approved') return mpError(res, 400, 'bad_request', 'payment not approved');
      const left = p.transaction_amount - p.transaction_amount_refunded;
      const amount = body.amount ?? left;
      if (amount <= 0 || amount > left + 1e-9) return mpError(res, 400, 'bad_request', 'invalid refund amount');
      const refund = { id: nextRefund++, payment_id: p.id, amount, status: 'approved', date_created: iso(clock()) };
      p.refunds.push(refund);
      p.transaction_amount_refunded += amount;
      if (Math.abs(p.transaction_amount_refunded - p.transaction_amount) < 1e-9)
        Object.assign(p, { status: 'refunded', status_detail: 'refunded' });
      else p.status_detail = 'partially_refunded';
      p.date_last_updated = iso(clock());
      void notifyPayment(p, 'payment.updated');
      return json(res, 201, refund);
    }
    m = /^\/__fake\/payments\/(\d+)\/(approve|reject|expire|refund|chargeback)$/.exec(path);
    if (m && method === 'POST') {
      const p = payments.get(Number(m[1]));
      if (!p) return mpError(res, 404, 'not_found', 'Payment not found');
      const problem = transition(p, m[2] as 'approve');
      if (problem) return mpError(res, 400, 'bad_request', problem);
      void notifyPayment(p, 'payment.updated');
      return json(res, 200, publicPayment(p));
    }
    return mpError(res, 404, 'not_found', 'resource not found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) mpError(res, 500, 'internal_error', String(err));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  baseUrl = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    preferences,
    payments,
    deliveries,
    requests,
    async pay(prefId, outcome, o = {}) {
      const p = newPayment(prefId, outcome, o.amount, o.currency);
      if (o.notify !== false) await notifyPayment(p, 'payment.created');
      return p;
    },
    async settle(id, to) {
      const p = payments.get(id);
      if (!p) throw new Error(`unknown payment ${id}`);
      const problem = transition(p, to);
      if (problem) throw new Error(problem);
      await notifyPayment(p, 'payment.updated');
      return p;
    },
    async notify(id, o = {}) {
      const p = payments.get(id);
      if (!p) throw new Error(`unknown payment ${id}`);
      await notifyPayment(p, o.action ?? 'payment.updated', o.signature);
    },
    mode(m) {
      state = m;
      if (m !== 'slow') for (const wake of hung.splice(0)) wake();
    },
    async settled() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    async stop() {
      stopped = true;
      for (const wake of hung.splice(0)) wake();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
