import type { ServerModule } from '../../lib/module';
import { EvolutionAccess } from './evolution-access';
import { WhatsAppDirectoryService } from './whatsapp-directory.service';
import { WhatsAppInboxService } from './whatsapp-inbox.service';
import { WhatsAppRepository } from './whatsapp.repository';
import { whatsappRoutes } from './whatsapp.routes';
import { WhatsAppTestPanelService } from './whatsapp-test-panel.service';

declare module '../../lib/context' {
  interface AppServices {
    /** The department instances (keys, webhooks) and the chats (docs/whatsapp.md "Directory and keys"). */
    whatsappDirectory: WhatsAppDirectoryService;
    /** Webhook, message store and push, conversations' messages, replies and every area's sends. */
    whatsappInbox: WhatsAppInboxService;
    /** The test panel's connection, groups and test sends. */
    whatsappTestPanel: WhatsAppTestPanelService;
  }
}

export const whatsappModule: ServerModule = {
  name: 'whatsapp',
  createServices: (ctx, env) => {
    const evolution = new EvolutionAccess(new WhatsAppRepository(ctx.db), ctx.secrets, env.log, {
      // EVOLUTION_API_URL / EVOLUTION_API_KEY; without them each instance's own base URL and key.
      evolutionUrl: ctx.config.evolution.url,
      evolutionKey: ctx.config.evolution.key,
      timeoutMs: ctx.config.evolution.timeoutMs,
      publicUrl: ctx.config.publicUrl,
    });
    const whatsappInbox = new WhatsAppInboxService(evolution, ctx.hub);
    return {
      whatsappDirectory: new WhatsAppDirectoryService(evolution, ctx.secrets, ctx.audit),
      whatsappInbox,
      whatsappTestPanel: new WhatsAppTestPanelService(evolution, whatsappInbox),
    };
  },
  routes: whatsappRoutes,
};
