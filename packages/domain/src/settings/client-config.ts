// GET /api/config's schema is in client-config-schema.ts: the web reads the zone below before it renders, without zod.

/** Whether the runtime knows this IANA time zone (Intl refuses an unknown one). */
export function isKnownTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * The business time zone of a GET /api/config answer: its `businessTz` when the runtime knows that zone, else null.
 * The web reads it before anything renders, which is why this is not a zod parse (the first screen carries no zod).
 */
export function businessTzOf(config: unknown): string | null {
  const tz = typeof config === 'object' && config !== null ? (config as { businessTz?: unknown }).businessTz : null;
  return typeof tz === 'string' && tz.length > 0 && isKnownTimeZone(tz) ? tz : null;
}
