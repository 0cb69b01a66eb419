import { sameAmount } from './portal';

/**
 * Online payments through Mercado Pago Checkout Pro (docs/business-rules.md "Paying online",
 * docs/protocols/mercadopago.md). Pure: which state an intent is in, what a payment read from Mercado Pago
 * means for it, and the notification signature.
 */

export const ONLINE_PAYMENT_STATES = ['pendiente', 'aprobado', 'rechazado', 'expirado', 'reembolsado'] as const;
export type OnlinePaymentState = (typeof ONLINE_PAYMENT_STATES)[number];

/** The bank-group account online payments are registered in. */
export const MERCADOPAGO_ACCOUNT_NAME = 'Mercado Pago';
export const MERCADOPAGO_CURRENCY = 'MXN';
/** Intents still pending after this are looked up by their reference (a lost notification never loses a payment). */
export const ONLINE_PAYMENT_LOOKUP_AFTER_MS = 30 * 60_000;
/** How long a preference and its cash ticket (OXXO, SPEI) stay payable. */
export const ONLINE_PAYMENT_PAYABLE_MS = 3 * 24 * 3_600_000;
/** An intent with nothing approved nor pending this long after its creation is expired (a day after the ticket). */
export const ONLINE_PAYMENT_EXPIRES_MS = ONLINE_PAYMENT_PAYABLE_MS + 24 * 3_600_000;
/** Mercado Pago's (and our) limit of an `external_reference`: letters, digits, `-` and `_`, up to 64. */
export const EXTERNAL_REFERENCE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Our intents' ids, used as the `external_reference`: a UUID. */
const INTENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isOnlinePaymentId = (text: string) => INTENT_ID.test(text);
/** Whether an `external_reference` could be one of ours (it still has to name a stored intent). */
export const isOurReference = (ref: unknown): ref is string =>
  typeof ref === 'string' && EXTERNAL_REFERENCE_PATTERN.test(ref) && isOnlinePaymentId(ref);

/** What we read of a Mercado Pago payment. */
export interface MercadoPagoPaymentFacts {
  id: number | string;
  status: string;
  currency_id?: string | null;
  transaction_amount?: number | null;
  external_reference?: string | null;
}

export interface IntentFacts {
  id: string;
  monto: number;
  estado: OnlinePaymentState;
  /** The Mercado Pago payment that paid it, once registered. */
  mpPaymentId: string | null;
}

export type PaymentDecision =
  | { kind: 'register' }
  | { kind: 'already_registered' }
  /** A second approved payment for an intent another payment already paid: registered too (the money is real). */
  | { kind: 'register_extra' }
  /** Still waiting (OXXO, SPEI, review): the intent is (back to) pending. */
  | { kind: 'pending' }
  /** Nothing changes (an old event arriving after the intent was settled). */
  | { kind: 'ignore' }
  | { kind: 'rejected' }
  | { kind: 'expired' }
  | { kind: 'refund'; chargeback: boolean }
  | { kind: 'mismatch'; reason: string };

/**
 * What a payment read from Mercado Pago does to its intent. Only `approved`, in MXN, for the intent's amount and
 * reference pays; a refund or chargeback of the registered payment flags it (never reverses it); anything unknown
 * stays pending (re-checked later).
 */
export function decidePayment(intent: IntentFacts, p: MercadoPagoPaymentFacts): PaymentDecision {
  const paymentId = String(p.id);
  if (p.external_reference !== intent.id) return { kind: 'mismatch', reason: 'La referencia no es la del intento' };
  const registeredHere = intent.mpPaymentId === paymentId;
  if (p.status === 'refunded' || p.status === 'charged_back') {
    return registeredHere ? { kind: 'refund', chargeback: p.status === 'charged_back' } : { kind: 'ignore' };
  }
  if (p.status === 'approved') {
    if (registeredHere) return { kind: 'already_registered' };
    if (p.currency_id !== MERCADOPAGO_CURRENCY) return { kind: 'mismatch', reason: `Moneda ${p.currency_id ?? '?'}` };
    if (typeof p.transaction_amount !== 'number' || !sameAmount(p.transaction_amount, intent.monto))
      return { kind: 'mismatch', reason: `Monto ${p.transaction_amount ?? '?'} en lugar de ${intent.monto}` };
    return intent.mpPaymentId === null ? { kind: 'register' } : { kind: 'register_extra' };
  }
  if (intent.estado !== 'pendiente' && intent.estado !== 'rechazado') return { kind: 'ignore' };
  if (p.status === 'rejected') return { kind: 'rejected' };
  if (p.status === 'cancelled') return { kind: 'expired' };
  return { kind: 'pending' };
}

// --- Notification signature (x-signature), docs/protocols/mercadopago.md "Notifications" ---

/** A notification's `ts` older (or further ahead) than this is refused. */
export const SIGNATURE_MAX_AGE_MS = 10 * 60_000;

/** `ts=1704908010,v1=<hex>` → its parts; null when `ts` or `v1` is missing. */
export function parseSignatureHeader(header: string | undefined): { ts: string; v1: string } | null {
  if (!header) return null;
  const parts = new Map<string, string>();
  for (const piece of header.split(',')) {
    const eq = piece.indexOf('=');
    if (eq < 0) continue;
    parts.set(piece.slice(0, eq).trim(), piece.slice(eq + 1).trim());
  }
  const ts = parts.get('ts');
  const v1 = parts.get('v1');
  return ts && v1 && /^\d{1,16}$/.test(ts) && /^[0-9a-fA-F]{64}$/.test(v1) ? { ts, v1: v1.toLowerCase() } : null;
}

/** `ts` in milliseconds: Mercado Pago sends seconds (10 digits) and, on some products, milliseconds (13). */
export function signatureTimeMs(ts: string): number {
  const n = Number(ts);
  return n > 1e12 ? n : n * 1000;
}

export function signatureFresh(ts: string, now: Date): boolean {
  return Math.abs(now.getTime() - signatureTimeMs(ts)) <= SIGNATURE_MAX_AGE_MS;
}

/**
 * The signed text: `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`, a pair left out when its value is missing.
 * An alphanumeric `data.id` is tried as received and lower-cased (the providers' tools disagree).
 */
export function signatureManifests(dataId: string | undefined, requestId: string | undefined, ts: string): string[] {
  const build = (id: string | undefined) =>
    `${id ? `id:${id};` : ''}${requestId ? `request-id:${requestId};` : ''}ts:${ts};`;
  const raw = build(dataId);
  const lower = build(dataId?.toLowerCase());
  return raw === lower ? [raw] : [raw, lower];
}

export type SignatureCheck = 'ok' | 'missing' | 'stale' | 'mismatch';

export interface SignatureInput {
  header: string | undefined;
  requestId: string | undefined;
  dataId: string | undefined;
  secret: string;
  now: Date;
  /** Hex HMAC-SHA256 of `message` with `key` (node:crypto on the server). */
  hmacHex: (key: string, message: string) => string;
}

/** Compares two hex strings in time independent of where they differ. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** A notification's signature: missing parts (or no secret), a stale `ts`, or an HMAC that does not match are refused. */
export function checkSignature(input: SignatureInput): SignatureCheck {
  const sig = parseSignatureHeader(input.header);
  if (!sig || !input.secret || !input.requestId || !input.dataId) return 'missing';
  if (!signatureFresh(sig.ts, input.now)) return 'stale';
  const ok = signatureManifests(input.dataId, input.requestId, sig.ts).some((m) =>
    sameHex(input.hmacHex(input.secret, m).toLowerCase(), sig.v1),
  );
  return ok ? 'ok' : 'mismatch';
}
