import { logEntryInputSchema, logEntrySchema, pagedSchema } from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';
import { idParams, pageOnlyQuery } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';

const tags = ['Registro'];

export const logsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/api/registros', {
    config: { access: 'logs.create' },
    schema: {
      tags,
      summary: 'Agregar una nota al registro de un cliente',
      body: logEntryInputSchema,
      response: { 201: logEntrySchema },
    },
    handler: async (req, reply) => reply.status(201).send(await ctx.logs.create(currentUser(req), req.body)),
  });

  app.get('/api/customer/:id/logs', {
    config: { access: 'customers.read' },
    schema: {
      tags,
      summary: 'Registro de un cliente, del más reciente al más antiguo',
      params: idParams,
      querystring: pageOnlyQuery,
      response: { 200: pagedSchema(logEntrySchema) },
    },
    handler: (req) => ctx.logs.listForContract(req.params.id, req.query),
  });
};
