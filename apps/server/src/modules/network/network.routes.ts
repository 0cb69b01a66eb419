import {
  deviceInputSchema,
  deviceListQuerySchema,
  deviceSchema,
  pagedSchema,
  reconcileSummarySchema,
  adoptInputSchema,
  adoptResultSchema,
  liveSpeedSchema,
  routerEventSchema,
  routerInventorySchema,
  routerInputSchema,
  routerProbeSchema,
  routerSchema,
  siteInputSchema,
  siteSchema,
} from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { idParams } from '../../lib/route-schemas';
import { registerWriteRoutes } from '../../lib/write-routes';
import { currentUser } from '../../plugins/auth';

const sitesTag = ['Sites'];
const routersTag = ['Routers'];
const devicesTag = ['Dispositivos'];

/** Sites, routers (RouterOS), radios, and the reconciliation of cuts with the routers. */
export const networkRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onClose', async () => {
    await ctx.routerControl.close();
  });

  // Sites (level 20)

  app.get('/api/site', {
    config: { access: 'network.manage' },
    schema: {
      tags: sitesTag,
      summary: 'Sites (sin contraseñas: solo si tienen una)',
      response: { 200: z.array(siteSchema) },
    },
    handler: () => ctx.network.listSites(),
  });

  app.get('/api/site/:id', {
    config: { access: 'network.manage' },
    schema: { tags: sitesTag, summary: 'Un site', params: idParams, response: { 200: siteSchema } },
    handler: (req) => ctx.network.getSite(req.params.id),
  });

  registerWriteRoutes(app, {
    path: '/api/site',
    tags: sitesTag,
    access: 'network.manage',
    input: siteInputSchema,
    output: siteSchema,
    summaries: {
      create: 'Crear un site (la contraseña se guarda sellada)',
      update: 'Editar un site (contraseña vacía: se conserva la guardada)',
      remove: 'Eliminar un site sin routers ni dispositivos (409 si está en uso)',
    },
    create: (req, body) => ctx.network.createSite(currentUser(req), body),
    update: (req, id, body) => ctx.network.updateSite(currentUser(req), id, body),
    remove: (id, req) => ctx.network.deleteSite(currentUser(req), id),
  });

  // Routers (level 20)

  app.get('/api/MikrotikRouters', {
    config: { access: 'network.manage' },
    schema: { tags: routersTag, summary: 'Routers MikroTik', response: { 200: z.array(routerSchema) } },
    handler: () => ctx.network.listRouters(),
  });

  registerWriteRoutes(app, {
    path: '/api/MikrotikRouters',
    tags: routersTag,
    access: 'network.manage',
    input: routerInputSchema,
    output: routerSchema,
    summaries: {
      create: 'Registrar un router (API de RouterOS; la contraseña se guarda sellada)',
      update:
        'Editar un router (contraseña vacía: se conserva la guardada; con otro host, puerto o TLS hay que escribirla de nuevo)',
      remove: 'Eliminar un router sin contratos (409 si está en uso)',
    },
    create: (req, body) => ctx.network.createRouter(currentUser(req), body),
    update: (req, id, body) => ctx.network.updateRouter(currentUser(req), id, body),
    remove: (id, req) => ctx.network.deleteRouter(currentUser(req), id),
  });

  app.post('/api/MikrotikRouters/:id/probar', {
    config: { access: 'network.manage' },
    schema: {
      tags: routersTag,
      summary: 'Probar la conexión: identidad, versión y tiempo encendido, o el motivo en español',
      params: idParams,
      response: { 200: routerProbeSchema },
    },
    handler: (req) => ctx.network.probeRouter(req.params.id),
  });

  // Plans on the router (level 20, as the routers)

  app.get('/api/MikrotikRouters/:id/inventario', {
    config: { access: 'network.manage' },
    schema: {
      tags: routersTag,
      summary: 'Inventario del router: secretos, perfiles, colas y sesiones frente a los contratos de AirLink',
      params: idParams,
      response: { 200: routerInventorySchema },
    },
    handler: (req) => ctx.routerPlans.inventory(req.params.id),
  });

  app.post('/api/MikrotikRouters/:id/adoptar', {
    config: { access: 'network.manage' },
    schema: {
      tags: routersTag,
      summary: 'Adoptar entradas del router: vincularlas a contratos y pasarlas a su plan (409 si ya están vinculadas)',
      params: idParams,
      body: adoptInputSchema,
      response: { 200: adoptResultSchema },
    },
    handler: (req) => ctx.routerPlans.adopt(currentUser(req), req.params.id, req.body),
  });

  app.get('/api/MikrotikRouters/:id/eventos', {
    config: { access: 'network.manage' },
    schema: {
      tags: routersTag,
      summary: 'Lo que el aprovisionamiento y la conciliación hicieron en el router (lo más reciente primero)',
      params: idParams,
      response: { 200: z.array(routerEventSchema) },
    },
    handler: (req) => ctx.routerPlans.events(req.params.id),
  });

  app.get('/api/contratos/:id/velocidad', {
    config: { access: 'customers.read' },
    schema: {
      tags: ['Clientes'],
      summary: 'Velocidad actual del cliente leída del router, con el límite de su plan',
      params: idParams,
      response: { 200: liveSpeedSchema },
    },
    handler: (req) => ctx.routerPlans.liveSpeed(req.params.id),
  });

  // Radios (read 10, write 20)

  app.get('/api/devices', {
    config: { access: 'devices.read' },
    schema: {
      tags: devicesTag,
      summary: 'Dispositivos paginados en el servidor, con búsqueda (MAC, IP, nombre, producto) y filtro por site',
      querystring: deviceListQuerySchema,
      response: { 200: pagedSchema(deviceSchema) },
    },
    handler: (req) => ctx.network.listDevices(req.query),
  });

  registerWriteRoutes(app, {
    path: '/api/devices',
    tags: devicesTag,
    access: 'network.manage',
    input: deviceInputSchema,
    output: deviceSchema,
    summaries: {
      create: 'Registrar un dispositivo (MAC en cualquier notación; 409 si ya existe)',
      update:
        'Editar un dispositivo (contraseña vacía: se conserva la guardada; con otra URL o IP hay que escribirla de nuevo, la suya o la de su site)',
      remove: 'Eliminar un dispositivo (conserva su historial)',
    },
    create: (req, body) => ctx.network.createDevice(currentUser(req), body),
    update: (req, id, body) => ctx.network.updateDevice(currentUser(req), id, body),
    remove: (id, req) => ctx.network.deleteDevice(currentUser(req), id),
  });

  // Reconciliation (level 17, like Cortar/Reconectar)

  app.post('/api/routercontrol/reconciliar', {
    config: { access: 'contracts.cut' },
    schema: {
      tags: routersTag,
      summary: 'Comparar cada contrato con su router y corregir diferencias (idempotente)',
      response: { 200: reconcileSummarySchema },
    },
    handler: () => ctx.routerControl.reconcileAll(),
  });
};
