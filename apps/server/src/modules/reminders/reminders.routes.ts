import {
  pagedSchema,
  reminderItemSchema,
  reminderListQuerySchema,
  reminderPreviewInputSchema,
  reminderPreviewSchema,
  reminderRunSchema,
  reminderSettingsInputSchema,
  reminderSettingsSchema,
} from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';
import { currentUser } from '../../plugins/auth';

const tags = ['Recordatorios de pago'];
const access = 'automation.manage' as const;

/** Payment reminders by WhatsApp (issue 15, part 3), level 20: settings, template preview, queue and history. */
export const remindersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/recordatorios/configuracion', {
    config: { access },
    schema: {
      tags,
      summary: 'Recordatorios: activo, días antes del corte, plantilla, datos de la cuenta e instancia',
      response: { 200: reminderSettingsSchema },
    },
    handler: () => ctx.reminders.settings(),
  });

  app.put('/api/recordatorios/configuracion', {
    config: { access },
    schema: {
      tags,
      summary: 'Guardar los recordatorios (una plantilla con marcadores desconocidos se rechaza)',
      body: reminderSettingsInputSchema,
      response: { 200: reminderSettingsSchema },
    },
    handler: (req) => ctx.reminders.saveSettings(currentUser(req), req.body),
  });

  app.post('/api/recordatorios/vista-previa', {
    config: { access },
    schema: {
      tags,
      summary: 'La plantilla escrita para un contrato de ejemplo',
      body: reminderPreviewInputSchema,
      response: { 200: reminderPreviewSchema },
    },
    handler: (req) => ctx.reminders.preview(req.body.plantilla, req.body.datosCuenta),
  });

  app.get('/api/recordatorios', {
    config: { access },
    schema: {
      tags,
      summary: 'Recordatorios en cola y enviados, el más reciente primero',
      querystring: reminderListQuerySchema,
      response: { 200: pagedSchema(reminderItemSchema) },
    },
    handler: (req) => ctx.reminders.list(req.query),
  });

  app.post('/api/recordatorios/enviar', {
    config: { access },
    schema: {
      tags,
      summary: 'Encolar y enviar ahora (solo de 09:00 a 20:00; fuera de horario solo encola)',
      response: { 200: reminderRunSchema },
    },
    handler: () => ctx.reminders.run(),
  });
};
