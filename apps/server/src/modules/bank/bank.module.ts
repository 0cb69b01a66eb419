import { BankRepository } from './bank.repository';
import { bankRoutes } from './bank.routes';
import { BankService } from './bank.service';
import type { ServerModule } from '../../lib/module';

declare module '../../lib/context' {
  interface AppServices {
    bank: BankService;
  }
}

export const bankModule: ServerModule = {
  name: 'bank',
  createServices: (ctx) => ({
    bank: new BankService(new BankRepository(ctx.db), ctx.audit),
  }),
  routes: bankRoutes,
};
