import {
  cancelContractSchema,
  contractInputSchema,
  contractSchema,
  customerListItemSchema,
  customerListQuerySchema,
  customerPaymentSchema,
  customerSearchQuerySchema,
  customerSearchResultSchema,
  cutContractSchema,
  pagedSchema,
} from '@airlink/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { idParams, pageOnlyQuery } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { compiledSerializerCompiler } from '../../lib/compiled-serializer';

const tags = ['Clientes'];
const customerList = {
  tags,
  summary: 'Clientes: paginados, filtrados y ordenados en el servidor (all=true: toda la lista filtrada)',
  querystring: customerListQuerySchema,
  response: { 200: pagedSchema(customerListItemSchema) },
};
/** PUT needs the version that was read, to refuse a save over someone else's. */
const contractUpdateSchema = contractInputSchema.extend({
  version: z
    .number({
      error: (issue) =>
        issue.input === undefined ? 'Falta la versión del contrato; recarga los datos' : 'Versión inválida',
    })
    .int('Versión inválida')
    .positive('Versión inválida')
    .describe('Versión leída con GET; si alguien guardó después, la respuesta es 409'),
});

/** Cortar and Reconectar take an optional note: a request without a body means no note (a JSON `null` is refused). */
const emptyBodyIsNoNote = async (req: FastifyRequest) => {
  if (req.body === undefined) req.body = {};
};

export const customersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The customers list and the navbar search answer on every page and keystroke: compiled, not encoded by zod
  // (docs/performance.md).
  app.get('/api/customer', {
    config: { access: 'customers.read' },
    schema: customerList,
    serializerCompiler: compiledSerializerCompiler,
    handler: (req) => ctx.customers.list(req.query),
  });

  app.get('/api/contratos', {
    config: { access: 'customers.read' },
    schema: customerList,
    serializerCompiler: compiledSerializerCompiler,
    handler: (req) => ctx.customers.list(req.query),
  });

  app.get('/api/customer/search', {
    config: { access: 'customers.read' },
    schema: {
      tags,
      summary: 'Búsqueda rápida: los 20 clientes que mejor coinciden (cada palabra debe aparecer)',
      querystring: customerSearchQuerySchema,
      response: { 200: z.array(customerSearchResultSchema) },
    },
    serializerCompiler: compiledSerializerCompiler,
    handler: (req) => ctx.customers.search(req.query.q),
  });

  app.get('/api/customer/:id/payments', {
    config: { access: 'customers.read' },
    schema: {
      tags,
      summary: 'Pagos de un cliente, del más reciente al más antiguo',
      params: idParams,
      querystring: pageOnlyQuery,
      response: { 200: pagedSchema(customerPaymentSchema) },
    },
    handler: (req) => ctx.customers.payments(req.params.id, req.query),
  });

  app.post('/api/contratos', {
    config: { access: 'customers.create' },
    schema: {
      tags,
      summary: 'Agregar un cliente con su contrato',
      body: contractInputSchema,
      response: { 201: contractSchema },
    },
    handler: async (req, reply) => reply.status(201).send(await ctx.customers.create(currentUser(req), req.body)),
  });

  app.get('/api/contratos/:id', {
    config: { access: 'customers.read' },
    schema: {
      tags,
      summary: 'Un contrato, con su retraso de pago',
      params: idParams,
      response: { 200: contractSchema },
    },
    // The customer panel's read, the hottest answer of the API: compiled, not encoded by zod (docs/performance.md).
    serializerCompiler: compiledSerializerCompiler,
    handler: (req) => ctx.customers.get(req.params.id),
  });

  app.put('/api/contratos/:id', {
    config: { access: 'customers.edit' },
    schema: {
      tags,
      summary: 'Editar los datos de un contrato (409 version_conflict si alguien guardó antes)',
      params: idParams,
      body: contractUpdateSchema,
      response: { 200: contractSchema },
    },
    handler: (req) => ctx.customers.update(currentUser(req), req.params.id, req.body),
  });

  app.get('/api/contratos/:id/authorize', {
    config: { access: 'contracts.authorize' },
    schema: {
      tags,
      summary: 'Autorizar el contrato: le asigna el siguiente número de contrato',
      params: idParams,
      response: { 200: contractSchema },
    },
    handler: (req) => ctx.customers.authorize(currentUser(req), req.params.id),
  });

  app.post('/api/contratos/:id/cortar', {
    config: { access: 'contracts.cut' },
    schema: {
      tags,
      summary: 'Cortar (suspender) el servicio',
      params: idParams,
      body: cutContractSchema,
      response: { 200: contractSchema },
    },
    preValidation: emptyBodyIsNoNote,
    handler: (req) => ctx.customers.cut(currentUser(req), req.params.id, req.body.nota),
  });

  app.post('/api/contratos/:id/reconectar', {
    config: { access: 'contracts.cut' },
    schema: {
      tags,
      summary: 'Reconectar el servicio',
      params: idParams,
      body: cutContractSchema,
      response: { 200: contractSchema },
    },
    preValidation: emptyBodyIsNoNote,
    handler: (req) => ctx.customers.reconnect(currentUser(req), req.params.id, req.body.nota),
  });

  app.post('/api/contratos/:id/cancelar', {
    config: { access: 'contracts.cancel' },
    schema: {
      tags,
      summary: 'Cancelar el contrato (termina el servicio)',
      params: idParams,
      body: cancelContractSchema,
      response: { 200: contractSchema },
    },
    handler: (req) => ctx.customers.cancel(currentUser(req), req.params.id, req.body.motivo),
  });
};
