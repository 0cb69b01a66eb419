import { companySchema } from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';

export const companyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/empresa', {
    config: { access: 'customers.read' },
    schema: {
      tags: ['Empresa'],
      summary: 'Datos de la empresa para contratos y recibos',
      response: { 200: companySchema },
    },
    handler: () => ctx.company.company(),
  });
};
