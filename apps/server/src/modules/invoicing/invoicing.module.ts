import type { ServerModule } from '../../lib/module';
import { InvoicingRepository } from './invoicing.repository';
import { invoicingRoutes } from './invoicing.routes';
import { InvoicingService } from './invoicing.service';

declare module '../../lib/context' {
  interface AppServices {
    invoicing: InvoicingService;
  }
}

/** CFDI invoices through the PAC (issue 26): after payments (it follows their commits) and the job runner. */
export const invoicingModule: ServerModule = {
  name: 'invoicing',
  createServices: (ctx, env) => {
    const invoicing = new InvoicingService(new InvoicingRepository(ctx.db), ctx.secrets, ctx.audit, ctx.jobs, {
      facturapi: ctx.config.facturapi,
      businessTz: ctx.config.businessTz,
      log: env.log,
      now: env.now,
      calendar: () => ctx.settings.calendar(),
      delivery: ctx.receiptDelivery,
    });
    ctx.payments.onRegistered((p) => invoicing.afterPayment(p.id, p.facturar));
    return { invoicing };
  },
  routes: invoicingRoutes,
};
