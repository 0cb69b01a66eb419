import { UsersRepository } from './users.repository';
import { usersRoutes } from './users.routes';
import { UsersService } from './users.service';
import type { ServerModule } from '../../lib/module';

declare module '../../lib/context' {
  interface AppServices {
    users: UsersService;
  }
}

export const usersModule: ServerModule = {
  name: 'users',
  createServices: (ctx) => ({
    users: new UsersService(new UsersRepository(ctx.db), ctx.auth, ctx.audit, ctx.hub),
  }),
  routes: usersRoutes,
};
