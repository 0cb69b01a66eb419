import { userCreateSchema, userSchema, userUpdateSchema } from '@airlink/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { idParams } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';

const tags = ['Usuarios'];

export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/usuarios', {
    config: { access: 'session.check' },
    schema: {
      tags,
      summary: 'Usuarios (nivel 20: todos; otros niveles: solo el propio). También verifica la sesión.',
      response: { 200: z.array(userSchema) },
    },
    handler: (req) => ctx.users.listFor(currentUser(req)),
  });

  app.post('/api/usuarios', {
    config: { access: 'users.manage' },
    schema: { tags, summary: 'Agregar un usuario', body: userCreateSchema, response: { 201: userSchema } },
    handler: async (req, reply) => reply.status(201).send(await ctx.users.create(currentUser(req), req.body)),
  });

  app.put('/api/usuarios/:id', {
    config: { access: 'users.manage' },
    schema: {
      tags,
      summary: 'Cambiar nombre, nivel o estado de un usuario (desactivar cierra sus sesiones)',
      params: idParams,
      body: userUpdateSchema,
      response: { 200: userSchema },
    },
    handler: (req) => ctx.users.update(currentUser(req), req.params.id, req.body),
  });
};
