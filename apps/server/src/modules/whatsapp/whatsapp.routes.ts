import {
  conversationListQuerySchema,
  conversationMessagesQuerySchema,
  lineText,
  markReadResultSchema,
  pagedSchema,
  whatsappConversationSchema,
  whatsappConnectSchema,
  whatsappCreateGroupSchema,
  whatsappGroupSchema,
  whatsappGroupSendSchema,
  whatsappHistoryResultSchema,
  whatsappStateSchema,
  whatsappInstanceInputSchema,
  whatsappLeaveAllSchema,
  whatsappInstanceSchema,
  whatsappMessageSchema,
  whatsappReplySchema,
  whatsappSendSchema,
  whatsappSentSchema,
} from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { idParams } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';

const tags = ['WhatsApp'];
const instanceParams = z.object({ instance: lineText().min(1).max(100, 'Instancia inválida') });
const conversationParams = z.object({ id: lineText().min(3).max(220, 'Conversación no encontrada') });
/** What Evolution POSTs (extra fields pass: it sends destination, date_time, sender, server_url…). */
const webhookBody = z.looseObject({
  event: z.string({ error: 'Falta el evento' }).min(1, 'Falta el evento').max(60, 'Evento inválido'),
  instance: z.string().max(200).optional(),
  data: z.unknown(),
});

const UNKNOWN_WEBHOOK_TOKEN = 'Token de webhook desconocido';
/** The largest webhook body Evolution sends us (text events; media travel by URL, not inside the event). */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;
/**
 * Webhook posts per minute from one address. Evolution posts every event of every instance from one address
 * (a reminder run sends hundreds of messages, each acknowledged twice), so the ceiling only stops a flood.
 */
const WEBHOOK_RATE_LIMIT = { max: 3000, timeWindow: 60_000 };

/** WhatsApp through Evolution API v2 (issue 14; docs/business-rules.md "Screens"; docs/whatsapp.md; docs/api-contract.md "WhatsApp"). */
export const whatsappRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/api/whatsapp/webhook/:token', {
    // Evolution posts every event of every instance from one address; a batch of messages fits in 1 MB.
    // Evolution's data: a customer's text with control characters is cleaned by the parser, not refused.
    config: { access: 'public', rateLimit: WEBHOOK_RATE_LIMIT, foreignBody: true },
    bodyLimit: WEBHOOK_BODY_LIMIT,
    // The token is checked before the body is read: a stranger's post costs no parsing at all.
    preParsing: async (req) => {
      const { token } = req.params as { token?: unknown };
      if (typeof token !== 'string' || token.length > 200 || !(await ctx.whatsappInbox.knowsWebhookToken(token))) {
        throw new AppError(401, 'unauthorized', UNKNOWN_WEBHOOK_TOKEN);
      }
    },
    schema: {
      tags,
      summary:
        'Eventos de Evolution API (messages.upsert, messages.update, messages.delete, connection.update; los demás se ignoran); el token es el de la instancia',
      params: z.object({ token: z.string().max(200) }),
      body: webhookBody,
      response: { 200: z.object({ stored: z.number().int() }) },
    },
    handler: async (req) => {
      const result = await ctx.whatsappInbox.receiveWebhook(req.params.token, req.body);
      if (!result) throw new AppError(401, 'unauthorized', UNKNOWN_WEBHOOK_TOKEN);
      return result;
    },
  });

  app.get('/api/whatsapp/instances', {
    config: { access: 'whatsapp.use' },
    schema: {
      tags,
      summary: 'Directorio de departamentos (instancia, teléfono, si tiene clave; la clave nunca se devuelve)',
      response: { 200: z.array(whatsappInstanceSchema) },
    },
    handler: () => ctx.whatsappDirectory.instances(),
  });

  app.post('/api/whatsapp/instances', {
    config: { access: 'whatsapp.use' },
    schema: {
      tags,
      summary: 'Agregar un departamento al directorio (la API Key se guarda cifrada y nunca se devuelve)',
      body: whatsappInstanceInputSchema,
      response: { 201: whatsappInstanceSchema },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await ctx.whatsappDirectory.createInstance(currentUser(req), req.body)),
  });

  app.put('/api/whatsapp/instances/:id', {
    config: { access: 'whatsapp.use' },
    schema: {
      tags,
      summary:
        "Cambiar un departamento; sin apiKey conserva la API Key guardada, apiKey '' la quita; cambiar baseUrl exige la apiKey de nuevo",
      params: idParams,
      body: whatsappInstanceInputSchema,
      response: { 200: whatsappInstanceSchema },
    },
    handler: (req) => ctx.whatsappDirectory.updateInstance(currentUser(req), req.params.id, req.body),
  });

  app.delete('/api/whatsapp/instances/:id', {
    config: { access: 'whatsapp.use' },
    schema: {
      tags,
      summary: 'Quitar un departamento del directorio (no mientras la bandeja tenga sus mensajes)',
      params: idParams,
    },
    handler: async (req, reply) => {
      await ctx.whatsappDirectory.deleteInstance(currentUser(req), req.params.id);
      return reply.status(204).send();
    },
  });

  app.get('/api/whatsapp/instances/:instance/state', {
    config: { access: 'whatsapp.use' },
    schema: {
      tags,
      summary: 'Estado de conexión de la instancia (open, close, connecting)',
      params: instanceParams,
      response: { 200: whatsappStateSchema },
    },
    handler: (req) => ctx.whatsappTestPanel.state(req.params.instance),
  });

  app.post('/api/whatsapp/instances/:instance/connect', {
    config: { access: 'whatsapp.use' },
    schema: {
      tags,
      summary: "'Conectar': QR como data URL o código de emparejamiento (o ya conectada)",
      params: instanceParams,
      response: { 200: whatsappConnectSchema },
    },
    handler: (req) => ctx.whatsappTestPanel.connect(req.params.instance),
  });

  app.post('/api/whatsapp/instances/:instance/restart', {
    config: { access: 'whatsapp.use' },
    schema: {
      tags,
      summary: "'Reiniciar' la instancia",
      params: instanceParams,
      response: { 200: whatsappConnectSchema },
    },
    handler: (req) => ctx.whatsappTestPanel.restart(req.params.instance),
  });

  app.get('/api/whatsapp/instances/:instance/groups', {
    config: { access: 'whatsapp.use' },
    schema: {
      tags,
      summary: "'Obtener Grupos' con sus participantes",
      params: instanceParams,
      response: { 200: z.array(whatsappGroupSchema) },
    },
    handler: (req) => ctx.whatsappTestPanel.groups(req.params.instance),
  });

  app.post('/api/whatsapp/instances/:instance/groups', {
    config: { access: 'whatsapp.use' },
    schema: {
      tags,
      summary: "'Crear Grupo' (participantes separados por coma)",
      params: instanceParams,
      body: whatsappCreateGroupSchema,
      response: { 201: whatsappGroupSchema },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await ctx.whatsappTestPanel.createGroup(req.params.instance, req.body)),
  });

  app.delete('/api/whatsapp/instances/:instance/groups', {
    config: { access: 'whatsapp.use' },
    schema: {
      tags,
      summary: "'Eliminar Todos': sale de cada grupo, con el resultado de cada uno",
      params: instanceParams,
      response: { 200: whatsappLeaveAllSchema },
    },
    handler: (req) => ctx.whatsappTestPanel.leaveAllGroups(req.params.instance),
  });

  app.post('/api/whatsapp/instances/:instance/groups/send', {
    config: { access: 'whatsapp.use' },
    schema: {
      tags,
      summary: "'Enviar a Grupo' (queda registrado quién lo envió)",
      params: instanceParams,
      body: whatsappGroupSendSchema,
      response: { 200: whatsappSentSchema },
    },
    handler: (req) =>
      ctx.whatsappTestPanel.sendToGroup(currentUser(req).id, req.params.instance, req.body.groupJid, req.body.text),
  });

  app.post('/api/whatsapp/instances/:instance/webhook', {
    config: { access: 'whatsapp.use' },
    schema: {
      tags,
      summary: 'Apunta el webhook de la instancia a AirLink con un token aleatorio nuevo',
      params: instanceParams,
      response: { 200: z.object({ instance: z.string(), url: z.string(), events: z.array(z.string()) }) },
    },
    handler: (req) => ctx.whatsappDirectory.setWebhook(req.params.instance),
  });

  app.post('/api/whatsapp/instances/:instance/send', {
    config: { access: 'whatsapp.use' },
    schema: {
      tags,
      summary: "'Enviar a Número' del panel de pruebas (queda registrado quién lo envió)",
      params: instanceParams,
      body: whatsappSendSchema,
      response: { 200: whatsappSentSchema },
    },
    handler: (req) =>
      ctx.whatsappTestPanel.sendToNumber(currentUser(req).id, req.params.instance, req.body.number, req.body.text),
  });

  app.get('/api/whatsapp/conversations', {
    config: { access: 'whatsapp.use' },
    schema: {
      tags,
      summary: 'Conversaciones por instancia y contacto: búsqueda (sin acentos ni mayúsculas), filtro y páginas',
      querystring: conversationListQuerySchema,
      response: { 200: pagedSchema(whatsappConversationSchema) },
    },
    handler: (req) => ctx.whatsappDirectory.conversations(req.query),
  });

  app.get('/api/whatsapp/conversations/:id/messages', {
    config: { access: 'whatsapp.use' },
    schema: {
      tags,
      summary: 'Mensajes de una conversación (página 0 = los más recientes, en orden cronológico)',
      params: conversationParams,
      querystring: conversationMessagesQuerySchema,
      response: { 200: pagedSchema(whatsappMessageSchema) },
    },
    handler: (req) => ctx.whatsappInbox.messages(req.params.id, req.query),
  });

  app.post('/api/whatsapp/conversations/:id/read', {
    config: { access: 'whatsapp.use' },
    schema: {
      tags,
      summary: 'Marca como leídos los mensajes recibidos de la conversación',
      params: conversationParams,
      response: { 200: markReadResultSchema },
    },
    handler: (req) => ctx.whatsappInbox.markRead(req.params.id),
  });

  app.post('/api/whatsapp/conversations/:id/history', {
    config: { access: 'whatsapp.use' },
    schema: {
      tags,
      summary:
        "'Historial': importa de Evolution API (findMessages, todas las páginas) los mensajes de la conversación; cada uno se guarda una sola vez",
      params: conversationParams,
      response: { 200: whatsappHistoryResultSchema },
    },
    handler: (req) => ctx.whatsappInbox.importHistory(req.params.id),
  });

  app.post('/api/whatsapp/conversations/:id/reply', {
    config: { access: 'whatsapp.use' },
    schema: {
      tags,
      summary: 'Responde con texto como la instancia del departamento (queda registrado quién lo envió)',
      params: conversationParams,
      body: whatsappReplySchema,
      response: { 200: whatsappSentSchema },
    },
    handler: (req) => ctx.whatsappInbox.reply(currentUser(req).id, req.params.id, req.body.text),
  });
};
