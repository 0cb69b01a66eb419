import { paymentTotal, toCentavos, toPesos } from '../payments/amount';
import { phoneKey } from '../whatsapp/phone';

/**
 * The customer portal's rules (docs/business-rules.md "Customer portal"): sign-in by a 6-digit code sent by
 * WhatsApp, the account's state and what paying online costs. Pure: the server stores and counts.
 */

export const PORTAL_CODE_DIGITS = 6;
/** A code works for 10 minutes, once. */
export const PORTAL_CODE_TTL_MS = 10 * 60_000;
/** Wrong tries one code takes before it dies. */
export const PORTAL_CODE_MAX_TRIES = 5;
/** Wrong codes in a row (any code) that lock the contract's sign-in. */
export const PORTAL_WRONG_CODES_TO_LOCK = 5;
export const PORTAL_LOCK_MS = 15 * 60_000;
/** Codes one phone may receive per hour, and codes one client address may ask for per hour. */
export const PORTAL_CODES_PER_PHONE_PER_HOUR = 5;
export const PORTAL_CODES_PER_IP_PER_HOUR = 20;
export const PORTAL_SESSION_DAYS = 30;
export const PORTAL_COOKIE_NAME = 'airlink_portal';
/** The cookie is sent only to the portal's API, never to a staff route. */
export const PORTAL_COOKIE_PATH = '/api/portal';

/** The same answer whether or not the contract and phone exist (no enumeration). */
export const PORTAL_CODE_SENT_MESSAGE =
  'Si el contrato y el teléfono coinciden con nuestros registros, te enviamos un código por WhatsApp. Vence en 10 minutos.';
export const PORTAL_WRONG_CODE_MESSAGE = 'El código no es válido o ya venció. Pide uno nuevo si lo necesitas.';
export const PORTAL_LOCKED_MESSAGE =
  'Demasiados códigos equivocados: el acceso a este contrato está bloqueado 15 minutos. Intenta más tarde.';
export const PORTAL_SIGN_IN_MESSAGE = 'Inicia sesión en el portal con tu número de contrato y tu teléfono.';

/** Whether `text` is the code shape (6 digits). */
export const isPortalCodeShape = (text: string) => /^\d{6}$/.test(text);

export interface StoredCode {
  expiresAt: Date;
  usedAt: Date | null;
  tries: number;
}

/** Whether a stored code may still be tried: unused, unexpired and with tries left. */
export function codeUsable(code: StoredCode, now: Date): boolean {
  return code.usedAt === null && code.expiresAt.getTime() > now.getTime() && code.tries < PORTAL_CODE_MAX_TRIES;
}

export interface SignInLock {
  /** Wrong codes since the last sign-in or the last lock. */
  wrong: number;
  lockedUntil: Date | null;
}

export function isSignInLocked(lock: SignInLock, now: Date): boolean {
  return lock.lockedUntil !== null && lock.lockedUntil.getTime() > now.getTime();
}

/** The lock after one more wrong code: the fifth in a row locks sign-in for 15 minutes and starts the count again. */
export function afterWrongCode(lock: SignInLock, now: Date): SignInLock {
  const wrong = lock.wrong + 1;
  if (wrong >= PORTAL_WRONG_CODES_TO_LOCK) return { wrong: 0, lockedUntil: new Date(now.getTime() + PORTAL_LOCK_MS) };
  return { wrong, lockedUntil: lock.lockedUntil };
}

/** Whether one more code may go out, given the codes already sent in the last hour to the phone and from the address. */
export function mayIssueCode(sentLastHour: { phone: number; ip: number }): boolean {
  return sentLastHour.phone < PORTAL_CODES_PER_PHONE_PER_HOUR && sentLastHour.ip < PORTAL_CODES_PER_IP_PER_HOUR;
}

/**
 * The comparable form of a phone typed in the portal (spaces, dashes, dots, parentheses, a leading + allowed):
 * `52` + 10 digits for a Mexican number (as `phoneKey`, which also reads the stored `telefono`), or null
 * when it holds anything else or is not 10 to 15 digits.
 */
export function portalPhoneKey(input: string): string | null {
  const text = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  const key = phoneKey(text);
  return key.length >= 10 && key.length <= 15 ? key : null;
}

/** Whether a typed phone is the contract's phone on file. */
export function portalPhoneMatches(input: string, stored: string): boolean {
  const key = portalPhoneKey(input);
  return key !== null && key === phoneKey(stored);
}

export type ContractReference = { no: number; displayId: string | null };

/**
 * What the customer typed as their contract: the contract number (`12`, `0012`) or the display id
 * (`260012JuanPerezHidalgo12Centro`: 2-digit year, the number, then letters). The number is what is looked up;
 * a display id must then match the contract's whole display id (`sameDisplayId`). Null: neither.
 */
export function parseContractReference(input: string): ContractReference | null {
  const text = input.trim().replace(/\s+/g, '');
  if (/^\d{1,9}$/.test(text)) {
    const no = Number(text);
    return no > 0 ? { no, displayId: null } : null;
  }
  const m = /^(\d{2})(\d{4,9})(?=[^\d])/.exec(text);
  if (!m || text.length > 200) return null;
  const no = Number(m[2]);
  return no > 0 ? { no, displayId: text } : null;
}

/** A typed display id against the contract's, ignoring case and spaces. */
export function sameDisplayId(typed: string, actual: string): boolean {
  const fold = (s: string) => s.replace(/\s+/g, '').toLowerCase();
  return fold(typed) === fold(actual);
}

export const ACCOUNT_STATES = ['al_corriente', 'con_retraso', 'suspendido'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/** A cut contract is suspended; otherwise late from the first day after paid-until (`latenessOf`). */
export function accountState(cortado: boolean, diasRetraso: number): AccountState {
  if (cortado) return 'suspendido';
  return diasRetraso > 0 ? 'con_retraso' : 'al_corriente';
}

/** 'Al corriente', 'Con retraso de 5 días', 'Servicio suspendido'. */
export function accountStateText(state: AccountState, diasRetraso: number): string {
  if (state === 'suspendido') return 'Servicio suspendido';
  if (state === 'al_corriente') return 'Al corriente';
  return `Con retraso de ${diasRetraso} ${diasRetraso === 1 ? 'día' : 'días'}`;
}

export const ONLINE_PAYMENT_MIN_MONTHS = 1;
export const ONLINE_PAYMENT_MAX_MONTHS = 12;

export interface OnlineCharge {
  monthly: number;
  months: number;
  /** The contract is cut: the payment reconnects it and carries the reconnection fee. */
  cortado: boolean;
  facturar: boolean;
}

/**
 * What paying `months` online costs: months x the monthly amount, plus the reconnection fee when cut, then the
 * invoice surcharge when invoiced — the cashier's `paymentTotal`, so the payment registers as exactly those months.
 */
export function onlinePaymentAmount({ monthly, months, cortado, facturar }: OnlineCharge): number {
  return paymentTotal({ base: toPesos(toCentavos(monthly) * months), reconexion: cortado, facturar });
}

/** Whether two amounts in pesos are the same to the centavo. */
export const sameAmount = (a: number, b: number) => toCentavos(a) === toCentavos(b);
