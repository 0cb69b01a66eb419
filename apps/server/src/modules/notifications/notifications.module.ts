import { NotificationsRepository } from './notifications.repository';
import { notificationsRoutes } from './notifications.routes';
import { NotificationsService } from './notifications.service';
import type { ServerModule } from '../../lib/module';

declare module '../../lib/context' {
  interface AppServices {
    notifications: NotificationsService;
  }
}

export const notificationsModule: ServerModule = {
  name: 'notifications',
  createServices: (ctx) => ({
    notifications: new NotificationsService(new NotificationsRepository(ctx.db), ctx.hub),
  }),
  routes: notificationsRoutes,
};
