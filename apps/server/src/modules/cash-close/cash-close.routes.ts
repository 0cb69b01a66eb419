import {
  cashCloseInputSchema,
  cashCloseItemSchema,
  cashCloseListQuerySchema,
  cashCloseQuerySchema,
  cashDaySchema,
  pagedSchema,
} from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';
import { idParams } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';

const tags = ['Corte de caja'];

export const cashCloseRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/cortes-caja/dia', {
    config: { access: 'finance.cashclose' },
    schema: {
      tags,
      summary: 'El día de una oficina de efectivo: lo que suman sus pagos y su corte, si lo tiene',
      querystring: cashCloseQuerySchema,
      response: { 200: cashDaySchema },
    },
    handler: (req) => ctx.cashClose.day(req.query.idCuenta, req.query.fecha),
  });

  app.post('/api/cortes-caja', {
    config: { access: 'finance.cashclose' },
    schema: {
      tags,
      summary:
        'Cerrar el día de una oficina (409 already_closed si ya tiene corte); después no se aceptan pagos en efectivo',
      body: cashCloseInputSchema,
      response: { 201: cashDaySchema },
    },
    handler: async (req, reply) => reply.status(201).send(await ctx.cashClose.close(currentUser(req), req.body)),
  });

  app.post('/api/cortes-caja/:id/reabrir', {
    config: { access: 'finance.cashreopen' },
    schema: {
      tags,
      summary: 'Reabrir un corte (nivel 20): la oficina vuelve a aceptar pagos en efectivo de ese día',
      params: idParams,
      response: { 200: cashDaySchema },
    },
    handler: (req) => ctx.cashClose.reopen(currentUser(req), req.params.id),
  });

  app.get('/api/cortes-caja', {
    config: { access: 'finance.cashclose' },
    schema: {
      tags,
      summary: 'Cortes de caja, del día más reciente al más antiguo',
      querystring: cashCloseListQuerySchema,
      response: { 200: pagedSchema(cashCloseItemSchema) },
    },
    handler: (req) => ctx.cashClose.list(req.query),
  });
};
