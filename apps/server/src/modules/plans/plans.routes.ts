import { planInputSchema, planSchema } from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { idParams } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';

const tags = ['Planes'];

/** Plans: the list every signed-in user reads (the contract form) and the edit of Administración › Planes. */
export const plansRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/planes', {
    config: { access: 'plans.read' },
    schema: { tags, summary: 'Planes: nombre, mensualidad y velocidades', response: { 200: z.array(planSchema) } },
    handler: () => ctx.plans.list(),
  });

  app.put('/api/planes/:id', {
    config: { access: 'plans.manage' },
    schema: {
      tags,
      summary: 'Editar un plan (velocidades de 0.064 a 10,000 Mbps; los contratos conservan su mensualidad)',
      params: idParams,
      body: planInputSchema,
      response: { 200: planSchema },
    },
    handler: (req) => ctx.plans.update(currentUser(req), req.params.id, req.body),
  });
};
