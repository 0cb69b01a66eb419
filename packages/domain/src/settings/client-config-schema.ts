import { z } from '../zod';
import { LOCALE } from '../format/format';

/**
 * GET /api/config: the business settings the web needs before it shows a date (docs/business-rules.md "Configuration": the
 * web reads BUSINESS_TZ from the server, never a literal). Public: it is read before signing in.
 */
export const clientConfigSchema = z.object({
  businessTz: z.string().min(1).describe('BUSINESS_TZ: IANA time zone of business dates (America/Mexico_City)'),
  locale: z.literal(LOCALE),
  currency: z.literal('MXN'),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
