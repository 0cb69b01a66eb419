import { CustomersRepository } from './customers.repository';
import { customersRoutes } from './customers.routes';
import { CustomersService } from './customers.service';
import type { ServerModule } from '../../lib/module';

declare module '../../lib/context' {
  interface AppServices {
    customers: CustomersService;
  }
}

export const customersModule: ServerModule = {
  name: 'customers',
  createServices: (ctx, env) => ({
    customers: new CustomersService(
      new CustomersRepository(ctx.db),
      ctx.logs,
      ctx.audit,
      ctx.notifications,
      ctx.network,
      ctx.routerControl,
      ctx.settings,
      {
        businessTz: ctx.config.businessTz,
        now: env.now,
        log: env.log,
        hub: ctx.hub,
        seal: (plain) => ctx.secrets.seal(plain),
      },
    ),
  }),
  routes: customersRoutes,
};
