import { contractSchema, radioCurrentStatsSchema } from '@airlink/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializer } from './compiled-serializer';

type Json = { type?: string | string[]; anyOf?: Json[]; enum?: unknown[]; properties?: Record<string, Json> };

/** A value of a field's JSON Schema: awkward strings and fractions, or null where the field allows it. */
function sample(field: Json, useNull: boolean, i: number): unknown {
  const branches = field.anyOf ?? [field];
  const types = branches.flatMap((b) => (Array.isArray(b.type) ? b.type : [b.type]));
  if (useNull && types.includes('null')) return null;
  const enumOf = branches.find((b) => b.enum)?.enum;
  if (enumOf) return enumOf[i % enumOf.length];
  if (types.includes('integer')) return 1000 + i;
  if (types.includes('number')) return 350.25 + i;
  if (types.includes('boolean')) return i % 2 === 0;
  return `línea "${i}"\t\\ñ</script>\u2028`;
}

function answerOf(schema: z.ZodObject, useNull: boolean): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'output' }) as Json;
  return Object.fromEntries(
    Object.entries(json.properties ?? {}).map(([k, field], i) => [k, sample(field, useNull, i)]),
  );
}

describe('compiledSerializer (the hot answers, docs/performance.md)', () => {
  for (const [name, schema] of [
    ['contractSchema (customer panel)', contractSchema],
    ['radioCurrentStatsSchema (current stats)', radioCurrentStatsSchema],
  ] as const) {
    it(`writes the same JSON as zod's encoding for ${name}, with values and with nulls`, () => {
      const serialize = compiledSerializer(schema);
      for (const useNull of [false, true]) {
        const answer = schema.parse(answerOf(schema, useNull));
        expect(serialize(answer)).toBe(JSON.stringify(z.encode(schema, answer)));
      }
    });
  }

  it('leaves out a field the schema does not declare, as zod does', () => {
    const answer = { ...radioCurrentStatsSchema.parse(answerOf(radioCurrentStatsSchema, true)), passwordEnc: 'x' };
    const text = compiledSerializer(radioCurrentStatsSchema)(answer);
    expect(JSON.parse(text)).not.toHaveProperty('passwordEnc');
    expect(text).toBe(JSON.stringify(z.encode(radioCurrentStatsSchema, answer)));
  });

  it('refuses an answer without a required field', () => {
    const { id: _id, ...withoutId } = answerOf(radioCurrentStatsSchema, true);
    expect(() => compiledSerializer(radioCurrentStatsSchema)(withoutId)).toThrow(/id/);
  });

  it('refuses a schema JSON Schema cannot state (such a route keeps zod)', () => {
    expect(() => compiledSerializer(z.object({ at: z.date().transform((d) => d.toISOString()) }))).toThrow();
  });
});
