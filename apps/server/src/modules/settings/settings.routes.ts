import { businessSettingsInputSchema, businessSettingsSchema } from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';
import { currentUser } from '../../plugins/auth';

const tags = ['Administración'];

export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/configuracion', {
    config: { access: 'admin.settings' },
    schema: {
      tags,
      summary: 'Días hábiles, días festivos propios y lista de suspensión por omisión',
      response: { 200: businessSettingsSchema },
    },
    handler: () => ctx.settings.businessSettings(),
  });

  app.put('/api/configuracion', {
    config: { access: 'admin.settings' },
    schema: {
      tags,
      summary: 'Guardar días hábiles, días festivos y lista de suspensión (la fecha de corte los usa al momento)',
      body: businessSettingsInputSchema,
      response: { 200: businessSettingsSchema },
    },
    handler: (req) => ctx.settings.updateBusinessSettings(currentUser(req), req.body),
  });
};
