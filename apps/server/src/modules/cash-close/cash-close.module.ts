import { CashCloseRepository } from './cash-close.repository';
import { cashCloseRoutes } from './cash-close.routes';
import { CashCloseService } from './cash-close.service';
import type { ServerModule } from '../../lib/module';

declare module '../../lib/context' {
  interface AppServices {
    cashClose: CashCloseService;
  }
}

export const cashCloseModule: ServerModule = {
  name: 'cash-close',
  createServices: (ctx, env) => ({
    cashClose: new CashCloseService(new CashCloseRepository(ctx.db), ctx.audit, {
      businessTz: ctx.config.businessTz,
      now: env.now,
    }),
  }),
  routes: cashCloseRoutes,
};
