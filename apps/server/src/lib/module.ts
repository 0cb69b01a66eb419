import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client';
import type { AppContext, AppServices } from './context';

/** What app.ts hands every module besides the context: clock, logger, the database handle and Redis. */
export interface ModuleEnv {
  /** The clock of business dates (tests fix "today"); undefined means the system clock. */
  now?: () => Date;
  log: FastifyBaseLogger;
  database: Database;
  redis: Redis | null;
}

/**
 * One server area, listed once in modules/index.ts. `createServices` receives the context built so far
 * (the core plus the services of the modules listed before it) and returns this module's services, which
 * the module declares in `AppServices` (see context.ts). `routes` is registered with `{ ctx, env }`.
 */
export interface ServerModule {
  name: string;
  createServices?: (ctx: AppContext, env: ModuleEnv) => Partial<AppServices>;
  routes?: FastifyPluginAsyncZod<{ ctx: AppContext; env: ModuleEnv }>;
}
