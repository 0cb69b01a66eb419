import {
  dailyReportQuerySchema,
  dailyReportSchema,
  dailyReportSendSchema,
  dailyReportSettingsInputSchema,
  dailyReportSettingsSchema,
} from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { currentUser } from '../../plugins/auth';

const tags = ['Reporte diario'];
const access = 'finance.report' as const;

/** The owner's daily report (issue 15, part 4), level 20: the report of a day, its settings and its sends. */
export const dailyReportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/reporte-diario', {
    config: { access },
    schema: {
      tags,
      summary: 'Ingresos por oficina y banco, cortes de caja, cortes y reconexiones, radios y routers caídos',
      querystring: dailyReportQuerySchema,
      response: { 200: dailyReportSchema },
    },
    handler: (req) => ctx.dailyReport.report(req.query.fecha),
  });

  app.get('/api/reporte-diario/configuracion', {
    config: { access },
    schema: {
      tags,
      summary: 'Envío diario: activo, WhatsApp del dueño, hora e instancia',
      response: { 200: dailyReportSettingsSchema },
    },
    handler: () => ctx.dailyReport.settings(),
  });

  app.put('/api/reporte-diario/configuracion', {
    config: { access },
    schema: {
      tags,
      summary: 'Guardar el envío diario',
      body: dailyReportSettingsInputSchema,
      response: { 200: dailyReportSettingsSchema },
    },
    handler: (req) => ctx.dailyReport.saveSettings(currentUser(req), req.body),
  });

  app.get('/api/reporte-diario/envios', {
    config: { access },
    schema: { tags, summary: 'Envíos de los últimos 30 días', response: { 200: z.array(dailyReportSendSchema) } },
    handler: () => ctx.dailyReport.sends(),
  });

  app.post('/api/reporte-diario/enviar', {
    config: { access },
    schema: { tags, summary: 'Enviar ahora el reporte de hoy al dueño', response: { 200: dailyReportSendSchema } },
    handler: () => ctx.dailyReport.sendNow(),
  });
};
