import type { ServerModule } from '../../lib/module';
import { AutomationRepository } from './automation.repository';
import { automationRoutes } from './automation.routes';
import { AutomationService } from './automation.service';

declare module '../../lib/context' {
  interface AppServices {
    automation: AutomationService;
  }
}

/** Cortes programados (issue 15): after customers (it cuts through Cortar) and the job runner. */
export const automationModule: ServerModule = {
  name: 'automation',
  createServices: (ctx, env) => {
    const automation = new AutomationService(new AutomationRepository(ctx.db), ctx.audit, ctx.customers, ctx.settings, {
      businessTz: ctx.config.businessTz,
      now: env.now,
      log: env.log,
    });
    automation.register(ctx.jobs);
    return { automation };
  },
  routes: automationRoutes,
};
