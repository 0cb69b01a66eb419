import {
  fiscalDataAnswerSchema,
  fiscalDataSchema,
  globalInvoiceInputSchema,
  globalPreviewQuerySchema,
  globalPreviewSchema,
  invoiceCancelInputSchema,
  invoiceListQuerySchema,
  invoicePaymentInputSchema,
  invoiceSchema,
  invoiceTotalsSchema,
  invoicingSettingsInputSchema,
  invoicingSettingsSchema,
  pagedSchema,
  receiptSendInputSchema,
  receiptSentSchema,
} from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { idParams } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';

const tags = ['Facturación'];

export const invoicingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/contratos/:id/datos-fiscales', {
    config: { access: 'invoices.issue' },
    schema: {
      tags,
      summary: 'Datos fiscales del contrato (receptor de sus facturas); null si no tiene',
      params: idParams,
      response: { 200: fiscalDataAnswerSchema.nullable() },
    },
    handler: (req) => ctx.invoicing.fiscalData(req.params.id),
  });

  app.put('/api/contratos/:id/datos-fiscales', {
    config: { access: 'invoices.issue' },
    schema: {
      tags,
      summary: 'Guardar los datos fiscales del contrato (RFC con dígito verificador, régimen y uso del CFDI del SAT)',
      params: idParams,
      body: fiscalDataSchema,
      response: { 200: fiscalDataAnswerSchema },
    },
    handler: (req) => ctx.invoicing.saveFiscalData(currentUser(req), req.params.id, req.body),
  });

  app.get('/api/facturas', {
    config: { access: 'invoices.issue' },
    schema: {
      tags,
      summary: 'Facturas paginadas, de la más reciente a la más antigua (filtros: estado, periodo, contrato)',
      querystring: invoiceListQuerySchema,
      response: { 200: pagedSchema(invoiceSchema) },
    },
    handler: (req) => ctx.invoicing.list(req.query),
  });

  app.get('/api/facturas/totales', {
    config: { access: 'invoices.issue' },
    schema: {
      tags,
      summary: 'Facturas del mes y su total por estado',
      querystring: globalPreviewQuerySchema,
      response: { 200: invoiceTotalsSchema },
    },
    handler: (req) => ctx.invoicing.totals(req.query.periodo),
  });

  app.post('/api/facturas', {
    config: { access: 'invoices.issue' },
    schema: {
      tags,
      summary: 'Facturar un pago ahora (201 timbrada o con error; 202 pendiente: el PAC no respondió y se reintenta)',
      body: invoicePaymentInputSchema,
      response: { 201: invoiceSchema, 202: invoiceSchema },
    },
    handler: async (req, reply) => {
      const { invoice, pending } = await ctx.invoicing.invoicePayment(currentUser(req), req.body.idPago);
      return reply.status(pending ? 202 : 201).send(invoice);
    },
  });

  app.get('/api/facturas/global/vista-previa', {
    config: { access: 'invoices.manage' },
    schema: {
      tags,
      summary: 'Vista previa de la factura global del mes: pagos sin factura propia y su total',
      querystring: globalPreviewQuerySchema,
      response: { 200: globalPreviewSchema },
    },
    handler: (req) => ctx.invoicing.globalPreview(req.query.periodo),
  });

  app.post('/api/facturas/global', {
    config: { access: 'invoices.manage' },
    schema: {
      tags,
      summary: 'Emitir la factura global (público en general) de un mes terminado',
      body: globalInvoiceInputSchema,
      response: { 201: z.array(invoiceSchema) },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await ctx.invoicing.issueGlobal(currentUser(req), req.body.periodo)),
  });

  app.get('/api/facturas/:id', {
    config: { access: 'invoices.issue' },
    schema: { tags, summary: 'Una factura', params: idParams, response: { 200: invoiceSchema } },
    handler: (req) => ctx.invoicing.get(req.params.id),
  });

  for (const kind of ['pdf', 'xml'] as const)
    app.get(`/api/facturas/:id/${kind}`, {
      config: { access: 'invoices.issue' },
      schema: { tags, summary: `${kind.toUpperCase()} timbrado de la factura`, params: idParams },
      handler: async (req, reply) => {
        const { body, filename } = await ctx.invoicing.file(req.params.id, kind);
        return reply
          .type(kind === 'pdf' ? 'application/pdf' : 'application/xml')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .send(body);
      },
    });

  app.post('/api/facturas/:id/cancelar', {
    config: { access: 'invoices.manage' },
    schema: {
      tags,
      summary: 'Cancelar una factura con el motivo del SAT (01 emite o usa la sustituta)',
      params: idParams,
      body: invoiceCancelInputSchema,
      response: { 200: invoiceSchema },
    },
    handler: (req) => ctx.invoicing.cancel(currentUser(req), req.params.id, req.body),
  });

  app.post('/api/facturas/:id/whatsapp', {
    config: { access: 'invoices.issue' },
    schema: {
      tags,
      summary:
        'Enviar el PDF y el XML de la factura por WhatsApp (por omisión, al teléfono del contrato desde Cobranza)',
      params: idParams,
      body: receiptSendInputSchema,
      response: { 200: receiptSentSchema },
    },
    handler: (req) => ctx.invoicing.sendWhatsApp(currentUser(req), req.params.id, req.body),
  });

  app.post('/api/facturas/:id/actualizar', {
    config: { access: 'invoices.manage' },
    schema: {
      tags,
      summary: 'Consultar ahora en el PAC una cancelación en proceso',
      params: idParams,
      response: { 200: invoiceSchema },
    },
    handler: (req) => ctx.invoicing.refreshCancellation(req.params.id),
  });

  app.get('/api/facturacion/ajustes', {
    config: { access: 'invoices.manage' },
    schema: {
      tags,
      summary: 'Administración › Facturación (la llave del PAC nunca se devuelve)',
      response: { 200: invoicingSettingsSchema },
    },
    handler: () => ctx.invoicing.settings(),
  });

  app.put('/api/facturacion/ajustes', {
    config: { access: 'invoices.manage' },
    schema: {
      tags,
      summary: 'Guardar Administración › Facturación (llave: nueva, vacía para quitarla, ausente la conserva)',
      body: invoicingSettingsInputSchema,
      response: { 200: invoicingSettingsSchema },
    },
    handler: (req) => ctx.invoicing.saveSettings(currentUser(req), req.body),
  });
};
