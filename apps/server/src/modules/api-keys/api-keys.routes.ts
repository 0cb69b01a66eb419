import { apiKeyCreateSchema, apiKeySchema, apiKeyUpdateSchema, apiKeyWithSecretSchema } from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { idParams } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';

const tags = ['API Keys'];

/** The API Keys page (docs/api-contract.md "API keys"), level 20; no API key reaches these routes (domain API_KEY_NEVER). */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/ApiKey', {
    config: { access: 'apikeys.manage' },
    schema: {
      tags,
      summary: 'API Keys (sin la clave: solo se guarda su hash)',
      response: { 200: z.array(apiKeySchema) },
    },
    handler: () => ctx.apiKeys.list(),
  });

  app.post('/api/ApiKey', {
    config: { access: 'apikeys.manage' },
    schema: {
      tags,
      summary: 'Crear una API Key; la respuesta trae la clave (key) por única vez',
      body: apiKeyCreateSchema,
      response: { 201: apiKeyWithSecretSchema },
    },
    handler: async (req, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(await ctx.apiKeys.create(currentUser(req), req.body)),
  });

  app.put('/api/ApiKey/:id', {
    config: { access: 'apikeys.manage' },
    schema: {
      tags,
      summary: 'Cambiar nombre, perfil, descripción, expiración o estado (isActive) de una API Key',
      params: idParams,
      body: apiKeyUpdateSchema,
      response: { 200: apiKeySchema },
    },
    handler: (req) => ctx.apiKeys.update(currentUser(req), req.params.id, req.body),
  });

  app.delete('/api/ApiKey/:id', {
    config: { access: 'apikeys.manage' },
    schema: { tags, summary: 'Eliminar una API Key (deja de funcionar al instante)', params: idParams },
    handler: async (req, reply) => {
      await ctx.apiKeys.remove(currentUser(req), req.params.id);
      return reply.status(204).send();
    },
  });

  app.post('/api/ApiKey/:id/regenerate', {
    config: { access: 'apikeys.manage' },
    schema: {
      tags,
      summary: 'Nueva clave para la API Key (la anterior deja de funcionar al instante); key por única vez',
      params: idParams,
      response: { 200: apiKeyWithSecretSchema },
    },
    handler: async (req, reply) =>
      reply.header('cache-control', 'no-store').send(await ctx.apiKeys.regenerate(currentUser(req), req.params.id)),
  });
};
