import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';
import type { ServerModule } from '../../lib/module';
import { JobRunner } from './job-runner';
import { JobsRepository } from './jobs.repository';

declare module '../../lib/context' {
  interface AppServices {
    /** The job runner: areas define handlers and schedules on it in their createServices. */
    jobs: JobRunner;
  }
}

/** Starts the runner when the app is ready (config.runJobs) and stops it before the database closes. */
const jobsLifecycle: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onReady', async () => {
    if (ctx.config.runJobs) await ctx.jobs.start();
  });
  app.addHook('preClose', async () => {
    await ctx.jobs.stop();
  });
};

export const jobsModule: ServerModule = {
  name: 'jobs',
  createServices: (ctx, env) => ({ jobs: new JobRunner(new JobsRepository(ctx.db), { log: env.log }) }),
  routes: jobsLifecycle,
};
