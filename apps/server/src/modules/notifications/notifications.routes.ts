import { idSchema, notificationInputSchema, notificationSchema } from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { currentUser } from '../../plugins/auth';

const tags = ['Notificaciones'];
/** Notification ids are UUIDs: anything else is a 400 before the database is asked. */
const idParams = z.object({
  id: z
    .string({ error: 'Id inválido' })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Id inválido'),
});

/** The signed-in user's own notifications; level 20 can also send a notice. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/notifications', {
    config: { access: 'notifications.own' },
    schema: {
      tags,
      summary: 'Mis notificaciones (las 100 más recientes)',
      response: { 200: z.array(notificationSchema) },
    },
    handler: (req) => ctx.notifications.list(currentUser(req).id),
  });

  app.post('/api/notifications', {
    config: { access: 'users.manage' },
    schema: {
      tags,
      summary: 'Enviar una notificación',
      body: notificationInputSchema.extend({
        recipients: z
          .object({
            userIds: z.array(idSchema).max(500).optional(),
            minLevel: z.number().int().min(0).max(20).optional(),
          })
          .optional(),
      }),
      response: { 200: z.object({ sent: z.number().int() }) },
    },
    handler: async (req) => {
      const { recipients, ...input } = req.body;
      return { sent: await ctx.notifications.notify(recipients ?? {}, input, currentUser(req).id) };
    },
  });

  app.post('/api/notifications/read-all', {
    config: { access: 'notifications.own' },
    schema: { tags, summary: 'Marcar todas como leídas', response: { 200: z.object({ updated: z.number().int() }) } },
    handler: async (req) => ({ updated: await ctx.notifications.markAllRead(currentUser(req).id) }),
  });

  app.post('/api/notifications/:id/read', {
    config: { access: 'notifications.own' },
    schema: { tags, summary: 'Marcar como leída', params: idParams, response: { 200: notificationSchema } },
    handler: (req) => ctx.notifications.markRead(currentUser(req).id, req.params.id),
  });

  app.delete('/api/notifications/:id', {
    config: { access: 'notifications.own' },
    schema: { tags, summary: 'Borrar una notificación', params: idParams },
    handler: async (req, reply) => {
      await ctx.notifications.delete(currentUser(req).id, req.params.id);
      return reply.status(204).send();
    },
  });

  app.delete('/api/notifications', {
    config: { access: 'notifications.own' },
    schema: { tags, summary: 'Borrar todas mis notificaciones' },
    handler: async (req, reply) => {
      await ctx.notifications.clear(currentUser(req).id);
      return reply.status(204).send();
    },
  });
};
