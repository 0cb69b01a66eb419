import { AgendaRepository } from './agenda.repository';
import { agendaRoutes } from './agenda.routes';
import { AgendaService } from './agenda.service';
import type { ServerModule } from '../../lib/module';

declare module '../../lib/context' {
  interface AppServices {
    agenda: AgendaService;
  }
}

export const agendaModule: ServerModule = {
  name: 'agenda',
  createServices: (ctx, env) => ({
    agenda: new AgendaService(new AgendaRepository(ctx.db), ctx.notifications, env.log, {
      businessTz: ctx.config.businessTz,
      now: env.now,
    }),
  }),
  routes: agendaRoutes,
};
