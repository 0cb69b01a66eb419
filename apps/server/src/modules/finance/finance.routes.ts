import {
  cashOfficesResponseSchema,
  dueContractItemSchema,
  financeReportQuerySchema,
  financeReportSchema,
  financialResponseSchema,
  pagedSchema,
} from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';
import { compiledSerializerCompiler } from '../../lib/compiled-serializer';
import { pageOnlyQuery } from '../../lib/route-schemas';

const tags = ['Finanzas'];

export const financeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/WeatherForecast/financial', {
    config: { access: 'finance.summaries' },
    schema: {
      tags,
      summary: 'Resúmenes del inicio: ingresos por día (31 días) de cada oficina y del banco, y por mes (12 meses)',
      response: { 200: financialResponseSchema },
    },
    handler: async () => ({ data: await ctx.finance.financial() }),
  });

  app.get('/api/WeatherForecast/financial/pagosTizayuca', {
    config: { access: 'finance.summaries' },
    schema: {
      tags,
      summary: 'Ingresos por día (31 días) de las oficinas de Tizayuca y Pachuca',
      response: { 200: cashOfficesResponseSchema },
    },
    handler: async () => ({ data: await ctx.finance.cashOffices() }),
  });

  app.get('/api/contratos/getduecontractsservices', {
    config: { access: 'finance.overdue' },
    schema: {
      tags,
      summary: 'Servicios vencidos: contratos activos cuya fecha de corte ya pasó, del más atrasado al menos',
      querystring: pageOnlyQuery,
      response: { 200: pagedSchema(dueContractItemSchema) },
    },
    handler: (req) => ctx.finance.dueContracts(req.query),
  });

  app.get('/api/finanzas/reporte', {
    config: { access: 'finance.report' },
    schema: {
      tags,
      summary: 'Reporte de finanzas de un periodo: ingresos por grupo, día y cuenta, gastos por categoría, resultado',
      querystring: financeReportQuerySchema,
      response: { 200: financeReportSchema },
    },
    // A month's report has a row per day: compiled, not encoded by zod (docs/performance.md).
    serializerCompiler: compiledSerializerCompiler,
    handler: (req) => ctx.finance.report(req.query),
  });

  app.get('/api/finanzas/reporte.csv', {
    config: { access: 'finance.report' },
    schema: {
      tags,
      summary: 'El reporte de finanzas como CSV para Excel (UTF-8 con BOM)',
      querystring: financeReportQuerySchema,
      produces: ['text/csv'],
    },
    handler: async (req, reply) => {
      const { filename, body } = await ctx.finance.reportCsv(req.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
};
