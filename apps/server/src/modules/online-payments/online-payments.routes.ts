import {
  isOnlinePaymentId,
  onlinePaymentCreatedSchema,
  onlinePaymentInputSchema,
  onlinePaymentListItemSchema,
  onlinePaymentListQuerySchema,
  onlinePaymentSchema,
  onlinePaymentSettingsInputSchema,
  onlinePaymentSettingsSchema,
  pagedSchema,
} from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { currentPortal, currentUser } from '../../plugins/auth';

const tags = ['Pagos en línea'];
/** A notification is a pointer (a few hundred bytes). */
const NOTIFICATION_BODY_LIMIT = 16 * 1024;
/** Mercado Pago posts from a few addresses: the ceiling only stops a flood. */
const NOTIFICATION_RATE_LIMIT = { max: 600, timeWindow: 60_000 };
const BAD_SIGNATURE = 'Firma de Mercado Pago inválida, ausente o vencida';

const intentParams = z.object({
  id: z.string().refine(isOnlinePaymentId, 'Ese pago en línea no existe'),
});

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Paying online with Mercado Pago (issue 24; docs/api-contract.md "Customer portal" and "Online payments"). */
export const onlinePaymentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/api/portal/pagos', {
    config: { access: 'portal' },
    schema: {
      tags,
      summary:
        'Pagar en línea: crea el intento y la preferencia de Mercado Pago (el monto lo calcula el servidor) y responde la dirección de pago; Mercado Pago caído o lento: 502',
      body: onlinePaymentInputSchema,
      response: { 201: onlinePaymentCreatedSchema },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await ctx.onlinePayments.create(currentPortal(req).contratoId, req.body.meses)),
  });

  app.get('/api/portal/pagos/:id', {
    config: { access: 'portal' },
    schema: {
      tags,
      summary:
        'Un pago en línea del cliente: estado (pendiente, aprobado, rechazado, expirado, reembolsado) y su recibo',
      params: intentParams,
      response: { 200: onlinePaymentSchema },
    },
    handler: async (req) => ctx.onlinePayments.get(currentPortal(req).contratoId, req.params.id),
  });

  app.post('/api/pagos-en-linea/mercadopago', {
    config: { access: 'public', rateLimit: NOTIFICATION_RATE_LIMIT, foreignBody: true },
    bodyLimit: NOTIFICATION_BODY_LIMIT,
    // The signature is checked before the body is read: a forged, missing or stale one costs no parsing.
    preParsing: async (req) => {
      const ok = await ctx.onlinePayments.signatureOk(
        req.query as Record<string, unknown>,
        header(req.headers['x-signature']),
        header(req.headers['x-request-id']),
      );
      if (!ok) throw new AppError(401, 'unauthorized', BAD_SIGNATURE);
    },
    schema: {
      tags,
      summary:
        'Notificaciones (webhooks) de Mercado Pago: verifica x-signature, lee el pago en Mercado Pago y lo registra si está aprobado, en MXN, por el monto y la referencia del intento',
      querystring: z.looseObject({}),
      body: z.unknown(),
      response: { 200: z.object({ recibido: z.boolean() }) },
    },
    handler: async (req) => {
      const outcome = await ctx.onlinePayments.notification({
        query: req.query as Record<string, unknown>,
        body: req.body,
        signature: header(req.headers['x-signature']),
        requestId: header(req.headers['x-request-id']),
      });
      if (outcome === 'unsigned') throw new AppError(401, 'unauthorized', BAD_SIGNATURE);
      return { recibido: true };
    },
  });

  app.get('/api/pagos-en-linea', {
    config: { access: 'finance.accounts' },
    schema: {
      tags,
      summary:
        'Pagos en línea (intentos de Mercado Pago), más recientes primero, con marcado para reembolsos y contracargos',
      querystring: onlinePaymentListQuerySchema,
      response: { 200: pagedSchema(onlinePaymentListItemSchema) },
    },
    handler: async (req) => ctx.onlinePayments.list(req.query),
  });

  app.get('/api/pagos-en-linea/configuracion', {
    config: { access: 'admin.settings' },
    schema: {
      tags,
      summary: 'Administración › Pagos en línea (el access token y el secreto del webhook nunca se responden)',
      response: { 200: onlinePaymentSettingsSchema },
    },
    handler: async () => ctx.onlinePayments.settings(),
  });

  app.put('/api/pagos-en-linea/configuracion', {
    config: { access: 'admin.settings' },
    schema: {
      tags,
      summary:
        'Guardar Pagos en línea: activo, clave pública, access token y secreto (solo escritura), dirección del portal',
      body: onlinePaymentSettingsInputSchema,
      response: { 200: onlinePaymentSettingsSchema },
    },
    handler: async (req) => ctx.onlinePayments.saveSettings(currentUser(req), req.body),
  });
};
