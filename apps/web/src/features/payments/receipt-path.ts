/** The receipt print route (docs/business-rules.md "Screens"): by guid (after a payment) or by receipt number. */
export const receiptPath = (guidOrId: string | number) => `/print/receipt/${encodeURIComponent(String(guidOrId))}`;

/** The receipt's absolute address, encoded in its QR code. */
export const receiptUrl = (guid: string, origin = window.location.origin) => `${origin}${receiptPath(guid)}`;
