import { LogsRepository } from './logs.repository';
import { logsRoutes } from './logs.routes';
import { LogsService } from './logs.service';
import type { ServerModule } from '../../lib/module';

declare module '../../lib/context' {
  interface AppServices {
    logs: LogsService;
  }
}

export const logsModule: ServerModule = {
  name: 'logs',
  createServices: (ctx) => ({
    logs: new LogsService(new LogsRepository(ctx.db)),
  }),
  routes: logsRoutes,
};
