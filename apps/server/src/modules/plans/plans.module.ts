import type { ServerModule } from '../../lib/module';
import { PlansRepository } from './plans.repository';
import { plansRoutes } from './plans.routes';
import { PlansService } from './plans.service';

declare module '../../lib/context' {
  interface AppServices {
    plans: PlansService;
  }
}

/** Plans with speeds (listed before network, whose router work reads them). */
export const plansModule: ServerModule = {
  name: 'plans',
  createServices: (ctx, env) => ({
    plans: new PlansService(new PlansRepository(ctx.db), ctx.audit, { now: env.now, log: env.log }),
  }),
  routes: plansRoutes,
};
