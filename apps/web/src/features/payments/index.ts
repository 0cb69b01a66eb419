/** The payments area's public face for other features (the customer panel). */
export { PaymentDialog } from './components/payment-dialog';
export { usePendingMovementsRefresh } from './api/list-pending-movements';
export { receiptPath } from './receipt-path';
export { SendReceiptDialog } from './components/send-receipt-dialog';
