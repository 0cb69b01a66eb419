import { connectedUserSchema, connectionStatsSchema, connectionTestSchema } from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';

const tags = ['Usuarios conectados'];

/** Connected staff sessions (docs/api-contract.md "Usuarios conectados"). */
export const presenceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/ConnectedUsers', {
    config: { access: 'presence.read' },
    schema: { tags, summary: 'Conexiones activas al hub', response: { 200: z.array(connectedUserSchema) } },
    handler: () => ctx.presence.list(),
  });

  app.get('/api/ConnectedUsers/stats', {
    config: { access: 'presence.read' },
    schema: {
      tags,
      summary: 'Contadores de conexiones',
      response: { 200: connectionStatsSchema },
    },
    handler: () => ctx.presence.stats(),
  });

  app.post('/api/ConnectedUsers/disconnect/:connectionId', {
    config: { access: 'presence.read' },
    schema: {
      tags,
      summary: 'Cerrar una conexión',
      params: z.object({ connectionId: z.string().min(1).max(100) }),
      response: { 200: z.object({ ok: z.literal(true) }) },
    },
    handler: async (req) => {
      await ctx.presence.disconnect(req.params.connectionId);
      return { ok: true as const };
    },
  });

  app.get('/api/ConnectedUsers/test-connection', {
    config: { access: 'presence.read' },
    schema: {
      tags,
      summary: 'IP con la que el servidor ve al navegador',
      response: { 200: connectionTestSchema },
    },
    handler: (req) => {
      const header = (name: string) => {
        const v = req.headers[name];
        return (Array.isArray(v) ? v[0] : v) ?? null;
      };
      const forwardedFor = header('x-forwarded-for');
      const realIP = header('x-real-ip');
      const requestIP = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '';
      // req.ip honours TRUST_PROXY: forwarded headers count only behind a trusted proxy.
      return { requestIP, forwardedFor, realIP, calculatedRealIP: req.ip.replace(/^::ffff:/, '') };
    },
  });
};
