import { companyInputSchema, companySchema } from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';
import { currentUser } from '../../plugins/auth';

const tags = ['Empresa'];

export const companyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Read by every level that prints contracts and receipts (and the customer panel's support staff).
  app.get('/api/empresa', {
    config: { access: 'customers.read' },
    schema: {
      tags,
      summary: 'Datos de la empresa para contratos y recibos',
      response: { 200: companySchema },
    },
    handler: () => ctx.company.company(),
  });

  app.put('/api/empresa', {
    config: { access: 'admin.settings' },
    schema: {
      tags,
      summary: 'Guardar los datos de la empresa (nombre, dirección, RFC, teléfonos, logotipo…)',
      body: companyInputSchema,
      response: { 200: companySchema },
    },
    handler: (req) => ctx.company.update(currentUser(req), req.body),
  });
};
