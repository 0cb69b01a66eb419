import { EmployeesRepository } from './employees.repository';
import { employeesRoutes } from './employees.routes';
import { EmployeesService } from './employees.service';
import type { ServerModule } from '../../lib/module';

declare module '../../lib/context' {
  interface AppServices {
    employees: EmployeesService;
  }
}

export const employeesModule: ServerModule = {
  name: 'employees',
  createServices: (ctx, env) => ({
    employees: new EmployeesService(new EmployeesRepository(ctx.db), ctx.audit, {
      businessTz: ctx.config.businessTz,
      now: env.now,
      calendar: () => ctx.settings.calendar(),
    }),
  }),
  routes: employeesRoutes,
};
