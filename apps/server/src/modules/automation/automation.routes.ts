import {
  approveRunInputSchema,
  automationSettingsInputSchema,
  automationSettingsSchema,
  isValidIsoDate,
  noCutInputSchema,
  noCutMarkSchema,
  previewSchema,
  runDetailSchema,
  runNowInputSchema,
  runSchema,
} from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { idParams } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';

const tags = ['Cortes programados'];
const access = 'automation.manage' as const;

const previewQuery = z.strictObject({
  fecha: z
    .string()
    .trim()
    .refine(isValidIsoDate, 'La fecha no es válida (AAAA-MM-DD)')
    .optional()
    .describe('Día de la ejecución; por omisión, el siguiente día hábil'),
});

/** Cortes programados (issue 15), level 20: schedule, preview, approvals, runs, undo and 'no cortar' marks. */
export const automationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/cortes-programados/configuracion', {
    config: { access },
    schema: {
      tags,
      summary: 'Programa de cortes: activo, hora, modo y límite',
      response: { 200: automationSettingsSchema },
    },
    handler: () => ctx.automation.settings(),
  });

  app.put('/api/cortes-programados/configuracion', {
    config: { access },
    schema: {
      tags,
      summary: 'Guardar el programa de cortes',
      body: automationSettingsInputSchema,
      response: { 200: automationSettingsSchema },
    },
    handler: (req) => ctx.automation.saveSettings(currentUser(req), req.body),
  });

  app.get('/api/cortes-programados/vista-previa', {
    config: { access },
    schema: {
      tags,
      summary: 'Quién se cortaría en la fecha (por omisión, el siguiente día hábil): días de retraso y adeudo',
      querystring: previewQuery,
      response: { 200: previewSchema },
    },
    handler: (req) => ctx.automation.preview(req.query.fecha),
  });

  app.post('/api/cortes-programados/aprobaciones', {
    config: { access },
    schema: {
      tags,
      summary: 'Aprobar la ejecución de una fecha (corre a la hora del programa)',
      body: approveRunInputSchema,
      response: { 201: runSchema },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await ctx.automation.approve(currentUser(req), req.body.fecha, req.body.confirmar)),
  });

  app.get('/api/cortes-programados/ejecuciones', {
    config: { access },
    schema: { tags, summary: 'Ejecuciones, la más reciente primero (100)', response: { 200: z.array(runSchema) } },
    handler: () => ctx.automation.listRuns(),
  });

  app.post('/api/cortes-programados/ejecuciones', {
    config: { access },
    schema: {
      tags,
      summary: 'Ejecutar ahora la lista de hoy (día hábil); responde con el resultado por contrato',
      body: runNowInputSchema,
      response: { 201: runDetailSchema },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await ctx.automation.runNow(currentUser(req), req.body.confirmar)),
  });

  app.get('/api/cortes-programados/ejecuciones/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Una ejecución con su resultado por contrato',
      params: idParams,
      response: { 200: runDetailSchema },
    },
    handler: (req) => ctx.automation.detail(req.params.id),
  });

  app.post('/api/cortes-programados/ejecuciones/:id/deshacer', {
    config: { access },
    schema: {
      tags,
      summary: 'Deshacer una ejecución terminada: reconecta exactamente los contratos que cortó',
      params: idParams,
      response: { 200: runDetailSchema },
    },
    handler: (req) => ctx.automation.undo(currentUser(req), req.params.id),
  });

  app.post('/api/cortes-programados/ejecuciones/:id/cancelar', {
    config: { access },
    schema: {
      tags,
      summary: 'Cancelar una aprobación que aún no empieza (la fecha puede aprobarse de nuevo)',
      params: idParams,
      response: { 200: runSchema },
    },
    handler: (req) => ctx.automation.cancelApproval(currentUser(req), req.params.id),
  });

  app.get('/api/cortes-programados/no-cortar', {
    config: { access },
    schema: { tags, summary: "Contratos marcados 'no cortar'", response: { 200: z.array(noCutMarkSchema) } },
    handler: () => ctx.automation.noCutMarks(),
  });

  app.put('/api/cortes-programados/no-cortar/:id', {
    config: { access },
    schema: {
      tags,
      summary: "Marcar un contrato 'no cortar' (motivo y fecha de fin)",
      params: idParams,
      body: noCutInputSchema,
      response: { 200: z.array(noCutMarkSchema) },
    },
    handler: (req) => ctx.automation.setNoCut(currentUser(req), req.params.id, req.body.motivo, req.body.hasta),
  });

  app.delete('/api/cortes-programados/no-cortar/:id', {
    config: { access },
    schema: { tags, summary: "Quitar la marca 'no cortar'", params: idParams },
    handler: async (req, reply) => {
      await ctx.automation.deleteNoCut(currentUser(req), req.params.id);
      return reply.status(204).send();
    },
  });
};
