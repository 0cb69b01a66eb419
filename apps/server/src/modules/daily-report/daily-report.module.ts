import type { ServerModule } from '../../lib/module';
import { DailyReportRepository } from './daily-report.repository';
import { dailyReportRoutes } from './daily-report.routes';
import { DailyReportService } from './daily-report.service';

declare module '../../lib/context' {
  interface AppServices {
    dailyReport: DailyReportService;
  }
}

/** The owner's daily report (issue 15, part 4): after finance, cash closes, network stats and WhatsApp. */
export const dailyReportModule: ServerModule = {
  name: 'daily-report',
  createServices: (ctx, env) => {
    const dailyReport = new DailyReportService(
      new DailyReportRepository(ctx.db),
      ctx.settings,
      ctx.finance,
      ctx.cashClose,
      ctx.networkStats,
      ctx.whatsappDirectory,
      ctx.whatsappInbox,
      { businessTz: ctx.config.businessTz, now: env.now, log: env.log },
    );
    dailyReport.register(ctx.jobs);
    return { dailyReport };
  },
  routes: dailyReportRoutes,
};
