import type { FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RouteAccess } from '../plugins/auth';
import { idParams } from './route-schemas';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The schema as plain FastifySchema: the zod type provider cannot resolve reply types of generic schemas, so
 * the handlers below type their input from `WriteRoutes` instead. Validation and docs are unchanged (the
 * schemas are the same zod objects, compiled by the app's zod validator and serializer).
 */
const plain = (schema: FastifySchema) => schema;
const idOf = (req: FastifyRequest) => (req.params as { id: number }).id;

/** The three write routes of a resource: what they need and do. */
export interface WriteRoutes<Input extends z.ZodType, Output extends z.ZodType> {
  /** The collection's path (`/api/site`); update and delete answer on `{path}/:id`. */
  path: string;
  tags: string[];
  access: RouteAccess;
  input: Input;
  output: Output;
  summaries: { create: string; update: string; remove: string };
  create: (req: FastifyRequest, body: z.infer<Input>) => Promise<z.infer<Output>>;
  update: (req: FastifyRequest, id: number, body: z.infer<Input>) => Promise<z.infer<Output>>;
  /** `req` names who deletes (the audit row). */
  remove: (id: number, req: FastifyRequest) => Promise<void>;
}

/**
 * `POST {path}` (201 with the created item), `PUT {path}/:id` (200 with the saved item) and
 * `DELETE {path}/:id` (204), each with its access level and zod schemas (validated and documented).
 */
export function registerWriteRoutes<Input extends z.ZodType, Output extends z.ZodType>(
  app: ZodApp,
  r: WriteRoutes<Input, Output>,
): void {
  const config = { access: r.access };
  app.post(r.path, {
    config,
    schema: plain({ tags: r.tags, summary: r.summaries.create, body: r.input, response: { 201: r.output } }),
    handler: async (req, reply) => reply.status(201).send(await r.create(req, req.body as z.infer<Input>)),
  });
  app.put(`${r.path}/:id`, {
    config,
    schema: plain({
      tags: r.tags,
      summary: r.summaries.update,
      params: idParams,
      body: r.input,
      response: { 200: r.output },
    }),
    handler: (req) => r.update(req, idOf(req), req.body as z.infer<Input>),
  });
  app.delete(`${r.path}/:id`, {
    config,
    schema: plain({ tags: r.tags, summary: r.summaries.remove, params: idParams }),
    handler: async (req, reply) => {
      await r.remove(idOf(req), req);
      return reply.status(204).send();
    },
  });
}
