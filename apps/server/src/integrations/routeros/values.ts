/** Parsing of RouterOS API values (every value is a string on the wire; docs/protocols/routeros.md "Values"). */

const UNIT_SECONDS: Record<string, number> = { w: 604_800, d: 86_400, h: 3_600, m: 60, s: 1, ms: 0.001 };

/**
 * Durations as the API prints them: `3w2d4h5m6s` (zero units omitted, `ms` allowed), `01:22:53`,
 * or `3w2d04:05:06`. Returns whole seconds, or null when the text is not a duration.
 */
export function parseDuration(text: string | undefined): number | null {
  if (text === undefined) return null;
  const t = text.trim();
  if (!t) return null;
  const m = /^((?:\d+(?:w|d|h|ms|m|s))*)(?:(\d{1,}):(\d{2}):(\d{2})(?:\.\d+)?)?$/.exec(t);
  if (!m || (!m[1] && m[2] === undefined)) return null;
  let seconds = 0;
  for (const part of (m[1] ?? '').matchAll(/(\d+)(w|d|h|ms|m|s)/g)) {
    seconds += Number(part[1]) * UNIT_SECONDS[part[2]!]!;
  }
  if (m[2] !== undefined) seconds += Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
  return Math.floor(seconds);
}

/** `true`/`yes` → true, `false`/`no` → false, anything else (or missing) → the fallback. */
export function parseBool(text: string | undefined, fallback = false): boolean {
  if (text === 'true' || text === 'yes') return true;
  if (text === 'false' || text === 'no') return false;
  return fallback;
}

/** 64-bit counters: BigInt, 0n when missing or not a number. */
export function parseCounter(text: string | undefined): bigint {
  if (text === undefined || !/^\d+$/.test(text)) return 0n;
  return BigInt(text);
}

/** Integers (rates, percentages); null when missing or not a number. */
export function parseIntOrNull(text: string | undefined): number | null {
  if (text === undefined || !/^-?\d+$/.test(text.trim())) return null;
  return Number(text);
}

/** `7.18.2 (stable)` → { major: 7, minor: 18 }. */
export function parseVersion(text: string | undefined): { major: number; minor: number } | null {
  const m = /^(\d+)\.(\d+)/.exec(text ?? '');
  return m ? { major: Number(m[1]), minor: Number(m[2]) } : null;
}
