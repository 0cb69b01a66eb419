import {
  CASH_DAY_CLOSED_MESSAGE,
  type Contract,
  type LogEntry,
  type Notification,
  type PaymentRegistered,
  type PaymentResult,
} from '@airlink/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cortesCaja, cuentas, movimientosBancarios, pagos, recibos } from '../src/db/schema';
import { seedBase } from '../src/db/base-data';
import { connectHub, nextEvent } from './hub-client';
import { createTestApp, type TestApp } from './test-app';

/** Thursday 15 October 2026, 12:00 in Mexico City (18:00 UTC). Tests move it and put it back. */
const THURSDAY_NOON = new Date('2026-10-15T18:00:00Z');
let now = THURSDAY_NOON;

let t: TestApp;
let base: string;
const tokens: Record<number, string> = {};
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  await seedBase(t.database.db); // payment places
  base = await t.listen();
  const emails = {
    5: 'soporte@test.mx',
    10: 'usuario@test.mx',
    16: 'cajero@test.mx',
    17: 'supervisor@test.mx',
    20: 'admin@test.mx',
  };
  for (const [level, email] of Object.entries(emails)) tokens[Number(level)] = (await t.login(email)).token;
});
afterEach(() => {
  now = THURSDAY_NOON;
  for (const s of sockets.splice(0)) s.close();
});
afterAll(() => t?.close());

let keySeq = 0;
/** A fresh Idempotency-Key, as the payment dialog makes one per attempt. */
const newKey = () => `test-key-${Date.now().toString(36)}-${++keySeq}`;

function register(payload: unknown, opts: { key?: string | null; level?: number | null } = {}) {
  const level = opts.level === undefined ? 16 : opts.level;
  const key = opts.key === undefined ? newKey() : opts.key;
  const headers: Record<string, string> = level === null ? {} : t.auth(tokens[level]!);
  if (key !== null) headers['idempotency-key'] = key;
  return t.app.inject({ method: 'POST', url: '/api/Pagos/registrar', headers, payload: payload as object });
}

async function pay(payload: Record<string, unknown>, key?: string): Promise<PaymentResult> {
  const res = await register(payload, { key });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

let macSeq = 0;
async function createContract(over: Record<string, unknown> = {}): Promise<Contract> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contratos',
    headers: t.auth(tokens[16]!),
    payload: {
      nombre: 'María López Ramírez',
      calle: 'Calle Hidalgo',
      numero: '5',
      colonia: 'Centro',
      comunidad: 'Tizayuca',
      telefono: '7791234567',
      tipo: 1,
      monto: 300,
      costoInstalacion: 1300,
      mac: `aa-bb-cc-dd-${String(Math.floor(++macSeq / 256)).padStart(2, '0')}-${(macSeq % 256).toString(16).padStart(2, '0')}`,
      fechaContratacion: '2026-10-14',
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const contractOf = async (id: number): Promise<Contract> =>
  (await t.app.inject({ method: 'GET', url: `/api/contratos/${id}`, headers: t.auth(tokens[5]!) })).json();

async function logsOf(id: number): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/customer/${id}/logs?pageSize=100`,
    headers: t.auth(tokens[5]!),
  });
  return (res.json().items as LogEntry[]).map((l) => l.log1);
}

async function countsOf(contratoId: number) {
  const [p] = await t.database.db.select({ n: count() }).from(pagos).where(eq(pagos.contratoId, contratoId));
  const [r] = await t.database.db.select({ n: count() }).from(recibos).where(eq(recibos.clienteId, contratoId));
  return { pagos: p!.n, recibos: r!.n };
}

let importSeq = 0;
async function insertMovement(idCuenta: number, referencia: string, monto = 300) {
  const [row] = await t.database.db
    .insert(movimientosBancarios)
    .values({
      idCuenta,
      fechaRealizacion: '2026-10-14',
      monto,
      referencia,
      importKey: `test|${++importSeq}|${referencia}`,
    })
    .returning();
  return row!;
}

describe('amounts and months (docs/business-rules.md "Money")', () => {
  it('a $383 reconnection with invoice on a $300 contract is exactly one month: a base of $300, no credit', async () => {
    const c = await createContract();
    const p = await pay({ idCliente: c.id, monto: 383, idCuenta: 4, reconexion: true, facturar: true });
    expect(p).toMatchObject({
      monto: 383,
      montoBase: 300,
      mesesCubiertos: 1,
      saldoAFavor: 0,
      reconexion: true,
      facturar: true,
      repetido: false,
    });
    const [row] = await t.database.db.select().from(pagos).where(eq(pagos.id, p.id));
    expect(row).toMatchObject({
      monto: 383,
      montoBase: 300,
      mesesCubiertos: 1,
      userId: expect.any(Number),
      fechaPago: THURSDAY_NOON,
    });
  });

  it('the suggested invoiced amount of a $301 month ($349, 301 x 1.16 rounded) pays that month, not refused as below it', async () => {
    const c = await createContract({ monto: 301 });
    const p = await pay({ idCliente: c.id, monto: 349, idCuenta: 4, facturar: true });
    expect(p).toMatchObject({ montoBase: 301, mesesCubiertos: 1, saldoAFavor: 0 });
  });

  it('the reconnection fee and the surcharge do not buy months; the rest of the base goes to the credit', async () => {
    const c = await createContract();
    // $600 with reconnection: $570 of service (1 month, not 2), $270 of credit.
    const a = await pay({ idCliente: c.id, monto: 600, idCuenta: 4, reconexion: true });
    expect(a).toMatchObject({ montoBase: 570, mesesCubiertos: 1, saldoAFavor: 270, abono: false });
    // $900 with invoice: $775.86 of service (2 months, not 3), $175.86 of credit.
    const d = await createContract();
    const b = await pay({ idCliente: d.id, monto: 900, idCuenta: 4, facturar: true });
    expect(b).toMatchObject({ montoBase: 775.86, mesesCubiertos: 2, saldoAFavor: 175.86 });
    expect((await contractOf(d.id)).saldoAFavor).toBe(175.86);
  });

  it('$900 on a $300 contract pays 3 months in one period, from the day after paid-until', async () => {
    const c = await createContract({ fechaContratacion: '2026-10-14' });
    const p = await pay({ idCliente: c.id, monto: 900, idCuenta: 4 });
    expect(p).toMatchObject({
      mesesCubiertos: 3,
      fechaInicio: '2026-10-15',
      fechaFinalizacion: '2027-01-14',
      montoBase: 900,
    });
    expect(await countsOf(c.id)).toEqual({ pagos: 1, recibos: 1 });
    expect((await contractOf(c.id)).fechaFin).toBe('2027-01-14');
  });

  it('consecutive payments are contiguous and move paid-until and the version', async () => {
    const c = await createContract({ fechaContratacion: '2026-08-31' });
    const first = await pay({ idCliente: c.id, monto: 300, idCuenta: 4 });
    const second = await pay({ idCliente: c.id, monto: 600, idCuenta: 3 });
    const third = await pay({ idCliente: c.id, monto: 300, idCuenta: 2 });
    expect([first, second, third].map((p) => [p.fechaInicio, p.fechaFinalizacion])).toEqual([
      ['2026-09-01', '2026-09-30'],
      ['2026-10-01', '2026-11-30'],
      ['2026-12-01', '2026-12-31'],
    ]);
    const after = await contractOf(c.id);
    expect(after).toMatchObject({ fechaFin: '2026-12-31', diasRetraso: 0, version: c.version + 3 });
    expect(new Set([first.reciboId, second.reciboId, third.reciboId]).size).toBe(3);
  });
});

describe('reconnection', () => {
  it('starts on the payment date, clears the cut and says so in the Registro', async () => {
    const c = await createContract({ fechaContratacion: '2026-06-01' });
    const cut = await t.app.inject({
      method: 'POST',
      url: `/api/contratos/${c.id}/cortar`,
      headers: t.auth(tokens[17]!),
      payload: {},
    });
    expect(cut.json().cortado).toBe(true);
    // A plain payment on a cut service pays but does not reconnect.
    const plain = await pay({ idCliente: c.id, monto: 300, idCuenta: 4 });
    expect(plain).toMatchObject({ fechaInicio: '2026-06-02', fechaFinalizacion: '2026-07-01' });
    expect((await contractOf(c.id)).cortado).toBe(true);

    const p = await pay({ idCliente: c.id, monto: 330, idCuenta: 4, reconexion: true, nota: 'Regresa al servicio' });
    expect(p).toMatchObject({
      fechaInicio: '2026-10-15',
      fechaFinalizacion: '2026-11-14',
      montoBase: 300,
      mesesCubiertos: 1,
    });
    const after = await contractOf(c.id);
    expect(after).toMatchObject({ cortado: false, fechaFin: '2026-11-14', diasRetraso: 0 });
    const logs = await logsOf(c.id);
    expect(logs[0]).toBe('Servicio reconectado por pago de reconexión.');
    expect(logs[1]).toBe(
      `Pago registrado: $330.00 (Oficina Aurrera), con reconexión, periodo 15/10/2026 al 14/11/2026, recibo ${p.reciboId}. Nota: Regresa al servicio`,
    );
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment'), eq(auditLog.entityId, String(p.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'register',
      before: { cortado: true, pagadoHasta: '2026-07-01' },
      after: { cortado: false, pagadoHasta: '2026-11-14' },
    });
  });

  it('a reconnection while still paid does not overlap the paid period', async () => {
    const c = await createContract({ fechaContratacion: '2026-10-14' });
    const p = await pay({ idCliente: c.id, monto: 330, idCuenta: 4, reconexion: true });
    expect(p.fechaInicio).toBe('2026-10-15');
    const q = await pay({ idCliente: c.id, monto: 330, idCuenta: 4, reconexion: true });
    expect(q.fechaInicio).toBe('2026-11-15');
    // Not cut: nothing to reconnect, so no reconnection entry.
    expect((await logsOf(c.id)).some((l) => l.startsWith('Servicio reconectado'))).toBe(false);
  });
});

describe('Registro, audit and the PascalCase payload of the old client', () => {
  it('writes the entry with amount, place, period and receipt, and accepts Monto/IdCuenta', async () => {
    const c = await createContract();
    const res = await register({
      IdCliente: c.id,
      Monto: 383,
      IdCuenta: 4,
      Reconexion: true,
      Facturar: true,
      FechaPago: '2020-01-01',
      Guid: 'x',
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json() as PaymentResult;
    expect(p.fechaPago).toBe(THURSDAY_NOON.toISOString());
    expect(p.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await logsOf(c.id))[0]).toBe(
      `Pago registrado: $383.00 (Oficina Aurrera), con reconexión y con factura, periodo 15/10/2026 al 14/11/2026, recibo ${p.reciboId}.`,
    );
    const [receipt] = await t.database.db.select().from(recibos).where(eq(recibos.pagoId, p.id));
    expect(receipt).toMatchObject({
      id: p.reciboId,
      guid: p.guid,
      clienteId: c.id,
      nombre: 'María López Ramírez',
      direccion: 'Calle Hidalgo 5',
      colonia: 'Centro',
      monto: 383,
      montoContrato: 300,
      reconexion: true,
    });
  });
});

describe('Idempotency-Key', () => {
  it('a repeat answers the first payment (200, repetido) and creates nothing', async () => {
    const c = await createContract();
    const key = newKey();
    const body = { idCliente: c.id, monto: 300, idCuenta: 4 };
    const first = await register(body, { key });
    expect(first.statusCode).toBe(201);
    const again = await register(body, { key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), repetido: true });
    expect(await countsOf(c.id)).toEqual({ pagos: 1, recibos: 1 });
    expect((await contractOf(c.id)).fechaFin).toBe('2026-11-14');
    expect((await logsOf(c.id)).filter((l) => l.startsWith('Pago registrado'))).toHaveLength(1);
  });

  it('the same key with another contract or amount is a 409 idempotency_mismatch', async () => {
    const c = await createContract();
    const other = await createContract();
    const key = newKey();
    await pay({ idCliente: c.id, monto: 300, idCuenta: 4 }, key);
    const amount = await register({ idCliente: c.id, monto: 600, idCuenta: 4 }, { key });
    expect(amount.statusCode).toBe(409);
    expect(amount.json().error).toBe('idempotency_mismatch');
    const contract = await register({ idCliente: other.id, monto: 300, idCuenta: 4 }, { key });
    expect(contract.statusCode).toBe(409);
    expect(contract.json().error).toBe('idempotency_mismatch');
    expect(await countsOf(c.id)).toEqual({ pagos: 1, recibos: 1 });
    expect(await countsOf(other.id)).toEqual({ pagos: 0, recibos: 0 });
  });

  it('a double submit at once creates exactly one payment and one receipt', async () => {
    const c = await createContract();
    const key = newKey();
    const body = { idCliente: c.id, monto: 300, idCuenta: 4 };
    const results = await Promise.all(Array.from({ length: 5 }, () => register(body, { key })));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(await countsOf(c.id)).toEqual({ pagos: 1, recibos: 1 });
  });

  it('the same key racing for two contracts: one payment, the other gets the mismatch', async () => {
    const a = await createContract();
    const b = await createContract();
    const key = newKey();
    const [ra, rb] = await Promise.all([
      register({ idCliente: a.id, monto: 300, idCuenta: 4 }, { key }),
      register({ idCliente: b.id, monto: 300, idCuenta: 4 }, { key }),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([201, 409]);
    expect([ra, rb].find((r) => r.statusCode === 409)!.json().error).toBe('idempotency_mismatch');
    const total = (await countsOf(a.id)).pagos + (await countsOf(b.id)).pagos;
    expect(total).toBe(1);
  });

  it('the header is required: missing or malformed is a Spanish 400 and nothing is written', async () => {
    const c = await createContract();
    const body = { idCliente: c.id, monto: 300, idCuenta: 4 };
    const missing = await register(body, { key: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: 'validation',
      message: expect.stringMatching(/Falta la cabecera Idempotency-Key/),
    });
    const bad = await register(body, { key: 'corta' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Idempotency-Key inválida/);
    expect((await register(body, { key: 'con espacios y ñ' })).statusCode).toBe(400);
    expect(await countsOf(c.id)).toEqual({ pagos: 0, recibos: 0 });
    expect((await contractOf(c.id)).fechaFin).toBe(c.fechaFin);
    expect((await register(body)).statusCode).toBe(201);
  });
});

describe('concurrent payments for one contract', () => {
  it('20 at once: 20 payments with contiguous, non-overlapping periods and 20 sequential receipts', async () => {
    const c = await createContract({ fechaContratacion: '2026-01-31' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => register({ idCliente: c.id, monto: 300, idCuenta: 4 })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const rows = await t.database.db
      .select()
      .from(pagos)
      .where(eq(pagos.contratoId, c.id))
      .orderBy(asc(pagos.fechaInicio));
    expect(rows).toHaveLength(20);
    expect(rows[0]!.fechaInicio).toBe('2026-02-01');
    for (let i = 1; i < rows.length; i++) {
      const dayAfter = new Date(Date.parse(`${rows[i - 1]!.fechaFinalizacion}T00:00:00Z`) + 86_400_000)
        .toISOString()
        .slice(0, 10);
      expect(rows[i]!.fechaInicio, `pago ${i}`).toBe(dayAfter);
    }
    expect((await contractOf(c.id)).fechaFin).toBe(rows.at(-1)!.fechaFinalizacion);
    const receipts = await t.database.db
      .select({ id: recibos.id })
      .from(recibos)
      .where(eq(recibos.clienteId, c.id))
      .orderBy(asc(recibos.id));
    const ids = receipts.map((r) => r.id);
    expect(ids).toHaveLength(20);
    expect(ids.at(-1)! - ids[0]!).toBe(19); // unique and without gaps
    // Each receipt's period is its payment's: receipt order follows period order.
    const byPeriod = await t.database.db
      .select({ id: recibos.id })
      .from(recibos)
      .where(eq(recibos.clienteId, c.id))
      .orderBy(asc(recibos.fechaInicio));
    expect(byPeriod.map((r) => r.id)).toEqual(ids);
  });
});

describe('bank movements and references', () => {
  it('links the chosen pending movement and takes its reference; it cannot be used twice', async () => {
    const c = await createContract();
    const other = await createContract();
    const m = await insertMovement(2, 'SPEI 7001234');
    const p = await pay({
      idCliente: c.id,
      monto: 300,
      idCuenta: 2,
      referencia: 'lo que escribió',
      idMovimientoFinanciero: m.id,
    });
    expect(p).toMatchObject({ idMovimientoFinanciero: m.id, referencia: 'SPEI 7001234', idCuenta: 2 });
    const again = await register({ idCliente: other.id, monto: 300, idCuenta: 2, idMovimientoFinanciero: m.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'movement_used',
      message: 'Esa referencia bancaria ya se usó en otro pago.',
    });
    expect(await countsOf(other.id)).toEqual({ pagos: 0, recibos: 0 });
  });

  it('two payments racing for one movement: one wins, the other gets movement_used', async () => {
    const a = await createContract();
    const b = await createContract();
    const m = await insertMovement(6, 'SPEI 7005555');
    const [ra, rb] = await Promise.all([
      register({ idCliente: a.id, monto: 300, idCuenta: 6, idMovimientoFinanciero: m.id }),
      register({ idCliente: b.id, monto: 300, idCuenta: 6, idMovimientoFinanciero: m.id }),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([201, 409]);
    const [used] = await t.database.db.select({ n: count() }).from(pagos).where(eq(pagos.idMovimientoFinanciero, m.id));
    expect(used!.n).toBe(1);
  });

  it('refuses a movement of another account or one that does not exist (400)', async () => {
    const c = await createContract();
    const m = await insertMovement(6, 'SPEI 7002222');
    const wrongAccount = await register({ idCliente: c.id, monto: 300, idCuenta: 2, idMovimientoFinanciero: m.id });
    expect(wrongAccount.statusCode).toBe(400);
    expect(wrongAccount.json().details).toHaveProperty('idCuenta');
    const missing = await register({ idCliente: c.id, monto: 300, idCuenta: 2, idMovimientoFinanciero: 999_999 });
    expect(missing.statusCode).toBe(400);
    expect(await countsOf(c.id)).toEqual({ pagos: 0, recibos: 0 });
    // The movement is still free for its own account.
    expect(
      (await register({ idCliente: c.id, monto: 300, idCuenta: 6, idMovimientoFinanciero: m.id })).statusCode,
    ).toBe(201);
  });

  it('a typed reference that belongs to another payment is refused; a new one is fine', async () => {
    const c = await createContract();
    const other = await createContract();
    const m = await insertMovement(5, 'TDC 123456');
    await pay({ idCliente: c.id, monto: 300, idCuenta: 5, idMovimientoFinanciero: m.id });
    const typed = await register({ idCliente: other.id, monto: 300, idCuenta: 5, referencia: '  tdc   123456 ' });
    expect(typed.statusCode).toBe(409);
    expect(typed.json().error).toBe('movement_used');
    const fresh = await pay({ idCliente: other.id, monto: 300, idCuenta: 5, referencia: 'TDC 999999' });
    expect(fresh).toMatchObject({ referencia: 'TDC 999999', idMovimientoFinanciero: null });
  });

  it('a typed reference of a pending deposit on the same account links that deposit, so no second payment can use it', async () => {
    const c = await createContract();
    const other = await createContract();
    const m = await insertMovement(6, 'SPEI 5550001');
    const first = await pay({ idCliente: c.id, monto: 300, idCuenta: 6, referencia: 'spei 5550001' });
    expect(first).toMatchObject({ idMovimientoFinanciero: m.id, referencia: 'SPEI 5550001' });
    const second = await register({ idCliente: other.id, monto: 300, idCuenta: 6, idMovimientoFinanciero: m.id });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('movement_used');
  });

  it('two pending deposits with the typed reference: asks to choose one', async () => {
    const c = await createContract();
    await insertMovement(2, 'DEP 42');
    await insertMovement(2, 'DEP 42');
    const res = await register({ idCliente: c.id, monto: 300, idCuenta: 2, referencia: 'dep 42' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/varios depósitos pendientes/);
    expect(await countsOf(c.id)).toEqual({ pagos: 0, recibos: 0 });
  });
});

describe('closed cash day', () => {
  it('refuses cash payments at an office whose business day is closed, until it is reopened', async () => {
    const c = await createContract();
    // 21:00 on Thursday 15 October in Mexico City is already Friday 16 in UTC.
    now = new Date('2026-10-16T03:00:00Z');
    const [close] = await t.database.db
      .insert(cortesCaja)
      .values({ idCuenta: 4, fecha: '2026-10-15', esperado: 0, contado: 0, diferencia: 0 })
      .returning();
    const refused = await register({ idCliente: c.id, monto: 300, idCuenta: 4 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'cash_day_closed', message: CASH_DAY_CLOSED_MESSAGE });
    expect(await countsOf(c.id)).toEqual({ pagos: 0, recibos: 0 });
    // The other office and the bank are not closed.
    expect((await register({ idCliente: c.id, monto: 300, idCuenta: 3 })).statusCode).toBe(201);
    expect((await register({ idCliente: c.id, monto: 300, idCuenta: 2 })).statusCode).toBe(201);
    // The next business day is open.
    now = new Date('2026-10-16T15:00:00Z');
    expect((await register({ idCliente: c.id, monto: 300, idCuenta: 4 })).statusCode).toBe(201);
    // Reopened: payments are taken again that day.
    now = new Date('2026-10-16T03:00:00Z');
    await t.database.db.update(cortesCaja).set({ reabiertoEn: new Date() }).where(eq(cortesCaja.id, close!.id));
    expect((await register({ idCliente: c.id, monto: 300, idCuenta: 4 })).statusCode).toBe(201);
  });
});

describe('a close in progress', () => {
  it('a cash payment that arrives while the office is being closed waits for the close and is refused', async () => {
    const c = await createContract();
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // What the cash close does: lock the office's account, sum its payments, insert the close.
    const closing = t.database.db.transaction(async (tx) => {
      await tx.select({ id: cuentas.id }).from(cuentas).where(eq(cuentas.id, 3)).for('update');
      locked();
      await gate;
      const [row] = await tx
        .insert(cortesCaja)
        .values({ idCuenta: 3, fecha: '2026-10-15', esperado: 0, contado: 0, diferencia: 0 })
        .returning();
      return row!;
    });
    await isLocked;
    const payment = register({ idCliente: c.id, monto: 300, idCuenta: 3 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    const close = await closing;
    try {
      const res = await payment;
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toBe('cash_day_closed');
      expect(await countsOf(c.id)).toEqual({ pagos: 0, recibos: 0 });
    } finally {
      await t.database.db.update(cortesCaja).set({ reabiertoEn: new Date() }).where(eq(cortesCaja.id, close.id));
    }
  });
});

describe('refusals', () => {
  it('unknown contract 404, cancelled contract 409', async () => {
    const missing = await register({ idCliente: 999_999, monto: 300, idCuenta: 4 });
    expect(missing.statusCode).toBe(404);
    const c = await createContract();
    await t.app.inject({
      method: 'POST',
      url: `/api/contratos/${c.id}/cancelar`,
      headers: t.auth(tokens[17]!),
      payload: { motivo: 'Se muda' },
    });
    const cancelled = await register({ idCliente: c.id, monto: 300, idCuenta: 4 });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error).toBe('contract_cancelled');
    expect(await countsOf(c.id)).toEqual({ pagos: 0, recibos: 0 });
  });

  it('validates the amount, the place and the customer with Spanish messages', async () => {
    const c = await createContract();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ idCliente: c.id, monto: 0, idCuenta: 4 }, 'monto'],
      [{ idCliente: c.id, monto: -300, idCuenta: 4 }, 'monto'],
      [{ idCliente: c.id, monto: 'abc', idCuenta: 4 }, 'monto'],
      [{ idCliente: c.id, monto: 1e9, idCuenta: 4 }, 'monto'],
      [{ idCliente: c.id, monto: 300.123, idCuenta: 4 }, 'monto'],
      [{ idCliente: c.id, monto: 20, idCuenta: 4, reconexion: true }, 'monto'],
      [{ idCliente: c.id, monto: 300, idCuenta: 7 }, 'idCuenta'],
      [{ idCliente: c.id, monto: 300 }, 'idCuenta'],
      [{ monto: 300, idCuenta: 4 }, 'idCliente'],
      [{ idCliente: c.id, monto: 300, idCuenta: 4, reconexion: 'tal vez' }, 'reconexion'],
    ];
    for (const [body, field] of cases) {
      const res = await register(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('validation');
      expect(Object.keys(res.json().details), JSON.stringify(body)).toContain(field);
      expect(res.json().message).not.toMatch(/Expected|Invalid input/);
    }
    expect(await countsOf(c.id)).toEqual({ pagos: 0, recibos: 0 });
  });

  it('stores HTML in the note verbatim (the web escapes it)', async () => {
    const c = await createContract();
    const nota = '<script>alert("x")</script> & <b>pagó</b>';
    const p = await pay({ idCliente: c.id, monto: 300, idCuenta: 4, nota });
    expect(p.nota).toBe(nota);
    const [row] = await t.database.db.select({ nota: pagos.nota }).from(pagos).where(eq(pagos.id, p.id));
    expect(row!.nota).toBe(nota);
  });
});

describe('API documentation', () => {
  it('documents the Idempotency-Key header and both answers of registering', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/Pagos/registrar'].post;
    expect(op.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true })]),
    );
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '201']));
  });
});

describe('access levels', () => {
  it('registering needs a session (401) and level 16 (403 below)', async () => {
    const c = await createContract();
    const body = { idCliente: c.id, monto: 300, idCuenta: 4 };
    expect((await register(body, { level: null })).statusCode).toBe(401);
    for (const level of [5, 10]) {
      const res = await register(body, { level });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('forbidden');
    }
    expect(await countsOf(c.id)).toEqual({ pagos: 0, recibos: 0 });
    expect((await register(body, { level: 17 })).statusCode).toBe(201);
  });
});

describe('after the commit', () => {
  it('every signed-in socket gets PaymentRegistered, and level 20 gets a stored notification', async () => {
    const c = await createContract({ nombre: 'Notificada Pérez' });
    const support = await connectHub(base, tokens[5]!);
    const admin = await connectHub(base, tokens[20]!);
    sockets.push(support, admin);
    const event = nextEvent<PaymentRegistered>(support, 'PaymentRegistered', (e) => e.idCliente === c.id);
    const notice = nextEvent<Notification>(admin, 'ReceiveMessage', (n) => n.customerId === c.id);
    const p = await pay({ idCliente: c.id, monto: 383, idCuenta: 4, reconexion: true, facturar: true });
    expect(await event).toEqual({
      id: p.id,
      guid: p.guid,
      idCliente: c.id,
      nombreCliente: 'Notificada Pérez',
      monto: 383,
      idCuenta: 4,
      fechaPago: THURSDAY_NOON.toISOString(),
    });
    expect(await notice).toMatchObject({
      user: 'Pago registrado',
      message: 'Notificada Pérez: $383.00 en Oficina Aurrera',
      customerId: c.id,
      customerName: 'Notificada Pérez',
      url: `/dashboard/profile?id=${c.id}`,
    });
    const mine = async (level: number) =>
      (
        (
          await t.app.inject({ method: 'GET', url: '/api/notifications', headers: t.auth(tokens[level]!) })
        ).json() as Notification[]
      ).filter((n) => n.customerId === c.id && n.user === 'Pago registrado');
    expect(await mine(20)).toHaveLength(1);
    expect(await mine(16)).toHaveLength(0);
  });

  it('a repeated key announces nothing again', async () => {
    const c = await createContract();
    const key = newKey();
    await pay({ idCliente: c.id, monto: 300, idCuenta: 4 }, key);
    const support = await connectHub(base, tokens[5]!);
    sockets.push(support);
    const events: unknown[] = [];
    support.on('PaymentRegistered', (e: PaymentRegistered) => {
      if (e.idCliente === c.id) events.push(e);
    });
    expect((await register({ idCliente: c.id, monto: 300, idCuenta: 4 }, { key })).statusCode).toBe(200);
    // A payment for another contract afterwards arrives, so the repeat would have arrived before it.
    const d = await createContract();
    const later = nextEvent<PaymentRegistered>(support, 'PaymentRegistered', (e) => e.idCliente === d.id);
    await pay({ idCliente: d.id, monto: 300, idCuenta: 4 });
    await later;
    expect(events).toEqual([]);
  });
});
