import { z } from '../zod';
import { LOCALE } from '../format/format';

/**
 * GET /api/config: the business settings the web needs before it shows a date (DESIGN.md section 5: the
 * web reads BUSINESS_TZ from the server, never a literal). Public: it is read before signing in.
 */
export const clientConfigSchema = z.object({
  businessTz: z.string().min(1).describe('BUSINESS_TZ: IANA time zone of business dates (America/Mexico_City)'),
  locale: z.literal(LOCALE),
  currency: z.literal('MXN'),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

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
