import {
  clientIpsAnswerSchema,
  idParamSchema,
  pppoeClientsAnswerSchema,
  radioCurrentStatsSchema,
  radioSeriesParamsSchema,
  routerHistoryQuerySchema,
  routerIdParamsSchema,
  routerTrafficHistorySchema,
  routerTrafficItemSchema,
  siteDeviceParamsSchema,
  STATS_TSV_CONTENT_TYPE,
} from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { compiledSerializerCompiler } from '../../lib/compiled-serializer';

const tags = ['Red: estadísticas'];

const pollAnswerSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), stats: radioCurrentStatsSchema }),
  z.object({ ok: z.literal(false), error: z.string(), message: z.string() }),
]);

export const networkStatsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/site/:siteId/:deviceId', {
    config: { access: 'devices.read' },
    schema: {
      tags,
      summary: 'Estadísticas actuales de un radio (última lectura guardada) y, si falló, el motivo',
      params: siteDeviceParamsSchema,
      response: { 200: radioCurrentStatsSchema },
    },
    // A monitoring screen polls it for many radios: compiled, not encoded by zod (docs/performance.md).
    serializerCompiler: compiledSerializerCompiler,
    handler: (req) => ctx.networkStats.currentStats(req.params.siteId, req.params.deviceId),
  });

  app.get('/api/site/:siteId/:hwaddr/:metric/:interval/:count', {
    config: { access: 'devices.read' },
    schema: {
      tags,
      summary:
        'Serie de una métrica de un radio como texto separado por tabuladores: encabezado time<TAB>value, ' +
        'un renglón por intervalo del más antiguo al más reciente, valor vacío si no hubo datos',
      params: radioSeriesParamsSchema,
      produces: ['text/tab-separated-values'],
    },
    handler: async (req, reply) => {
      const body = await ctx.networkStats.series(req.params);
      return reply.header('content-type', STATS_TSV_CONTENT_TYPE).header('cache-control', 'no-store').send(body);
    },
  });

  app.post('/api/devices/:id/poll', {
    config: { access: 'devices.poll' },
    schema: {
      tags,
      summary: 'Lee un radio ahora: sus estadísticas, o el motivo en español por el que no se pudo',
      params: z.object({ id: idParamSchema }),
      response: { 200: pollAnswerSchema },
    },
    handler: (req) => ctx.networkStats.pollDevice(req.params.id),
  });

  app.get('/api/RouterControl/:routerId/pppoe-clients', {
    config: { access: 'network.traffic' },
    schema: {
      tags,
      summary: 'Sesiones PPPoE activas del router según su última lectura',
      params: routerIdParamsSchema,
      response: { 200: pppoeClientsAnswerSchema },
    },
    handler: (req) => ctx.networkStats.pppoeClients(req.params.routerId),
  });

  app.get('/api/RouterControl/:routerId/getClientsIPs', {
    config: { access: 'network.traffic' },
    schema: {
      tags,
      summary: 'IPs de los clientes conectados al router (en el campo data), según su última lectura',
      params: routerIdParamsSchema,
      response: { 200: clientIpsAnswerSchema },
    },
    handler: (req) => ctx.networkStats.clientIps(req.params.routerId),
  });

  app.get('/api/routercontrol/monitor-traffic', {
    config: { access: 'network.traffic' },
    schema: {
      tags,
      summary: 'Tráfico actual de cada router (bits por segundo de su interfaz) y sus sesiones PPPoE',
      response: { 200: z.array(routerTrafficItemSchema) },
    },
    handler: () => ctx.networkStats.monitorTraffic(),
  });

  app.get('/api/routercontrol/monitor-traffic/:routerId', {
    config: { access: 'network.traffic' },
    schema: {
      tags,
      summary:
        'Serie de tráfico de un router para el panel de ancho de banda: ventana 5m, 1h (por omisión), 24h o 7d; ' +
        'promedios por minuto u hora en bits por segundo y en Mbps (bits / 1024 / 1024)',
      params: routerIdParamsSchema,
      querystring: routerHistoryQuerySchema,
      response: { 200: routerTrafficHistorySchema },
    },
    handler: (req) => ctx.networkStats.routerHistory(req.params.routerId, req.query.window),
  });
};
