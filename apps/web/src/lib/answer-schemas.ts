import {
  apiErrorSchema,
  customerSearchResultSchema,
  notificationSchema,
  paymentRegisteredSchema,
  refreshTokenResponseSchema,
  userSchema,
  z,
} from '@airlink/domain';

/*
 * The domain schemas the shell checks answers, pushes and its caches with. A chunk of its own, with zod, fetched
 * on the first check (lib/answer-checks.ts), so the first screen carries no zod (docs/performance.md).
 */
export { apiErrorSchema, notificationSchema, paymentRegisteredSchema, refreshTokenResponseSchema, userSchema };
export const notificationListSchema = z.array(notificationSchema);
export const customerSearchResultsSchema = z.array(customerSearchResultSchema);
