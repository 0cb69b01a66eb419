import type { ServerModule } from '../../lib/module';
import { WhatsAppRepository } from './whatsapp.repository';
import { whatsappRoutes } from './whatsapp.routes';
import { WhatsAppService } from './whatsapp.service';

declare module '../../lib/context' {
  interface AppServices {
    whatsapp: WhatsAppService;
  }
}

export const whatsappModule: ServerModule = {
  name: 'whatsapp',
  createServices: (ctx, env) => ({
    whatsapp: new WhatsAppService(
      new WhatsAppRepository(ctx.db),
      ctx.secrets,
      ctx.hub,
      env.log,
      {
        // EVOLUTION_API_URL / EVOLUTION_API_KEY; without them each instance's own base URL and key.
        evolutionUrl: ctx.config.evolution.url,
        evolutionKey: ctx.config.evolution.key,
        timeoutMs: ctx.config.evolution.timeoutMs,
        publicUrl: ctx.config.publicUrl,
      },
      ctx.audit,
    ),
  }),
  routes: whatsappRoutes,
};
