import type { ServerModule } from '../../lib/module';
import { SettingsRepository } from './settings.repository';
import { settingsRoutes } from './settings.routes';
import { SettingsService } from './settings.service';

declare module '../../lib/context' {
  interface AppServices {
    settings: SettingsService;
  }
}

/**
 * Business settings of Administración (calendar of the cut-off date, default suspension list). Listed
 * right after audit: network, customers and finance read it.
 */
export const settingsModule: ServerModule = {
  name: 'settings',
  createServices: (ctx) => ({ settings: new SettingsService(new SettingsRepository(ctx.db), ctx.audit) }),
  routes: settingsRoutes,
};
