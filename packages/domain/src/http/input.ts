import { z } from '../zod';
import { localParts } from '../agenda/visit-slots';
import { isValidIsoDate } from '../customers/business-days';
import { DEFAULT_BUSINESS_TZ } from '../format/format';
import { toCentavos } from '../payments/amount';
import { MAX_INT } from './ids';

/**
 * Strict request input (docs/api-contract.md, docs/decisions.md "Strict input"): JSON numbers are JSON
 * numbers (never "0x1F", true or null read as numbers), money may also be a decimal string, ids in paths
 * are positive decimal integers, text carries no lone surrogates or control characters, and a date-time
 * without an offset is business time-zone time. Every request schema is built from these.
 */

export const INVALID_TEXT_MESSAGE = 'El texto contiene caracteres no válidos';
export const INVALID_ID_MESSAGE = 'Id inválido';

/** A UTF-16 surrogate not part of a pair (the `u` flag reads pairs as one code point). */
const LONE_SURROGATE = /\p{Cs}/u;
/** C0 and C1 control characters and DEL, except tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Every C0 and C1 control character and DEL (a one-line field has no tabs or line breaks either). */
// eslint-disable-next-line no-control-regex
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/;

const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'gu');
const CONTROLS_MULTI_LINE = new RegExp(CONTROL_MULTI_LINE.source, 'g');

/**
 * Text from a remote system made safe to store and show: each lone surrogate and control character (other than
 * tab and line breaks) becomes U+FFFD. For data we must keep (a customer's WhatsApp message), never refuse.
 */
export function replaceUnsafeText(text: string): string {
  return text.replace(LONE_SURROGATES, '\uFFFD').replace(CONTROLS_MULTI_LINE, '\uFFFD');
}

/** Text a person can have typed: no lone surrogate, no control character (tab and line breaks only when multi-line). */
export function isSafeText(text: string, multiline = false): boolean {
  return !LONE_SURROGATE.test(text) && !(multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(text);
}

/**
 * The path (`a.b.0`) of the first string or object key in a parsed JSON value that is not safe
 * multi-line text, or null when every one is. Used by the server's global guard on bodies and queries.
 */
export function findUnsafeText(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return isSafeText(value, true) ? null : path.join('.') || '_';
  if (!value || typeof value !== 'object' || depth > 64) return null;
  for (const [key, item] of Object.entries(value)) {
    if (!isSafeText(key, true)) return [...path, '(nombre de campo)'].join('.');
    const found = findUnsafeText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** A one-line text field: trimmed, refusing tabs, line breaks, control characters and lone surrogates. */
export const lineText = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .trim()
    .refine((v) => isSafeText(v), INVALID_TEXT_MESSAGE);

/** A multi-line text field (notes, descriptions): like `lineText`, but tabs and line breaks are allowed. */
export const multilineText = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .trim()
    .refine((v) => isSafeText(v, true), INVALID_TEXT_MESSAGE);

/** An integer that must arrive as a JSON number: strings, booleans and null are refused (no coercion). */
export const jsonInt = (message: string) => z.number({ error: message }).int(message);

/**
 * An id inside a JSON body: a positive 32-bit integer sent as a JSON number. `missing` is the message
 * when no number came ('Elige una categoría'); a number that is no id is 'Id inválido'.
 */
export const jsonId = (missing = INVALID_ID_MESSAGE) =>
  z.number({ error: missing }).int(INVALID_ID_MESSAGE).positive(INVALID_ID_MESSAGE).max(MAX_INT, INVALID_ID_MESSAGE);

/** A decimal amount of pesos as text: digits, and up to two decimals after a point. */
export const MONEY_TEXT = /^\d+(\.\d{1,2})?$/;
/** numeric(12,2): the largest amount a money column can hold. */
export const MAX_MONEY = 9_999_999_999.99;

/** Whole centavos, allowing binary noise (347.99999999999994 is 348.00; 1.005 is not two decimals). */
function hasAtMostTwoDecimals(n: number): boolean {
  return Math.abs(toCentavos(n) - n * 100) < 1e-6;
}

/**
 * Money in a JSON body: a JSON number or a decimal string (`"150.50"`), at most two decimals, finite, not
 * negative (`positive`: above 0), at most `max` (and always within numeric(12,2)).
 */
export function moneyInput(
  label: string,
  opts: { positive?: boolean; max?: number; maxMessage?: string; minMessage?: string } = {},
) {
  const notANumber = `${label} debe ser un número`;
  const max = Math.min(opts.max ?? MAX_MONEY, MAX_MONEY);
  const number = z
    .number({ error: notANumber })
    .refine((n) => hasAtMostTwoDecimals(n), `${label}: usa como máximo dos decimales`)
    .refine(
      (n) => (opts.positive ? n > 0 : n >= 0),
      opts.minMessage ?? (opts.positive ? `${label} debe ser mayor a 0` : `${label} debe ser 0 o mayor`),
    )
    .refine((n) => n <= max, opts.maxMessage ?? `${label} es demasiado grande`)
    .transform((n) => toCentavos(n) / 100);
  return z
    .union([z.number({ error: notANumber }), z.string({ error: notANumber }).regex(MONEY_TEXT, notANumber)], {
      error: notANumber,
    })
    .transform((v) => (typeof v === 'string' ? Number(v) : v))
    .pipe(number);
}

const POSITIVE_DECIMAL = /^[1-9][0-9]*$/;

/**
 * An id in a path, read from the raw text: a positive decimal integer up to 2^31-1. `0x10`, ` 1`, `1e3`,
 * `01`, `-1` and `0` are refused with a Spanish 400 instead of reaching the database as numbers.
 */
export const idParamSchema = z
  .string({ error: INVALID_ID_MESSAGE })
  .regex(POSITIVE_DECIMAL, INVALID_ID_MESSAGE)
  .max(10, INVALID_ID_MESSAGE)
  .transform(Number)
  .pipe(z.number().max(MAX_INT, INVALID_ID_MESSAGE));

/** An integer in a query string: digits only (a query string carries text), within `min`..`max`. */
export function queryInt(message: string, opts: { min?: number; max?: number; rangeMessage?: string } = {}) {
  const min = opts.min ?? 0;
  const max = opts.max ?? MAX_INT;
  const range = opts.rangeMessage ?? message;
  return z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, range).max(max, range));
}

/**
 * A calendar date as requests carry it, 'YYYY-MM-DD': a real day between 1900 and 2099 (`isValidIsoDate`), so
 * '0000-01-01', '9999-99-99' and '2024-02-30' are a Spanish 400, never a database error.
 */
export const dateInput = (message: string) => z.string({ error: message }).trim().refine(isValidIsoDate, message);

/**
 * A date-time as requests carry it: ISO 8601, with an offset (`Z`, `-06:00`) or without one (business time),
 * on a calendar date `dateInput` accepts.
 */
export const dateTimeInput = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .pipe(z.iso.datetime({ offset: true, local: true, error: message }))
    .pipe(z.string().refine((v) => isValidIsoDate(v.slice(0, 10)), message));

const WITH_OFFSET = /(Z|[+-]\d{2}:\d{2})$/i;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/;

/** How far `tz` is ahead of UTC at an instant, in milliseconds (whole seconds). */
function zoneOffsetMs(utcMs: number, tz: string): number {
  const { date, minutes, seconds } = localParts(new Date(utcMs), tz);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const local = Date.UTC(y, m - 1, d) + minutes * 60_000 + Math.floor(seconds) * 1000;
  return local - Math.floor(utcMs / 1000) * 1000;
}

/**
 * The instant a request's date-time means. With an offset it is that instant; without one it is wall-clock
 * time in `tz` (BUSINESS_TZ), under the zone's rules of that date (Mexico City kept daylight saving time
 * until 2022). A time that happens twice (clocks turned back) is the first one; a time skipped when
 * clocks moved forward is read with the offset before the change (02:30 becomes 03:30), as Temporal's
 * 'compatible' rule does. Returns an invalid Date for text that is not a date-time.
 */
export function toInstant(value: string, tz = DEFAULT_BUSINESS_TZ): Date {
  const text = value.trim();
  if (WITH_OFFSET.test(text)) return new Date(text);
  const m = LOCAL_DATE_TIME.exec(text);
  if (!m) return new Date(Number.NaN);
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map((p) => Number(p ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Number(((m[7] ?? '') + '000').slice(0, 3));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const before = zoneOffsetMs(wall, tz);
  const first = wall - before;
  const after = zoneOffsetMs(first, tz);
  if (after === before) return new Date(first);
  // The guess crossed a change of offset: use the other offset when it reads back as the same wall time.
  const second = wall - after;
  return new Date(zoneOffsetMs(second, tz) === after ? second : first);
}
