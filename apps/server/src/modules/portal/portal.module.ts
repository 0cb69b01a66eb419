import type { ServerModule } from '../../lib/module';
import { PortalAuthService } from './portal-auth.service';
import { PortalRepository } from './portal.repository';
import { portalRoutes } from './portal.routes';
import { PortalService } from './portal.service';

declare module '../../lib/context' {
  interface AppServices {
    portalAuth: PortalAuthService;
    portal: PortalService;
  }
}

/** The customer portal (issue 24): after support, receipts by WhatsApp and online payments. */
export const portalModule: ServerModule = {
  name: 'portal',
  createServices: (ctx, env) => {
    const repo = new PortalRepository(ctx.db);
    return {
      portalAuth: new PortalAuthService(repo, ctx.receiptDelivery, {
        secret: ctx.config.appSecret,
        now: env.now,
        log: env.log,
      }),
      portal: new PortalService(
        repo,
        ctx.settings,
        ctx.company,
        ctx.receipts,
        ctx.support,
        ctx.onlinePayments,
        ctx.plans,
        {
          businessTz: ctx.config.businessTz,
          now: env.now,
        },
      ),
    };
  },
  routes: portalRoutes,
};
