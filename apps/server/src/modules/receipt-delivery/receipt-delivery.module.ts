import type { ServerModule } from '../../lib/module';
import { receiptDeliveryRoutes } from './receipt-delivery.routes';
import { ReceiptDeliveryService } from './receipt-delivery.service';

declare module '../../lib/context' {
  interface AppServices {
    receiptDelivery: ReceiptDeliveryService;
  }
}

/** Receipts by WhatsApp and as PDF (issue 15, part 3): after receipts, customers, WhatsApp and the reminders. */
export const receiptDeliveryModule: ServerModule = {
  name: 'receipt-delivery',
  createServices: (ctx) => ({
    receiptDelivery: new ReceiptDeliveryService(
      ctx.receipts,
      ctx.customers,
      ctx.reminders,
      ctx.whatsappDirectory,
      ctx.whatsappInbox,
      ctx.audit,
    ),
  }),
  routes: receiptDeliveryRoutes,
};
