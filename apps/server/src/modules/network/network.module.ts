import type { ServerModule } from '../../lib/module';
import { NetworkRepository } from './network.repository';
import { networkRoutes } from './network.routes';
import { NetworkService } from './network.service';
import { RouterControlService } from './router-control.service';

declare module '../../lib/context' {
  interface AppServices {
    network: NetworkService;
    routerControl: RouterControlService;
  }
}

/** Sites, routers and radios; cut and reconnect on the routers (listed before customers and payments, which use it). */
export const networkModule: ServerModule = {
  name: 'network',
  createServices: (ctx, env) => {
    const repo = new NetworkRepository(ctx.db);
    const routerControl = new RouterControlService(repo, ctx.hub, ctx.secrets, { now: env.now, log: env.log });
    return { routerControl, network: new NetworkService(repo, ctx.secrets, routerControl) };
  },
  routes: networkRoutes,
};
