/** es-MX formatting in the business time zone. Pure Intl, so the server and the web agree. */
export const DEFAULT_BUSINESS_TZ = 'America/Mexico_City';
export const LOCALE = 'es-MX';

const moneyFmt = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'MXN', minimumFractionDigits: 2 });

/** Amounts already written: a business has a few hundred distinct fees and payments; emptied when full. */
const moneyTexts = new Map<number, string>();
const MONEY_MEMORY = 2_000;

/** $1,234.50 */
export function formatMoney(pesos: number | string | null | undefined): string {
  const n = typeof pesos === 'string' ? Number(pesos) : pesos;
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  // Intl's format is the costliest step of a payment's log text and notice (docs/performance.md).
  if (Object.is(n, -0)) return moneyFmt.format(n);
  let text = moneyTexts.get(n);
  if (text === undefined) {
    if (moneyTexts.size >= MONEY_MEMORY) moneyTexts.clear();
    text = moneyFmt.format(n);
    moneyTexts.set(n, text);
  }
  return text;
}

const numberFmts = new Map<number, Intl.NumberFormat>();

/**
 * THE number format of the app (es-MX): thousands grouped with commas, decimal point, at most
 * `maxFractionDigits` decimals (none by default): 1234567.891 → '1,234,567.89' with 2. '—' when there is no number.
 */
export function formatNumber(value: number | null | undefined, maxFractionDigits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  let f = numberFmts.get(maxFractionDigits);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: maxFractionDigits });
    numberFmts.set(maxFractionDigits, f);
  }
  return f.format(value);
}

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(tz: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = tz + JSON.stringify(opts);
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE, { timeZone: tz, ...opts });
    cache.set(key, f);
  }
  return f;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * 21/11/2026. A calendar date ('2026-11-21', as periods and contract dates travel) is that date in
 * any time zone; only instants are converted to the business time zone.
 */
export function formatDate(value: Date | string | number | null | undefined, tz = DEFAULT_BUSINESS_TZ): string {
  const day = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const d = toDate(value);
  return d ? fmt(tz, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(d) : 'Fecha inválida';
}

/** 14:05 */
export function formatTime(value: Date | string | number | null | undefined, tz = DEFAULT_BUSINESS_TZ): string {
  const d = toDate(value);
  return d ? fmt(tz, { hour: '2-digit', minute: '2-digit', hour12: false }).format(d) : 'Fecha inválida';
}

/** 21/11/2026 14:05 */
export function formatDateTime(value: Date | string | number | null | undefined, tz = DEFAULT_BUSINESS_TZ): string {
  const d = toDate(value);
  return d ? `${formatDate(d, tz)} ${formatTime(d, tz)}` : 'Fecha inválida';
}

const MINUTE_MS = 60_000;
/** Since 2000 every time zone's offset is a whole number of minutes, so a date never changes inside a minute. */
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(2000, 0, 1);
/** The last answer of `businessDate` per time zone, for its minute (the server asks it on every request). */
const lastBusinessDate = new Map<string, { minute: number; date: string }>();

/** The calendar date (YYYY-MM-DD) of an instant in the business time zone. */
export function businessDate(value: Date | string | number, tz = DEFAULT_BUSINESS_TZ): string {
  const d = toDate(value);
  if (!d) throw new RangeError('Fecha inválida');
  const ms = d.getTime();
  const minute = Math.floor(ms / MINUTE_MS);
  const last = lastBusinessDate.get(tz);
  if (last && last.minute === minute) return last.date;
  const parts = fmt(tz, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const date = `${get('year')}-${get('month')}-${get('day')}`;
  if (ms >= WHOLE_MINUTE_OFFSETS_SINCE) lastBusinessDate.set(tz, { minute, date });
  return date;
}

/** 'HH:MM' (00–23) of an instant in the business time zone (schedules compare it with their time of day). */
export function businessTime(at: Date, tz = DEFAULT_BUSINESS_TZ): string {
  const parts = fmt(tz, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('hour')}:${get('minute')}`;
}
