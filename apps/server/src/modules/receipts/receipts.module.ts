import { ReceiptsRepository } from './receipts.repository';
import { receiptsRoutes } from './receipts.routes';
import { ReceiptsService } from './receipts.service';
import type { ServerModule } from '../../lib/module';

declare module '../../lib/context' {
  interface AppServices {
    receipts: ReceiptsService;
  }
}

export const receiptsModule: ServerModule = {
  name: 'receipts',
  createServices: (ctx) => ({
    receipts: new ReceiptsService(
      new ReceiptsRepository(ctx.db),
      { businessTz: ctx.config.businessTz },
      ctx.company,
      ctx.portalAddress,
    ),
  }),
  routes: receiptsRoutes,
};
