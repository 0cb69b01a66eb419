import type { ServerModule } from '../../lib/module';
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
    whatsapp: new WhatsAppService(ctx.db, ctx.secrets, ctx.hub, env.log, {
      // EVOLUTION_API_URL / EVOLUTION_API_KEY (issue 14); without them each instance's own base URL and key.
      evolutionUrl: process.env.EVOLUTION_API_URL?.trim() || undefined,
      evolutionKey: process.env.EVOLUTION_API_KEY?.trim() || undefined,
      publicUrl: ctx.config.publicUrl,
    }),
  }),
  routes: whatsappRoutes,
};
