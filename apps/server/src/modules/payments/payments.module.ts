import { PaymentsRepository } from './payments.repository';
import { paymentsRoutes } from './payments.routes';
import { PaymentsService } from './payments.service';
import type { ServerModule } from '../../lib/module';

declare module '../../lib/context' {
  interface AppServices {
    payments: PaymentsService;
  }
}

export const paymentsModule: ServerModule = {
  name: 'payments',
  createServices: (ctx, env) => ({
    payments: new PaymentsService(
      new PaymentsRepository(ctx.db),
      ctx.logs,
      ctx.audit,
      ctx.notifications,
      ctx.hub,
      ctx.routerControl,
      {
        businessTz: ctx.config.businessTz,
        now: env.now,
        log: env.log,
      },
    ),
  }),
  routes: paymentsRoutes,
};
