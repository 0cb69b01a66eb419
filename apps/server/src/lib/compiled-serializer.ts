import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * zod's JSON Schema of a nullable value is `anyOf: [<value>, { type: 'null' }]`; fast-json-stringify would pick the
 * branch by validating every value at run time, so a simple nullable type becomes `type: [<type>, 'null']`.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node as JsonSchema)) out[k] = simplify(v);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const value = anyOf.find((s) => s.type !== 'null');
    const hasNull = anyOf.some((s) => s.type === 'null' && Object.keys(s).length === 1);
    if (value && hasNull && typeof value.type === 'string' && !('anyOf' in value) && !('oneOf' in value)) {
      delete out.anyOf;
      const { type, enum: values, ...rest } = value;
      Object.assign(out, rest, { type: [type, 'null'] }, values ? { enum: [...(values as unknown[]), null] } : {});
    }
  }
  return out;
}

/**
 * An answer's serializer compiled from its zod schema (fast-json-stringify over the schema's JSON Schema), for the
 * hot routes whose answers are plain objects (docs/performance.md, issue 25 part 5): zod's encoding of the answer
 * before `JSON.stringify` cost more than the route's SQL. Like zod's, it writes only the declared fields (a field a
 * repository added by mistake never leaves) and refuses an answer without a required field. Unlike zod, it does
 * not check the values' types (the route's tests compare both serializers on real answers). Throws when the schema
 * has parts JSON Schema cannot state (transforms, codecs): such a route keeps zod's serializer.
 */
export function compiledSerializer(schema: z.ZodType): (data: unknown) => string {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' }) as JsonSchema;
  delete json.$schema;
  return fastJson(simplify(json) as Parameters<typeof fastJson>[0]);
}

/**
 * A route's `serializerCompiler` that compiles its response schema with `compiledSerializer`
 * (`{ schema: { response: { 200: schema } }, serializerCompiler: compiledSerializerCompiler }`).
 */
export const compiledSerializerCompiler = ({ schema }: { schema: unknown }) => compiledSerializer(schema as z.ZodType);
