import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';
import type { ServerModule } from '../../lib/module';
import { NetworkPoller } from './network-poller';
import { NetworkStatsRepository } from './network-stats.repository';
import { networkStatsRoutes } from './network-stats.routes';
import { NetworkStatsService } from './network-stats.service';

declare module '../../lib/context' {
  interface AppServices {
    networkStats: NetworkStatsService;
    networkPoller: NetworkPoller;
  }
}

/** Job names of this area. */
export const NETWORK_POLL_JOB = 'network.poll';
export const NETWORK_ROLLUP_JOB = 'network.rollup';
/** Rollups and retention run every 5 minutes. */
const ROLLUP_EVERY_SECONDS = 300;

const routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, opts) => {
  await app.register(networkStatsRoutes, opts);
  app.addHook('onClose', async () => {
    opts.ctx.networkPoller.close();
  });
};

export const networkStatsModule: ServerModule = {
  name: 'network-stats',
  createServices: (ctx, env) => {
    const repo = new NetworkStatsRepository(ctx.db);
    const now = () => env.now?.() ?? new Date();
    const poller = new NetworkPoller(repo, ctx.secrets, env.log, now);
    const service = new NetworkStatsService(repo, poller, { businessTz: ctx.config.businessTz, now: env.now });
    const poll = ctx.config.networkPollSeconds;
    // A pass may not outlive its lease unnoticed; a missed pass is not retried (the next slot reads anew).
    ctx.jobs.define(
      NETWORK_POLL_JOB,
      async (_payload, { signal, log }) => {
        const summary = await service.pollAll(signal);
        log.info(summary, 'network poll');
      },
      { leaseSeconds: Math.max(60, poll * 2), maxAttempts: 1 },
    );
    ctx.jobs.schedule(NETWORK_POLL_JOB, poll);
    ctx.jobs.define(
      NETWORK_ROLLUP_JOB,
      async () => {
        await service.rollUpAndPrune();
      },
      { leaseSeconds: 600, maxAttempts: 2 },
    );
    ctx.jobs.schedule(NETWORK_ROLLUP_JOB, ROLLUP_EVERY_SECONDS);
    return { networkStats: service, networkPoller: poller };
  },
  routes,
};
