import {
  deviceInputSchema,
  deviceListQuerySchema,
  deviceSchema,
  pagedSchema,
  reconcileSummarySchema,
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

  app.post('/api/site', {
    config: { access: 'network.manage' },
    schema: {
      tags: sitesTag,
      summary: 'Crear un site (la contraseña se guarda sellada)',
      body: siteInputSchema,
      response: { 201: siteSchema },
    },
    handler: async (req, reply) => reply.status(201).send(await ctx.network.createSite(currentUser(req), req.body)),
  });

  app.put('/api/site/:id', {
    config: { access: 'network.manage' },
    schema: {
      tags: sitesTag,
      summary: 'Editar un site (contraseña vacía: se conserva la guardada)',
      params: idParams,
      body: siteInputSchema,
      response: { 200: siteSchema },
    },
    handler: (req) => ctx.network.updateSite(currentUser(req), req.params.id, req.body),
  });

  app.delete('/api/site/:id', {
    config: { access: 'network.manage' },
    schema: {
      tags: sitesTag,
      summary: 'Eliminar un site sin routers ni dispositivos (409 si está en uso)',
      params: idParams,
    },
    handler: async (req, reply) => {
      await ctx.network.deleteSite(req.params.id);
      return reply.status(204).send();
    },
  });

  // Routers (level 20)

  app.get('/api/MikrotikRouters', {
    config: { access: 'network.manage' },
    schema: { tags: routersTag, summary: 'Routers MikroTik', response: { 200: z.array(routerSchema) } },
    handler: () => ctx.network.listRouters(),
  });

  app.post('/api/MikrotikRouters', {
    config: { access: 'network.manage' },
    schema: {
      tags: routersTag,
      summary: 'Registrar un router (API de RouterOS; la contraseña se guarda sellada)',
      body: routerInputSchema,
      response: { 201: routerSchema },
    },
    handler: async (req, reply) => reply.status(201).send(await ctx.network.createRouter(req.body)),
  });

  app.put('/api/MikrotikRouters/:id', {
    config: { access: 'network.manage' },
    schema: {
      tags: routersTag,
      summary: 'Editar un router (contraseña vacía: se conserva la guardada)',
      params: idParams,
      body: routerInputSchema,
      response: { 200: routerSchema },
    },
    handler: (req) => ctx.network.updateRouter(req.params.id, req.body),
  });

  app.delete('/api/MikrotikRouters/:id', {
    config: { access: 'network.manage' },
    schema: { tags: routersTag, summary: 'Eliminar un router sin contratos (409 si está en uso)', params: idParams },
    handler: async (req, reply) => {
      await ctx.network.deleteRouter(req.params.id);
      return reply.status(204).send();
    },
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

  app.post('/api/devices', {
    config: { access: 'network.manage' },
    schema: {
      tags: devicesTag,
      summary: 'Registrar un dispositivo (MAC en cualquier notación; 409 si ya existe)',
      body: deviceInputSchema,
      response: { 201: deviceSchema },
    },
    handler: async (req, reply) => reply.status(201).send(await ctx.network.createDevice(currentUser(req), req.body)),
  });

  app.put('/api/devices/:id', {
    config: { access: 'network.manage' },
    schema: {
      tags: devicesTag,
      summary: 'Editar un dispositivo (contraseña vacía: se conserva la guardada)',
      params: idParams,
      body: deviceInputSchema,
      response: { 200: deviceSchema },
    },
    handler: (req) => ctx.network.updateDevice(currentUser(req), req.params.id, req.body),
  });

  app.delete('/api/devices/:id', {
    config: { access: 'network.manage' },
    schema: { tags: devicesTag, summary: 'Eliminar un dispositivo (conserva su historial)', params: idParams },
    handler: async (req, reply) => {
      await ctx.network.deleteDevice(req.params.id);
      return reply.status(204).send();
    },
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
