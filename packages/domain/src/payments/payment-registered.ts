/**
 * Hub event sent to every signed-in connection after a payment is committed (docs/api-contract.md); its payload is
 * paymentRegisteredSchema (payment-registered-schema.ts, apart so the web's first screen subscribes without zod).
 */
export const PAYMENT_REGISTERED_EVENT = 'PaymentRegistered';
