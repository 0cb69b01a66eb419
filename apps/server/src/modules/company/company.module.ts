import { CompanyRepository } from './company.repository';
import { companyRoutes } from './company.routes';
import { CompanyService } from './company.service';
import type { ServerModule } from '../../lib/module';

declare module '../../lib/context' {
  interface AppServices {
    company: CompanyService;
  }
}

export const companyModule: ServerModule = {
  name: 'company',
  createServices: (ctx) => ({
    company: new CompanyService(new CompanyRepository(ctx.db), ctx.audit),
  }),
  routes: companyRoutes,
};
