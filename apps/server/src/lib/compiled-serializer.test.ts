import {
  contractSchema,
  customerListItemSchema,
  customerSearchResultSchema,
  financeReportSchema,
  pagedSchema,
  paymentResultSchema,
  radioCurrentStatsSchema,
} from '@airlink/domain';
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
    ['paymentResultSchema (registering a payment)', paymentResultSchema],
  ] as const) {
    it(`writes the same JSON as zod's encoding for ${name}, with values and with nulls`, () => {
      const serialize = compiledSerializer(schema);
      for (const useNull of [false, true]) {
        const answer = schema.parse(answerOf(schema, useNull));
        expect(serialize(answer)).toBe(JSON.stringify(z.encode(schema, answer)));
      }
    });
  }

  it("writes the same JSON as zod's encoding for the customers list (a page) and the navbar search (an array)", () => {
    const list = pagedSchema(customerListItemSchema);
    const page = list.parse({
      items: [answerOf(customerListItemSchema, false), answerOf(customerListItemSchema, true)],
      total: 20_000,
    });
    expect(compiledSerializer(list)(page)).toBe(JSON.stringify(z.encode(list, page)));
    const search = z.array(customerSearchResultSchema);
    const found = search.parse([
      answerOf(customerSearchResultSchema, false),
      answerOf(customerSearchResultSchema, true),
    ]);
    expect(compiledSerializer(search)(found)).toBe(JSON.stringify(z.encode(search, found)));
    expect(compiledSerializer(search)([])).toBe('[]');
  });

  it("writes the same JSON as zod's encoding for financeReportSchema (nested rows per day, account and category)", () => {
    const money = (i: number) => 1234.5 + i;
    const report = financeReportSchema.parse({
      desde: '2026-10-01',
      hasta: '2026-10-02',
      ingresos: { tizayuca: money(1), pachuca: money(2), banco: money(3), total: money(6), cantidadPagos: 7 },
      ingresosPorDia: ['2026-10-01', '2026-10-02'].map((fecha, i) => ({
        fecha,
        tizayuca: money(i),
        pachuca: 0,
        banco: 0.1 + 0.2,
        total: money(i) + 0.3,
      })),
      ingresosPorCuenta: [
        { idCuenta: 4, cuenta: 'Banco "Azteca"\n', grupo: 'banco', monto: money(3), cantidadPagos: 2 },
      ],
      gastosPorCategoria: [{ idGasto: 1, categoria: 'Gasolina </script>', monto: 99.99, cantidad: 3 }],
      totalGastos: 99.99,
      resultadoNeto: money(6) - 99.99,
      ajustes: {
        monto: -10,
        cantidadPagos: 1,
        porCuenta: [{ idCuenta: 8, cuenta: 'Ajuste', monto: -10, cantidadPagos: 1 }],
      },
    });
    expect(compiledSerializer(financeReportSchema)(report)).toBe(JSON.stringify(z.encode(financeReportSchema, report)));
  });

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
