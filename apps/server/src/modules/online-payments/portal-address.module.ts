import type { ServerModule } from '../../lib/module';
import { OnlinePaymentsRepository } from './online-payments.repository';
import { PortalAddressService } from './portal-address.service';

declare module '../../lib/context' {
  interface AppServices {
    portalAddress: PortalAddressService;
  }
}

/** The portal's address printed on receipts and reminders (issue 24): before both of them. */
export const portalAddressModule: ServerModule = {
  name: 'portal-address',
  createServices: (ctx) => ({
    portalAddress: new PortalAddressService(new OnlinePaymentsRepository(ctx.db), ctx.config),
  }),
};
