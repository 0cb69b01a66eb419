import { FinanceRepository } from './finance.repository';
import { financeRoutes } from './finance.routes';
import { FinanceService } from './finance.service';
import type { ServerModule } from '../../lib/module';

declare module '../../lib/context' {
  interface AppServices {
    finance: FinanceService;
  }
}

export const financeModule: ServerModule = {
  name: 'finance',
  createServices: (ctx, env) => ({
    finance: new FinanceService(new FinanceRepository(ctx.db), ctx.settings, {
      businessTz: ctx.config.businessTz,
      now: env.now,
    }),
  }),
  routes: financeRoutes,
};
