import type { Paged } from '@airlink/domain';
import type { Contract, LogEntry } from '@airlink/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let support: string; // level 5
let cashier: string; // level 16
let contract: Contract;
beforeAll(async () => {
  t = await createTestApp();
  support = (await t.login('soporte@test.mx')).token;
  cashier = (await t.login('cajero@test.mx')).token;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contratos',
    headers: t.auth(cashier),
    payload: {
      nombre: 'María Ñúñez',
      calle: 'Morelos',
      numero: '4',
      colonia: 'Centro',
      comunidad: 'Tolcayuca',
      telefono: '7791112233',
      tipo: 1,
      monto: 300,
      costoInstalacion: 1300,
      fechaContratacion: '2026-02-03',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  contract = res.json();
});
afterAll(() => t?.close());

const post = (token: string | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/registros',
    headers: token ? t.auth(token) : {},
    payload: payload as object,
  });
const page = async (query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/customer/${contract.id}/logs${query}`,
    headers: t.auth(support),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Paged<LogEntry>;
};

describe('POST /api/registros', () => {
  it('any signed-in user adds a note, stored verbatim with their name and the display id', async () => {
    const log1 = `<img src=x onerror=alert(1)> '; DELETE FROM registros; --`;
    const res = await post(support, { idCliente: contract.id, idcliente: 'ignorado', log1: `  ${log1}  ` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      idCliente: contract.id,
      idcliente: '26    MariaNunezMorelos4Centro',
      log1,
      usuario: 'Sofía Soporte',
      fechaCreacion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect((await page()).items[0]).toEqual(res.json());
  });

  it('accepts the spec field names in any letter case', async () => {
    // idCliente and idcliente differ only by case: they keep the spec's spelling; the others may vary.
    const res = await post(support, { idCliente: contract.id, LOG1: 'Llamó para pedir su recibo' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ idCliente: contract.id, log1: 'Llamó para pedir su recibo' });
  });

  it('needs a session', async () => {
    const res = await post(null, { idCliente: contract.id, log1: 'x' });
    expect(res.statusCode).toBe(401);
  });

  it('validates in Spanish and answers 404 for an unknown customer', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ idCliente: contract.id }, 'log1', 'Escribe el registro'],
      [{ idCliente: contract.id, log1: '   ' }, 'log1', 'Escribe el registro'],
      [{ idCliente: contract.id, log1: 'x'.repeat(2001) }, 'log1', 'El registro: máximo 2000 caracteres'],
      [{ idCliente: 'abc', log1: 'hola' }, 'idCliente', 'Falta el cliente'],
      [{ idCliente: -4, log1: 'hola' }, 'idCliente', 'Id inválido'],
      [{ log1: 'hola' }, 'idCliente', 'Falta el cliente'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post(support, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details[field], JSON.stringify(payload)).toContain(message);
    }
    const unknown = await post(support, { idCliente: 999999, log1: 'hola' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      error: 'not_found',
      message: 'El cliente no existe. Revisa el número de cliente.',
    });
  });
});

describe('GET /api/customer/{id}/logs', () => {
  it('pages the entries newest first with the total', async () => {
    for (let i = 1; i <= 12; i++) {
      const res = await post(cashier, { idCliente: contract.id, log1: `Nota ${i}` });
      expect(res.statusCode).toBe(201);
    }
    const first = await page();
    expect(first.items).toHaveLength(10); // default page size of the panel tabs
    expect(first.items[0]).toMatchObject({ log1: 'Nota 12', usuario: 'Carla Cajera' });
    const total = first.total;
    // 12 notes + 2 from the tests above + 'Contrato creado.' when the contract was made.
    expect(total).toBe(15);
    const last = await page('?page=1&pageSize=10');
    expect(last.items).toHaveLength(5);
    expect(last.items.at(-1)).toMatchObject({ log1: 'Contrato creado.', usuario: 'Carla Cajera' });
    const all = [...first.items, ...last.items];
    expect(new Set(all.map((e) => e.id)).size).toBe(15);
    const times = all.map((e) => e.fechaCreacion);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('only shows the entries of that customer', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/contratos',
      headers: t.auth(cashier),
      payload: {
        nombre: 'Otro Cliente',
        calle: 'Reforma',
        colonia: 'Centro',
        comunidad: 'Tolcayuca',
        telefono: '7790000000',
        tipo: 1,
        monto: 300,
        costoInstalacion: 1300,
        fechaContratacion: '2026-02-03',
      },
    });
    const id = other.json().id as number;
    await post(support, { idCliente: id, log1: 'Nota del otro' });
    const res = await t.app.inject({ method: 'GET', url: `/api/customer/${id}/logs`, headers: t.auth(support) });
    expect(res.json().items.map((e: LogEntry) => e.log1)).toEqual(['Nota del otro', 'Contrato creado.']);
    expect((await page()).items.some((e) => e.log1 === 'Nota del otro')).toBe(false);
  });

  it('404 for an unknown customer, 400 for a bad id or page, 401 without a session', async () => {
    const get = (url: string, token: string | null = support) =>
      t.app.inject({ method: 'GET', url, headers: token ? t.auth(token) : {} });
    expect((await get('/api/customer/999999/logs')).statusCode).toBe(404);
    expect((await get('/api/customer/abc/logs')).json()).toMatchObject({
      error: 'validation',
      message: expect.stringContaining('Id inválido'),
    });
    expect((await get(`/api/customer/${contract.id}/logs?pageSize=500`)).statusCode).toBe(400);
    expect((await get(`/api/customer/${contract.id}/logs?page=-1`)).statusCode).toBe(400);
    expect((await get(`/api/customer/${contract.id}/logs`, null)).statusCode).toBe(401);
  });
});
