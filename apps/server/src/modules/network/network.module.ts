import type { ServerModule } from '../../lib/module';
import { NetworkRepository } from './network.repository';
import { networkRoutes } from './network.routes';
import { NetworkService } from './network.service';
import { RouterControlService } from './router-control.service';
import { RouterPlansService } from './router-plans.service';

declare module '../../lib/context' {
  interface AppServices {
    network: NetworkService;
    routerControl: RouterControlService;
    routerPlans: RouterPlansService;
  }
}

const RECONCILE_JOB = 'network.reconcile';

/** Sites, routers and radios; cut and reconnect on the routers (listed before customers and payments, which use it). */
export const networkModule: ServerModule = {
  name: 'network',
  createServices: (ctx, env) => {
    const repo = new NetworkRepository(ctx.db);
    const routerControl = new RouterControlService(repo, ctx.hub, ctx.secrets, {
      now: env.now,
      log: env.log,
      planOf: (id) => ctx.plans.find(id),
    });
    // A plan's new speed reaches every router that provisions plans.
    ctx.plans.onSpeedChange((planId) => routerControl.planChanged(planId));
    // The reconciliation pass every 5 minutes, once across instances (the job runner's schedules).
    ctx.jobs.define(
      RECONCILE_JOB,
      async (_payload, { log }) => {
        log.info(await routerControl.reconcileAll(), 'network reconciliation');
      },
      { leaseSeconds: 600, maxAttempts: 1 },
    );
    ctx.jobs.schedule(RECONCILE_JOB, 300);
    const radios = { pollSeconds: ctx.config.networkPollSeconds, now: env.now };
    return {
      routerControl,
      routerPlans: new RouterPlansService(repo, routerControl, ctx.plans, ctx.audit, env.now),
      network: new NetworkService(repo, ctx.secrets, routerControl, ctx.settings, ctx.audit, radios),
    };
  },
  routes: networkRoutes,
};
