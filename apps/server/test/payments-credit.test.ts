import {
  ADJUSTMENT_FORBIDDEN_MESSAGE,
  belowMonthMessage,
  type Contract,
  type CustomerPayment,
  type DueContractItem,
  type LogEntry,
  MERCADOPAGO_ACCOUNT_ID,
  ONLINE_ACCOUNT_FORBIDDEN_MESSAGE,
  type PaymentResult,
  type Receipt,
} from '@airlink/domain';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contratos, movimientosBancarios, pagos, recibos } from '../src/db/schema';
import { seedBase } from '../src/db/base-data';
import { createTestApp, type TestApp } from './test-app';

/**
 * Money edge cases (issue 10 part 6, docs/business-rules.md "Payments"): a payment covers whole months of its base plus
 * the credit balance; below one month only as an abono; the rest is the credit (`saldoAFavor`); adjustment
 * accounts are level 20 only; a linked deposit of another amount needs a confirmation.
 */
const THURSDAY_NOON = new Date('2026-10-15T18:00:00Z');

let t: TestApp;
const tokens: Record<number, string> = {};
beforeAll(async () => {
  t = await createTestApp({ now: () => THURSDAY_NOON });
  await seedBase(t.database.db);
  const emails = {
    5: 'soporte@test.mx',
    16: 'cajero@test.mx',
    17: 'supervisor@test.mx',
    18: 'gerente@test.mx',
    20: 'admin@test.mx',
  };
  for (const [level, email] of Object.entries(emails)) tokens[Number(level)] = (await t.login(email)).token;
});
afterAll(() => t?.close());

let keySeq = 0;
const newKey = () => `credit-test-${Date.now().toString(36)}-${++keySeq}`;

function register(payload: Record<string, unknown>, opts: { key?: string; level?: number } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/Pagos/registrar',
    headers: { ...t.auth(tokens[opts.level ?? 16]!), 'idempotency-key': opts.key ?? newKey() },
    payload,
  });
}

async function pay(
  payload: Record<string, unknown>,
  opts: { key?: string; level?: number } = {},
): Promise<PaymentResult> {
  const res = await register(payload, opts);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

let seq = 0;
async function createContract(over: Record<string, unknown> = {}): Promise<Contract> {
  seq++;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contratos',
    headers: t.auth(tokens[16]!),
    payload: {
      nombre: `Cliente Saldo ${seq}`,
      calle: 'Av. Juárez',
      numero: String(seq),
      colonia: 'Centro',
      comunidad: 'Tizayuca',
      telefono: '7791234567',
      tipo: 1,
      monto: 300,
      costoInstalacion: 1300,
      mac: `aa-bb-cc-ee-${String(Math.floor(seq / 256)).padStart(2, '0')}-${(seq % 256).toString(16).padStart(2, '0')}`,
      fechaContratacion: '2026-10-14',
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const get = async <T>(url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url, headers: t.auth(tokens[16]!) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const contractOf = (id: number) => get<Contract>(`/api/contratos/${id}`);

async function countsOf(contratoId: number) {
  const [p] = await t.database.db.select({ n: count() }).from(pagos).where(eq(pagos.contratoId, contratoId));
  const [r] = await t.database.db.select({ n: count() }).from(recibos).where(eq(recibos.clienteId, contratoId));
  return { pagos: p!.n, recibos: r!.n };
}

let importSeq = 0;
async function insertMovement(idCuenta: number, referencia: string, monto: number) {
  const [row] = await t.database.db
    .insert(movimientosBancarios)
    .values({
      idCuenta,
      fechaRealizacion: '2026-10-14',
      monto,
      referencia,
      importKey: `credit-test|${++importSeq}|${referencia}`,
    })
    .returning();
  return row!;
}

describe('below one month', () => {
  it('$0.01 does not buy a month: a Spanish 400 and nothing is written', async () => {
    const c = await createContract();
    for (const monto of [0.01, 299.99]) {
      const res = await register({ idCliente: c.id, monto, idCuenta: 4 });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        error: 'below_month',
        message: belowMonthMessage(300),
        details: { monto: [belowMonthMessage(300)] },
      });
    }
    expect(await countsOf(c.id)).toEqual({ pagos: 0, recibos: 0 });
    expect(await contractOf(c.id)).toMatchObject({ fechaFin: '2026-10-14', saldoAFavor: 0, version: c.version });
  });

  it('an abono is recorded and receipted, goes to the credit and leaves paid-until; the next one completes the month', async () => {
    const c = await createContract();
    expect(c.saldoAFavor).toBe(0);

    const first = await pay({ idCliente: c.id, monto: 100, idCuenta: 4, abono: true });
    // No period: the empty one after paid-until (it ends on paid-until, which stays).
    expect(first).toMatchObject({
      abono: true,
      mesesCubiertos: 0,
      saldoAFavor: 100,
      montoBase: 100,
      fechaInicio: '2026-10-15',
      fechaFinalizacion: '2026-10-14',
    });
    expect(await contractOf(c.id)).toMatchObject({ fechaFin: '2026-10-14', saldoAFavor: 100 });
    const receipt = await get<Receipt>(`/api/recibos/${first.guid}`);
    expect(receipt).toMatchObject({ id: first.reciboId, monto: 100, abono: true, mesesCubiertos: 0, saldoAFavor: 100 });
    const [row] = await t.database.db.select().from(pagos).where(eq(pagos.id, first.id));
    expect(row).toMatchObject({ abono: true, saldoAFavor: 100, mesesCubiertos: 0 });
    const logs = (await get<{ items: LogEntry[] }>(`/api/customer/${c.id}/logs?pageSize=100`)).items.map((l) => l.log1);
    expect(logs[0]).toBe(
      `Pago registrado: $100.00 (Oficina Aurrera), abono (pago parcial), sin periodo (no completa una mensualidad), saldo a favor $100.00, recibo ${first.reciboId}.`,
    );

    // $250 more: $350 of credit and abonos is one month and $50 left.
    const second = await pay({ idCliente: c.id, monto: 250, idCuenta: 3, abono: true });
    expect(second).toMatchObject({
      abono: true,
      mesesCubiertos: 1,
      saldoAFavor: 50,
      fechaInicio: '2026-10-15',
      fechaFinalizacion: '2026-11-14',
    });
    expect(await contractOf(c.id)).toMatchObject({ fechaFin: '2026-11-14', saldoAFavor: 50 });

    // An ordinary month counts the credit too: $300 + $50 is one month, $50 stays.
    const third = await pay({ idCliente: c.id, monto: 300, idCuenta: 4 });
    expect(third).toMatchObject({
      abono: false,
      mesesCubiertos: 1,
      saldoAFavor: 50,
      fechaInicio: '2026-11-15',
      fechaFinalizacion: '2026-12-14',
    });

    const list = await get<{ items: CustomerPayment[] }>(`/api/customer/${c.id}/payments`);
    expect(list.items.map((p) => [p.abono, p.mesesCubiertos, p.saldoAFavor])).toEqual([
      [false, 1, 50],
      [true, 1, 50],
      [true, 0, 100],
    ]);
  });

  it('an abono of a month or more is an ordinary payment', async () => {
    const c = await createContract();
    const p = await pay({ idCliente: c.id, monto: 300, idCuenta: 4, abono: true });
    expect(p).toMatchObject({ abono: false, mesesCubiertos: 1, saldoAFavor: 0, fechaFinalizacion: '2026-11-14' });
  });

  it('a reconnection must pay at least one month (credit included): 400 otherwise, nothing written', async () => {
    const c = await createContract();
    const res = await register({ idCliente: c.id, monto: 130, idCuenta: 4, reconexion: true, abono: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'reconnection_below_month',
      message: expect.stringMatching(/^Una reconexión debe cubrir/),
    });
    expect(await countsOf(c.id)).toEqual({ pagos: 0, recibos: 0 });
    // With $200 of credit, $100 of base (plus the $30 fee) completes the month and reconnects.
    await pay({ idCliente: c.id, monto: 200, idCuenta: 4, abono: true });
    const p = await pay({ idCliente: c.id, monto: 130, idCuenta: 4, reconexion: true, abono: true });
    expect(p).toMatchObject({ montoBase: 100, mesesCubiertos: 1, saldoAFavor: 0, abono: true });
  });
});

describe('overpayment', () => {
  it('what exceeds whole months goes to the credit balance', async () => {
    const c = await createContract();
    const p = await pay({ idCliente: c.id, monto: 700, idCuenta: 4 });
    expect(p).toMatchObject({
      mesesCubiertos: 2,
      saldoAFavor: 100,
      fechaInicio: '2026-10-15',
      fechaFinalizacion: '2026-12-14',
    });
    expect(await contractOf(c.id)).toMatchObject({ fechaFin: '2026-12-14', saldoAFavor: 100 });
  });
});

describe('concurrent abonos on one contract', () => {
  it('all count: the row lock queues them, so the credit adds up and periods never overlap', async () => {
    const c = await createContract();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => register({ idCliente: c.id, monto: 100, idCuenta: 4, abono: true })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    // $800 of abonos on $300 a month: 2 months, $200 of credit.
    expect(await contractOf(c.id)).toMatchObject({ fechaFin: '2026-12-14', saldoAFavor: 200 });
    const rows = await t.database.db.select().from(pagos).where(eq(pagos.contratoId, c.id)).orderBy(asc(pagos.id));
    expect(rows).toHaveLength(8);
    expect(rows.map((r) => r.saldoAFavor)).toEqual([100, 200, 0, 100, 200, 0, 100, 200]);
    expect(rows.map((r) => r.mesesCubiertos)).toEqual([0, 0, 1, 0, 0, 1, 0, 0]);
    const periods = rows.filter((r) => r.mesesCubiertos > 0).map((r) => [r.fechaInicio, r.fechaFinalizacion]);
    expect(periods).toEqual([
      ['2026-10-15', '2026-11-14'],
      ['2026-11-15', '2026-12-14'],
    ]);
  });
});

describe('restricted payment places: adjustment accounts (8, 9, 10) and Mercado Pago (11)', () => {
  it('only level 20 registers on them: 403 in Spanish below, nothing written', async () => {
    const c = await createContract();
    for (const level of [16, 17, 18]) {
      for (const idCuenta of [8, 9, 10]) {
        const res = await register({ idCliente: c.id, monto: 300, idCuenta }, { level });
        expect(res.statusCode, `${level} ${idCuenta}`).toBe(403);
        expect(res.json()).toEqual({ error: 'forbidden', message: ADJUSTMENT_FORBIDDEN_MESSAGE });
      }
    }
    expect(await countsOf(c.id)).toEqual({ pagos: 0, recibos: 0 });
    expect((await contractOf(c.id)).version).toBe(c.version);
    const p = await pay({ idCliente: c.id, monto: 300, idCuenta: 8 }, { level: 20 });
    expect(p).toMatchObject({ idCuenta: 8, mesesCubiertos: 1 });
    // The other places stay open to cashiers.
    expect((await register({ idCliente: c.id, monto: 300, idCuenta: 6 }, { level: 16 })).statusCode).toBe(201);
  });

  it('Mercado Pago (11) is for online payments: a cashier by hand is a Spanish 403, nothing written', async () => {
    const c = await createContract();
    for (const level of [16, 17, 18]) {
      const res = await register({ idCliente: c.id, monto: 300, idCuenta: MERCADOPAGO_ACCOUNT_ID }, { level });
      expect(res.statusCode, String(level)).toBe(403);
      expect(res.json()).toEqual({ error: 'forbidden', message: ONLINE_ACCOUNT_FORBIDDEN_MESSAGE });
    }
    expect(await countsOf(c.id)).toEqual({ pagos: 0, recibos: 0 });
    // An administrator may record one by hand (an approved payment the system flagged as not registered).
    const p = await pay({ idCliente: c.id, monto: 300, idCuenta: MERCADOPAGO_ACCOUNT_ID }, { level: 20 });
    expect(p).toMatchObject({ idCuenta: MERCADOPAGO_ACCOUNT_ID, mesesCubiertos: 1 });
  });
});

describe('linked bank deposit of another amount', () => {
  it('a chosen deposit that differs is a 409 naming both amounts until confirmed; then it is linked', async () => {
    const c = await createContract();
    const m = await insertMovement(6, 'SPEI 4400001', 500);
    const key = newKey();
    const body = { idCliente: c.id, monto: 300, idCuenta: 6, idMovimientoFinanciero: m.id };
    const refused = await register(body, { key });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'deposit_amount_mismatch',
      message:
        'El depósito SPEI 4400001 es de $500.00 y el pago es de $300.00. Confirma la diferencia para registrarlo así.',
    });
    expect(await countsOf(c.id)).toEqual({ pagos: 0, recibos: 0 });
    // The same attempt (same key), confirmed.
    const p = await pay({ ...body, confirmarDiferencia: true }, { key });
    expect(p).toMatchObject({ idMovimientoFinanciero: m.id, monto: 300, referencia: 'SPEI 4400001' });
  });

  it('a typed reference that links a deposit of another amount asks too; the same amount does not', async () => {
    const c = await createContract();
    await insertMovement(2, 'DEP 4400002', 250);
    const typed = await register({ idCliente: c.id, monto: 300, idCuenta: 2, referencia: 'dep 4400002' });
    expect(typed.statusCode).toBe(409);
    expect(typed.json().error).toBe('deposit_amount_mismatch');
    expect(await countsOf(c.id)).toEqual({ pagos: 0, recibos: 0 });
    const same = await insertMovement(2, 'DEP 4400003', 300);
    const p = await pay({ idCliente: c.id, monto: 300, idCuenta: 2, idMovimientoFinanciero: same.id });
    expect(p.idMovimientoFinanciero).toBe(same.id);
  });
});

describe('stored credit', () => {
  it('the contract row keeps the credit in step with its last payment', async () => {
    const c = await createContract();
    const p = await pay({ idCliente: c.id, monto: 150, idCuenta: 4, abono: true });
    const [row] = await t.database.db
      .select({ saldo: contratos.saldoAFavor, hasta: contratos.pagadoHasta })
      .from(contratos)
      .where(eq(contratos.id, c.id));
    expect(row).toEqual({ saldo: p.saldoAFavor, hasta: '2026-10-14' });
  });
});

describe('overdue services list', () => {
  it("an abono without period is not the contract's latest payment there (its empty period would start after paid-until)", async () => {
    const c = await createContract({ fechaContratacion: '2026-06-01' });
    const month = await pay({ idCliente: c.id, monto: 300, idCuenta: 4 });
    await pay({ idCliente: c.id, monto: 100, idCuenta: 4, abono: true, nota: 'abono' });
    const all = await get<{ items: DueContractItem[] }>('/api/contratos/getduecontractsservices?pageSize=100');
    const item = all.items.find((i) => i.clienteId === c.id);
    expect(item).toMatchObject({ id: month.id, fechaInicio: '2026-06-02', fechaFinalizacion: '2026-07-01' });
  });
});

describe('editing the contract date', () => {
  it('paid-until follows the contract date while only abonos without period were paid', async () => {
    const c = await createContract({ fechaContratacion: '2026-10-14' });
    await pay({ idCliente: c.id, monto: 100, idCuenta: 4, abono: true });
    const current = await contractOf(c.id);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/contratos/${c.id}`,
      headers: t.auth(tokens[16]!),
      payload: {
        nombre: current.nombre,
        calle: current.calle,
        numero: current.numero,
        colonia: current.colonia,
        comunidad: current.comunidad,
        telefono: current.telefono,
        tipo: current.tipo,
        monto: current.monto,
        costoInstalacion: current.costoInstalacion,
        fechaContratacion: '2026-10-20',
        version: current.version,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fechaContratacion: '2026-10-20', fechaFin: '2026-10-20', saldoAFavor: 100 });
  });
});
