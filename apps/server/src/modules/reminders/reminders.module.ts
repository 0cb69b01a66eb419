import type { ServerModule } from '../../lib/module';
import { RemindersRepository } from './reminders.repository';
import { remindersRoutes } from './reminders.routes';
import { RemindersService } from './reminders.service';

declare module '../../lib/context' {
  interface AppServices {
    reminders: RemindersService;
  }
}

/** Payment reminders by WhatsApp (issue 15, part 3): after the WhatsApp directory and the job runner. */
export const remindersModule: ServerModule = {
  name: 'reminders',
  createServices: (ctx, env) => {
    const reminders = new RemindersService(
      new RemindersRepository(ctx.db),
      ctx.settings,
      ctx.whatsappDirectory,
      ctx.whatsappInbox,
      ctx.portalAddress,
      {
        businessTz: ctx.config.businessTz,
        now: env.now,
        log: env.log,
      },
    );
    reminders.register(ctx.jobs);
    return { reminders };
  },
  routes: remindersRoutes,
};
