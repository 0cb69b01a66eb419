import { receiptSendInputSchema, receiptSentSchema } from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { currentUser } from '../../plugins/auth';

const receiptParams = z.strictObject({ id: z.string().trim().min(1).max(40).describe('Número o GUID del recibo') });

/** A receipt as a PDF file, and sent by WhatsApp from the customer panel (issue 15, part 3). */
export const receiptDeliveryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/recibos/:id/pdf', {
    config: { access: 'customers.read' },
    schema: { tags: ['Recibos'], summary: 'El recibo en PDF (media carta)', params: receiptParams },
    handler: async (req, reply) => {
      const { filename, body } = await ctx.receipts.pdf(req.params.id);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(body);
    },
  });

  app.post('/api/recibos/:id/whatsapp', {
    config: { access: 'payments.register' },
    schema: {
      tags: ['Recibos'],
      summary: 'Enviar el recibo en PDF por WhatsApp (por omisión, al teléfono del contrato desde Cobranza)',
      params: receiptParams,
      body: receiptSendInputSchema,
      response: { 200: receiptSentSchema },
    },
    handler: (req) => ctx.receiptDelivery.send(currentUser(req), req.params.id, req.body),
  });
};
