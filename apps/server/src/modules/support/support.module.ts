import { SupportRepository } from './support.repository';
import { supportRoutes } from './support.routes';
import { SupportService } from './support.service';
import type { ServerModule } from '../../lib/module';

declare module '../../lib/context' {
  interface AppServices {
    support: SupportService;
  }
}

export const supportModule: ServerModule = {
  name: 'support',
  createServices: (ctx, env) => ({
    support: new SupportService(new SupportRepository(ctx.db), ctx.audit, ctx.notifications, env.log),
  }),
  routes: supportRoutes,
};
