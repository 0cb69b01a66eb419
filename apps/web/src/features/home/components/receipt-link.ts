/** The receipt print view of a receipt (guid or number). */
export const receiptPath = (guidOrId: string | number) => `/print/receipt/${encodeURIComponent(String(guidOrId))}`;

/** Opens the receipt print view in a new tab, as the payments table always did. */
export function openReceipt(guid: string): void {
  window.open(receiptPath(guid), '_blank', 'noopener');
}
