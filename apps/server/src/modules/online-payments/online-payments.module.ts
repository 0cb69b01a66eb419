import type { ServerModule } from '../../lib/module';
import { OnlinePaymentsRepository } from './online-payments.repository';
import { onlinePaymentsRoutes } from './online-payments.routes';
import { OnlinePaymentsService } from './online-payments.service';

declare module '../../lib/context' {
  interface AppServices {
    onlinePayments: OnlinePaymentsService;
  }
}

/** Paying online with Mercado Pago (issue 24): after payments, receipts by WhatsApp and the job runner. */
export const onlinePaymentsModule: ServerModule = {
  name: 'online-payments',
  createServices: (ctx, env) => {
    const onlinePayments = new OnlinePaymentsService(
      new OnlinePaymentsRepository(ctx.db),
      ctx.db,
      ctx.payments,
      ctx.receiptDelivery,
      ctx.notifications,
      ctx.audit,
      { config: ctx.config, secrets: ctx.secrets, log: env.log, now: env.now },
    );
    onlinePayments.register(ctx.jobs);
    return { onlinePayments };
  },
  routes: onlinePaymentsRoutes,
};
