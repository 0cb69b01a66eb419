import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../format/format';
import {
  dateInput,
  dateTimeInput,
  findUnsafeText,
  idParamSchema,
  INVALID_TEXT_MESSAGE,
  isSafeText,
  jsonId,
  jsonInt,
  lineText,
  moneyInput,
  multilineText,
  queryInt,
  toInstant,
} from './input';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('jsonInt and jsonId: JSON numbers only', () => {
  it.each([['31'], ['0x1F'], [true], [null], [''], [1.5], [Number.NaN], [Number.POSITIVE_INFINITY], [2 ** 60]])(
    'refuses %j',
    (v) => {
      expect(jsonInt('Número inválido').safeParse(v).success).toBe(false);
    },
  );
  it('accepts an integer', () => expect(jsonInt('x').parse(31)).toBe(31));
  it.each([[0], [-1], [2 ** 31], ['1']])('an id refuses %j', (v) => {
    expect(messages(jsonId().safeParse(v))).toContain('Id inválido');
  });
  it('an id accepts 2^31-1', () => expect(jsonId().parse(2 ** 31 - 1)).toBe(2 ** 31 - 1));
});

describe('moneyInput', () => {
  const monto = moneyInput('El monto', { positive: true, max: 100_000 });
  const contado = moneyInput('El efectivo contado');
  it.each([
    [150, 150],
    [150.5, 150.5],
    ['150', 150],
    ['150.50', 150.5],
    ['0.01', 0.01],
    [0.1 + 0.2 - 0.3 + 1, 1],
  ])('accepts %j as %j', (v, out) => {
    expect(monto.parse(v)).toBeCloseTo(out, 10);
  });
  it.each([['0x1F'], [true], [null], [' 150'], ['150.'], ['1e3'], ['-5'], ['150.555'], ['1,500'], [[150]], [{}]])(
    'refuses %j',
    (v) => {
      expect(monto.safeParse(v).success).toBe(false);
    },
  );
  it('refuses more than two decimals, zero, negative, too large and infinite amounts with Spanish messages', () => {
    expect(messages(monto.safeParse(1.005))).toContain('El monto: usa como máximo dos decimales');
    expect(messages(monto.safeParse(0))).toContain('El monto debe ser mayor a 0');
    expect(messages(monto.safeParse(-1))).toContain('El monto debe ser mayor a 0');
    expect(messages(monto.safeParse(100_000.01))).toContain('El monto es demasiado grande');
    expect(messages(monto.safeParse(Number.POSITIVE_INFINITY))).toContain('El monto debe ser un número');
    expect(messages(monto.safeParse(true))).toContain('El monto debe ser un número');
  });
  it('binary noise of a computed amount is its centavos, not a third decimal', () => {
    expect(monto.parse(300 * 1.16)).toBe(348);
    expect(monto.parse(0.1 + 0.2)).toBe(0.3);
    expect(monto.safeParse(1.005).success).toBe(false);
  });
  it('zero is fine where the field allows it; numeric(12,2) bounds every amount', () => {
    expect(contado.parse(0)).toBe(0);
    expect(contado.safeParse(-0.01).success).toBe(false);
    expect(contado.parse('9999999999.99')).toBe(9_999_999_999.99);
    expect(contado.safeParse('10000000000').success).toBe(false);
  });
});

describe('idParamSchema: path ids read from the raw text', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
  ])('accepts %s', (raw, id) => {
    expect(idParamSchema.parse(raw)).toBe(id);
  });
  it.each([
    ['0x10'],
    [' 1'],
    ['%201'],
    ['1 '],
    ['1e3'],
    ['01'],
    ['0'],
    ['-1'],
    ['+1'],
    ['1.0'],
    ['2147483648'],
    ['9'.repeat(400)],
    [''],
    ['١'],
  ])('refuses %j', (raw) => {
    expect(messages(idParamSchema.safeParse(raw))).toContain('Id inválido');
  });
});

describe('queryInt', () => {
  const page = queryInt('La página debe ser un número', { max: 1000 });
  it('reads digits', () => expect(page.parse('12')).toBe(12));
  it.each([['0x1'], ['-1'], ['1e2'], [' 1'], ['1.5'], ['1001'], [['1', '2']]])('refuses %j', (v) => {
    expect(messages(page.safeParse(v))).toContain('La página debe ser un número');
  });
});

describe('safe text', () => {
  it.each([['a\ud800b'], ['\udc00'], ['x\u0000'], ['x\u0007'], ['x\u001b[31m'], ['x\u007f'], ['x\u0085'], ['x\u009b']])(
    'refuses %j',
    (t) => {
      expect(isSafeText(t, true)).toBe(false);
      expect(messages(multilineText().safeParse(t))).toContain(INVALID_TEXT_MESSAGE);
    },
  );
  it('accepts accents, ñ, emoji (a surrogate pair) and line breaks where text is multi-line', () => {
    expect(isSafeText('José Ñoño 😀')).toBe(true);
    expect(multilineText().parse('línea 1\r\nlínea\t2')).toBe('línea 1\r\nlínea\t2');
  });
  it('a one-line field refuses tabs and inner line breaks (outer white space is trimmed)', () => {
    expect(messages(lineText().safeParse('Juan\nPérez'))).toContain(INVALID_TEXT_MESSAGE);
    expect(messages(lineText().safeParse('Juan\tPérez'))).toContain(INVALID_TEXT_MESSAGE);
    expect(lineText().parse(' Juan Pérez\n')).toBe('Juan Pérez');
  });
  it('finds the first unsafe string or key in a JSON value', () => {
    expect(findUnsafeText({ a: 'ok', b: [{ c: 'ok' }, { d: 'x\ud800' }] })).toBe('b.1.d');
    expect(findUnsafeText({ ['k\u0000']: 1 })).toBe('(nombre de campo)');
    expect(findUnsafeText('\u0001')).toBe('_');
    expect(findUnsafeText({ a: 'línea\n2\t😀', n: 1, z: null, t: true })).toBeNull();
  });
});

describe('dates: a real day between 1900 and 2099, written YYYY-MM-DD', () => {
  const schema = dateInput('Fecha inválida');
  it.each([['2026-11-24'], [' 2024-02-29 '], ['1900-01-01'], ['2099-12-31']])('accepts %j', (v) => {
    expect(schema.parse(v)).toBe(v.trim());
  });
  it.each([
    ['0000-01-01'],
    ['9999-99-99'],
    ['9999-12-31'],
    ['2024-02-30'],
    ['2026-11-24T10:00'],
    ['24/11/2026'],
    [''],
    [20261124],
    [null],
  ])('refuses %j', (v) => {
    expect(messages(schema.safeParse(v))).toContain('Fecha inválida');
  });
});

describe('date-times: without an offset they are business time-zone time', () => {
  const schema = dateTimeInput('Fecha inválida');
  it.each([['2026-12-07T10:30:00'], ['2026-12-07T10:30'], ['2026-12-07T10:30:00Z'], ['2026-12-07T10:30:00.250-06:00']])(
    'accepts %s',
    (v) => {
      expect(schema.parse(v)).toBe(v);
    },
  );
  it.each([
    ['2026-12-07'],
    ['2026-12-07 10:30'],
    ['07/12/2026 10:30'],
    ['2026-13-07T10:30'],
    ['2026-12-07T25:00'],
    ['0000-01-01T00:00:00'],
    ['0000-01-01T00:00:00Z'],
    ['9999-99-99T10:30'],
    ['2024-02-30T10:30'],
    ['2100-01-01T00:00:00-06:00'],
    [1765125000000],
    [null],
  ])('refuses %j', (v) => {
    expect(messages(schema.safeParse(v))).toContain('Fecha inválida');
  });
  it('the spec’s visit time is 10:30 in Mexico City (UTC-6 since 2022)', () => {
    const at = toInstant('2026-12-07T10:30:00', 'America/Mexico_City');
    expect(at.toISOString()).toBe('2026-12-07T16:30:00.000Z');
    expect(formatDateTime(at, 'America/Mexico_City')).toBe('07/12/2026 10:30');
  });
  it('an offset wins over the zone; milliseconds are kept', () => {
    expect(toInstant('2026-12-07T10:30:00Z').toISOString()).toBe('2026-12-07T10:30:00.000Z');
    expect(toInstant('2026-12-07T10:30:00.5').toISOString()).toBe('2026-12-07T16:30:00.500Z');
  });
  it('follows the daylight saving time Mexico City had before 2022', () => {
    // Summer 2021: UTC-5.
    expect(toInstant('2021-07-01T10:00', 'America/Mexico_City').toISOString()).toBe('2021-07-01T15:00:00.000Z');
    // Clocks went from 02:00 to 03:00 on 2021-04-04: 02:30 did not exist and reads as 03:30 (UTC-5).
    expect(toInstant('2021-04-04T02:30', 'America/Mexico_City').toISOString()).toBe('2021-04-04T08:30:00.000Z');
    expect(toInstant('2021-04-04T03:30', 'America/Mexico_City').toISOString()).toBe('2021-04-04T08:30:00.000Z');
    // Clocks went back from 02:00 to 01:00 on 2021-10-31: 01:30 happened twice; the first one is taken.
    expect(toInstant('2021-10-31T01:30', 'America/Mexico_City').toISOString()).toBe('2021-10-31T06:30:00.000Z');
    expect(toInstant('2021-10-31T02:30', 'America/Mexico_City').toISOString()).toBe('2021-10-31T08:30:00.000Z');
  });
  it('other zones convert by their own rules', () => {
    expect(toInstant('2026-07-01T12:00', 'Europe/Madrid').toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(toInstant('2026-03-08T02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });
  it('text that is no date-time gives an invalid date', () => {
    expect(Number.isNaN(toInstant('mañana').getTime())).toBe(true);
  });
});
