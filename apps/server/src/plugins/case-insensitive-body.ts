import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** The keys a zod body schema declares, looking through optional/pipe/default wrappers. */
function objectKeys(schema: unknown): string[] | null {
  let s = schema as z.ZodType | undefined;
  for (let i = 0; i < 8 && s; i++) {
    if (s instanceof z.ZodObject) return Object.keys(s.shape);
    const def = (s as { _zod?: { def?: { innerType?: z.ZodType; in?: z.ZodType; type?: string } } })._zod?.def;
    s = def?.innerType ?? def?.in;
  }
  return null;
}

/**
 * Request bodies are accepted with field names in any letter case (the spec sends `Nombre`, `Token`…):
 * keys that match a schema key only by case are renamed to the schema's spelling before validation.
 */
export function registerCaseInsensitiveBodies(app: FastifyInstance) {
  const cache = new WeakMap<object, Map<string, string> | null>();
  app.addHook('preValidation', async (request) => {
    const body = request.body;
    const schema = request.routeOptions.schema?.body;
    if (!schema || !body || typeof body !== 'object' || Array.isArray(body)) return;
    let map = cache.get(schema as object);
    if (map === undefined) {
      const keys = objectKeys(schema);
      map = keys ? new Map(keys.map((k) => [k.toLowerCase(), k])) : null;
      cache.set(schema as object, map);
    }
    if (!map) return;
    const src = body as Record<string, unknown>;
    const declared = new Set(map.values());
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(src)) {
      const target = map.get(k.toLowerCase());
      // An exact spelling always wins; another casing is renamed only when the exact one is absent.
      out[declared.has(k) || !target || target in src ? k : target] = v;
    }
    request.body = out;
  });
}
