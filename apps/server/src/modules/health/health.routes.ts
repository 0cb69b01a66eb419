import { APP_VERSION, healthSchema } from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/health', {
    config: { access: 'public' },
    schema: { tags: ['Sistema'], summary: 'Estado del servidor', response: { 200: healthSchema } },
    handler: () => ({ status: 'ok' as const, db: ctx.dbKind, version: APP_VERSION }),
  });
};
