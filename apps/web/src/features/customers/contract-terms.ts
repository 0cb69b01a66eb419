import { GRACE_BUSINESS_DAYS, INVOICE_SURCHARGE, RECONNECTION_FEE } from '@airlink/domain';

/**
 * Terms the printed contract states (docs/business-rules.md "Constants and limits"). Fees and grace come from the domain (the
 * payment and lateness rules use them); the fault response time and the minimum term are only
 * contract text, written here from the spec.
 */
export const CONTRACT_TERMS = {
  faultResponseHours: 48,
  minimumTermMonths: 6,
  graceBusinessDays: GRACE_BUSINESS_DAYS,
  reconnectionFee: RECONNECTION_FEE,
  invoiceSurchargePct: Math.round(INVOICE_SURCHARGE * 100),
} as const;
