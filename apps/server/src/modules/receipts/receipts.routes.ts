import {
  pagedSchema,
  receiptDetailSchema,
  receiptListQuerySchema,
  receiptSchema,
  reconnectionItemSchema,
} from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { pageOnlyQuery } from '../../lib/route-schemas';

const tags = ['Recibos'];

export const receiptsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/recibos', {
    config: { access: 'finance.summaries' },
    schema: {
      tags,
      summary: 'Recibos, del más reciente al más antiguo; filtros por fechas (del negocio), grupo o cuenta y búsqueda',
      querystring: receiptListQuerySchema,
      response: { 200: pagedSchema(receiptSchema) },
    },
    handler: (req) => ctx.receipts.list(req.query),
  });

  app.get('/api/recibos/reconexiones', {
    config: { access: 'finance.reconnections' },
    schema: {
      tags,
      summary: 'Recibos de reconexión, del más reciente al más antiguo (diferencia = monto del recibo - mensualidad)',
      querystring: pageOnlyQuery,
      response: { 200: pagedSchema(reconnectionItemSchema) },
    },
    handler: (req) => ctx.receipts.reconnections(req.query),
  });

  app.get('/api/recibos/:id', {
    config: { access: 'customers.read' },
    schema: {
      tags,
      summary: 'Un recibo por número o por guid (vista de impresión), con la dirección del portal que imprime',
      params: z.object({ id: z.string().max(64).describe('Número de recibo o guid') }),
      response: { 200: receiptDetailSchema },
    },
    handler: (req) => ctx.receipts.get(req.params.id),
  });
};
