import { ApiKeysRepository } from './api-keys.repository';
import { apiKeysRoutes } from './api-keys.routes';
import { ApiKeysService } from './api-keys.service';
import type { ServerModule } from '../../lib/module';

declare module '../../lib/context' {
  interface AppServices {
    apiKeys: ApiKeysService;
  }
}

export const apiKeysModule: ServerModule = {
  name: 'api-keys',
  createServices: (ctx, env) => ({
    apiKeys: new ApiKeysService(new ApiKeysRepository(ctx.db), ctx.audit, {
      businessTz: ctx.config.businessTz,
      now: env.now,
    }),
  }),
  routes: apiKeysRoutes,
};
