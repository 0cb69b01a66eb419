import { APP_VERSION, apiErrorSchema, clientConfigSchema, healthSchema, LOCALE } from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { errorBody } from '../../lib/errors';
import { pingRedis } from '../../lib/redis';

/** How long the readiness check waits for each dependency. */
export const READY_TIMEOUT_MS = 2_000;

const readySchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  redis: z.enum(['ok', 'sin_configurar']),
});

export interface HealthOptions {
  ctx: AppContext;
  database: Pick<Database, 'ping'>;
  /** The API's Redis client when REDIS_URL is set. */
  redis?: Redis | null;
}

async function check(work: () => Promise<void>): Promise<string | null> {
  try {
    await work();
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/**
 * `/api/health`: the process is alive (no database call; a load balancer or an orchestrator's liveness
 * probe must not restart the process because the database is down).
 * `/api/health/ready`: it can serve requests: `SELECT 1` and, with Redis configured, PING, each within
 * READY_TIMEOUT_MS; 503 in Spanish naming what is down (take the instance out of rotation meanwhile).
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { ctx, database, redis }) => {
  app.get('/api/health', {
    config: { access: 'public' },
    schema: {
      tags: ['Sistema'],
      summary: 'El proceso está vivo (sin consultar la base de datos)',
      response: { 200: healthSchema },
    },
    handler: () => ({ status: 'ok' as const, db: ctx.dbKind, version: APP_VERSION }),
  });

  app.get('/api/config', {
    config: { access: 'public' },
    schema: {
      tags: ['Sistema'],
      summary: 'Ajustes del negocio que la aplicación web lee al iniciar (zona horaria BUSINESS_TZ, idioma, moneda)',
      response: { 200: clientConfigSchema },
    },
    handler: () => ({ businessTz: ctx.config.businessTz, locale: LOCALE as typeof LOCALE, currency: 'MXN' as const }),
  });

  app.get('/api/health/ready', {
    config: { access: 'public' },
    schema: {
      tags: ['Sistema'],
      summary: 'Listo para atender: base de datos y Redis responden',
      response: { 200: readySchema, 503: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const [dbProblem, redisProblem] = await Promise.all([
        check(() => database.ping(READY_TIMEOUT_MS)),
        redis ? check(() => pingRedis(redis, READY_TIMEOUT_MS)) : Promise.resolve(null),
      ]);
      if (!dbProblem && !redisProblem) {
        return {
          status: 'ok' as const,
          database: 'ok' as const,
          redis: redis ? ('ok' as const) : ('sin_configurar' as const),
        };
      }
      request.log.warn({ database: dbProblem, redis: redisProblem }, 'not ready');
      const down = [dbProblem && 'la base de datos', redisProblem && 'Redis'].filter(Boolean).join(' ni ');
      const details: Record<string, string[]> = {};
      // The causes (addresses, driver messages) go to the log only: this route is public.
      if (dbProblem) details.database = ['La base de datos no responde.'];
      if (redisProblem) details.redis = ['Redis no responde.'];
      return reply.status(503).send(errorBody('not_ready', `AirLink no está listo: no responde ${down}.`, details));
    },
  });
};
