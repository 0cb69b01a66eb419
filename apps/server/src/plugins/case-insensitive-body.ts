import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The keys a zod body schema declares, looking through optional/pipe/default wrappers. */
function objectKeys(schema: unknown): string[] | null {
  let s = schema as z.ZodType | undefined;
  for (let i = 0; i < 8 && s; i++) {
    if (s instanceof z.ZodObject) return Object.keys(s.shape);
    const def = (s as { _zod?: { def?: { innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType; type?: string } } })
      ._zod?.def;
    // z.preprocess(fn, object) is a pipe from a transform into the object: the keys are the object's.
    s = def?.innerType ?? (def?.in instanceof z.ZodTransform ? def.out : def?.in);
  }
  return null;
}

/**
 * Request bodies are accepted with field names in any letter case (the spec sends `Nombre`, `Token`…):
 * keys that match a schema key only by case are renamed to the schema's spelling before validation.
 */
export function registerCaseInsensitiveBodies(app: FastifyInstance) {
  // Per body schema: its keys, and each lower-cased key's spelling (null when two keys differ only by
  // case, like POST /api/registros' `idCliente` and `idcliente`: such keys are never renamed).
  const cache = new WeakMap<object, { declared: Set<string>; byLower: Map<string, string | null> } | null>();
  app.addHook('preValidation', (request, _reply, done) => {
    renameKeys(request);
    done();
  });

  function renameKeys(request: FastifyRequest) {
    const body = request.body;
    const schema = request.routeOptions.schema?.body;
    if (!schema || !body || typeof body !== 'object' || Array.isArray(body)) return;
    let keys = cache.get(schema as object);
    if (keys === undefined) {
      const list = objectKeys(schema);
      if (list) {
        const byLower = new Map<string, string | null>();
        for (const k of list) byLower.set(k.toLowerCase(), byLower.has(k.toLowerCase()) ? null : k);
        keys = { declared: new Set(list), byLower };
      } else keys = null;
      cache.set(schema as object, keys);
    }
    if (!keys) return;
    const src = body as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(src)) {
      const target = keys.byLower.get(k.toLowerCase());
      // An exact spelling always wins; another casing is renamed only when the exact one is absent.
      out[keys.declared.has(k) || !target || target in src ? k : target] = v;
    }
    request.body = out;
  }
}
