import {
  assigneeSchema,
  pagedSchema,
  supportCountersSchema,
  supportListQuerySchema,
  supportTicketDetailSchema,
  supportTicketInputSchema,
  supportTicketSchema,
  supportTicketUpdateSchema,
} from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { idParams, pageOnlyQuery } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';

const tags = ['Soporte'];

/** Support tickets (docs/api-contract.md "Customers and contracts" `POST /api/soporte`, `GET /api/customer/{id}/supports`; support center). */
export const supportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/api/soporte', {
    config: { access: 'support.create' },
    schema: {
      tags,
      summary: 'Abrir un ticket de soporte (avisa al nivel 20)',
      body: supportTicketInputSchema,
      response: { 201: supportTicketSchema },
    },
    handler: async (req, reply) => reply.status(201).send(await ctx.support.create(currentUser(req), req.body)),
  });

  app.get('/api/soporte', {
    config: { access: 'support.read' },
    schema: {
      tags,
      summary: 'Tickets de soporte: paginados, ordenados, filtrados y con búsqueda',
      querystring: supportListQuerySchema,
      response: { 200: pagedSchema(supportTicketSchema) },
    },
    handler: (req) => ctx.support.list(req.query),
  });

  app.get('/api/soporte/resumen', {
    config: { access: 'support.read' },
    schema: { tags, summary: 'Tickets por estado y total', response: { 200: supportCountersSchema } },
    handler: () => ctx.support.counters(),
  });

  app.get('/api/soporte/asignables', {
    config: { access: 'support.read' },
    schema: {
      tags,
      summary: 'Usuarios activos a los que se puede asignar un ticket',
      response: { 200: z.array(assigneeSchema) },
    },
    handler: () => ctx.support.assignees(),
  });

  app.get('/api/soporte/:id', {
    config: { access: 'support.read' },
    schema: {
      tags,
      summary: 'Un ticket con su historial (lo más reciente primero)',
      params: idParams,
      response: { 200: supportTicketDetailSchema },
    },
    handler: (req) => ctx.support.detail(req.params.id),
  });

  app.put('/api/soporte/:id', {
    config: { access: 'support.manage' },
    schema: {
      tags,
      summary: 'Cambiar estado, prioridad o responsable, o agregar una nota (cada cambio queda en el historial)',
      params: idParams,
      body: supportTicketUpdateSchema,
      response: { 200: supportTicketDetailSchema },
    },
    handler: (req) => ctx.support.update(currentUser(req), req.params.id, req.body),
  });

  app.get('/api/customer/:id/supports', {
    config: { access: 'support.read' },
    schema: {
      tags,
      summary: 'Tickets de un cliente, lo más reciente primero',
      params: idParams,
      querystring: pageOnlyQuery,
      response: { 200: pagedSchema(supportTicketSchema) },
    },
    handler: (req) => ctx.support.listForCustomer(req.params.id, req.query),
  });
};
