import { ExpensesRepository } from './expenses.repository';
import { expensesRoutes } from './expenses.routes';
import { ExpensesService } from './expenses.service';
import type { ServerModule } from '../../lib/module';

declare module '../../lib/context' {
  interface AppServices {
    expenses: ExpensesService;
  }
}

export const expensesModule: ServerModule = {
  name: 'expenses',
  createServices: (ctx, env) => ({
    expenses: new ExpensesService(new ExpensesRepository(ctx.db), ctx.audit, {
      businessTz: ctx.config.businessTz,
      now: env.now,
    }),
  }),
  routes: expensesRoutes,
};
