import { agendaEventSchema, agendaQuerySchema, pagedSchema, visitInputSchema } from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { idParams, pageOnlyQuery } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';

const tags = ['Agenda'];

/** Agenda and technician visits (docs/api-contract.md "Customers and contracts" `GET/POST /api/agenda`, `GET /api/customer/{id}/agenda`). */
export const agendaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/agenda', {
    config: { access: 'agenda.read' },
    schema: {
      tags,
      summary: 'Eventos en [desde, hasta), por hora de inicio (sin rango: de hace 7 días a 60 días adelante)',
      querystring: agendaQuerySchema,
      response: { 200: z.array(agendaEventSchema) },
    },
    handler: (req) => ctx.agenda.list(req.query),
  });

  app.post('/api/agenda', {
    config: { access: 'visits.create' },
    schema: {
      tags,
      summary: 'Agendar una visita (bloques de 30 minutos, lunes a sábado, 09:00 a 20:00; avisa al nivel 20)',
      body: visitInputSchema,
      response: { 201: agendaEventSchema },
    },
    handler: async (req, reply) => reply.status(201).send(await ctx.agenda.create(currentUser(req), req.body)),
  });

  app.get('/api/customer/:id/agenda', {
    config: { access: 'agenda.read' },
    schema: {
      tags,
      summary: 'Visitas de un cliente, lo más reciente primero',
      params: idParams,
      querystring: pageOnlyQuery,
      response: { 200: pagedSchema(agendaEventSchema) },
    },
    handler: (req) => ctx.agenda.listForCustomer(req.params.id, req.query),
  });
};
