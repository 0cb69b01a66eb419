import { presenceRoutes } from './presence.routes';
import { PresenceService } from './presence.service';
import type { ServerModule } from '../../lib/module';

declare module '../../lib/context' {
  interface AppServices {
    presence: PresenceService;
  }
}

export const presenceModule: ServerModule = {
  name: 'presence',
  createServices: (ctx) => ({
    presence: new PresenceService(ctx.hub),
  }),
  routes: presenceRoutes,
};
