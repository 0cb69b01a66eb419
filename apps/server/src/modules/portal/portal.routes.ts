import {
  idParamSchema,
  portalAccountSchema,
  portalCodeInputSchema,
  portalInvoiceSchema,
  portalMessageSchema,
  portalPaymentSchema,
  portalSessionInputSchema,
  portalSessionSchema,
  portalTicketInputSchema,
  portalTicketSchema,
  PORTAL_CODE_SENT_MESSAGE,
  PORTAL_COOKIE_NAME,
  PORTAL_COOKIE_PATH,
  PORTAL_SESSION_DAYS,
} from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { currentPortal } from '../../plugins/auth';

const tags = ['Portal de clientes'];

/** The customer portal (issue 24; docs/api-contract.md "Customer portal"; docs/access.md "Customer portal"). */
export const portalRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const secure = ctx.config.publicUrl.startsWith('https://');

  app.post('/api/portal/codigo', {
    // The public routes' limit per address and minute (plugins/http-limits.ts); the hourly code limits are in the database.
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'Pide un código de 6 dígitos por WhatsApp (desde Cobranza) para entrar al portal; responde 202 igual exista o no el contrato',
      body: portalCodeInputSchema,
      response: { 202: portalMessageSchema },
    },
    handler: async (req, reply) => {
      await ctx.portalAuth.requestCode(req.body.contrato, req.body.telefono, req.ip);
      return reply.status(202).send({ message: PORTAL_CODE_SENT_MESSAGE });
    },
  });

  app.post('/api/portal/sesion', {
    // The public routes' limit per address and minute (plugins/http-limits.ts); the hourly code limits are in the database.
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'Entra al portal con el código: abre una sesión (cookie HttpOnly en /api/portal, 30 días); 5 códigos equivocados bloquean 15 minutos',
      body: portalSessionInputSchema,
      response: { 200: portalSessionSchema },
    },
    handler: async (req, reply) => {
      const s = await ctx.portalAuth.signIn(req.body.contrato, req.body.codigo);
      reply.setCookie(PORTAL_COOKIE_NAME, s.token, {
        path: PORTAL_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: PORTAL_SESSION_DAYS * 24 * 3600,
      });
      return { nombre: s.nombre, expira: s.expiresAt.toISOString() };
    },
  });

  app.post('/api/portal/salir', {
    config: { access: 'portal' },
    schema: { tags, summary: 'Cierra la sesión del portal (la revoca)', response: { 204: z.null() } },
    handler: async (req, reply) => {
      await ctx.portalAuth.signOut(currentPortal(req));
      reply.clearCookie(PORTAL_COOKIE_NAME, { path: PORTAL_COOKIE_PATH });
      return reply.status(204).send(null);
    },
  });

  app.get('/api/portal/cuenta', {
    config: { access: 'portal' },
    schema: {
      tags,
      summary:
        'La cuenta del cliente: plan, pagado hasta, estado, días de retraso, monto a pagar, cuentas para transferir',
      response: { 200: portalAccountSchema },
    },
    handler: async (req) => ctx.portal.account(currentPortal(req).contratoId),
  });

  app.get('/api/portal/pagos', {
    config: { access: 'portal' },
    schema: {
      tags,
      summary: 'Los pagos registrados del cliente con su recibo, más recientes primero',
      response: { 200: z.array(portalPaymentSchema) },
    },
    handler: async (req) => ctx.portal.payments(currentPortal(req).contratoId),
  });

  app.get('/api/portal/recibos/:idRecibo/pdf', {
    config: { access: 'portal' },
    schema: {
      tags,
      summary: 'El recibo en PDF (solo los del propio contrato: 403 para otros)',
      params: z.object({ idRecibo: idParamSchema }),
    },
    handler: async (req, reply) => {
      const { body, filename } = await ctx.portal.receiptPdf(currentPortal(req).contratoId, req.params.idRecibo);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(body);
    },
  });

  app.get('/api/portal/facturas', {
    config: { access: 'portal' },
    schema: {
      tags,
      summary: 'Las facturas (CFDI) de los pagos del cliente, válidas o canceladas, más recientes primero',
      response: { 200: z.array(portalInvoiceSchema) },
    },
    handler: async (req) => ctx.portal.invoices(currentPortal(req).contratoId),
  });

  for (const kind of ['pdf', 'xml'] as const)
    app.get(`/api/portal/facturas/:id/${kind}`, {
      config: { access: 'portal' },
      schema: {
        tags,
        summary: `El ${kind.toUpperCase()} timbrado de la factura (solo las del propio contrato: 403 para otras)`,
        params: z.object({ id: idParamSchema }),
      },
      handler: async (req, reply) => {
        const { body, filename } = await ctx.portal.invoiceFile(currentPortal(req).contratoId, req.params.id, kind);
        return reply
          .type(kind === 'pdf' ? 'application/pdf' : 'application/xml')
          .header('content-disposition', `${kind === 'pdf' ? 'inline' : 'attachment'}; filename="${filename}"`)
          .send(body);
      },
    });

  app.get('/api/portal/tickets', {
    config: { access: 'portal' },
    schema: {
      tags,
      summary: 'Los reportes (tickets de soporte) del cliente',
      response: { 200: z.array(portalTicketSchema) },
    },
    handler: async (req) => ctx.portal.tickets(currentPortal(req).contratoId),
  });

  app.post('/api/portal/tickets', {
    config: { access: 'portal' },
    schema: {
      tags,
      summary: 'Reportar una falla: abre un ticket que el personal ve en Soporte con origen portal',
      body: portalTicketInputSchema,
      response: { 201: portalTicketSchema },
    },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await ctx.portal.openTicket(currentPortal(req).contratoId, req.body.asunto, req.body.descripcion)),
  });
};
