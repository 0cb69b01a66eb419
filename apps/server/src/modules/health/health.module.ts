import type { ServerModule } from '../../lib/module';
import { healthRoutes } from './health.routes';

/** Liveness and readiness probes (they ping the database and Redis). */
export const healthModule: ServerModule = {
  name: 'health',
  routes: (app, { ctx, env }) => healthRoutes(app, { ctx, database: env.database, redis: env.redis }),
};
