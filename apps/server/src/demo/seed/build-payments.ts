import type { Customer } from './build-customers';
import { USER_IDS, cents, type DemoContext, type MovimientoRow, type PagoRow, type ReciboRow } from './context';
import { addDays, addMonths, daysBetween, localDate, localDateTime, monthStart, weekday, type IsoDate } from './dates';
import type { Rng } from './prng';

/** Something that happened to a customer, for the log ('registros') and notifications. */
export interface CustomerEvent {
  contratoId: number;
  at: Date;
  kind: 'corte' | 'reconexion' | 'cancelacion';
  userId: number;
}

export interface PaymentsResult {
  pagos: PagoRow[];
  recibos: ReciboRow[];
  /** Bank movements: the ones used by bank payments and the pending ones, ids in import order. */
  movimientos: MovimientoRow[];
  events: CustomerEvent[];
  /** Latest fechaFinalizacion per contract (contracts with payments only). */
  paidUntil: Map<number, IsoDate>;
}

const RECONNECTION_FEE = 30;
const INVOICE_FACTOR = 1.16;
export const PENDING_MOVEMENTS = 40;

interface Draft {
  c: Customer;
  at: Date;
  start: IsoDate;
  end: IsoDate;
  months: number;
  reconexion: boolean;
  idCuenta: number;
  nota: string;
  userId: number;
  first: boolean;
}

/** The amount charged: base, reconnection fee, then the invoice surcharge rounded to whole pesos. */
export function chargedAmount(base: number, reconexion: boolean, facturar: boolean): number {
  const beforeTax = base + (reconexion ? RECONNECTION_FEE : 0);
  return facturar ? Math.round(beforeTax * INVOICE_FACTOR) : beforeTax;
}

/** Offices open Monday to Saturday: a Sunday moves to Saturday or Monday. */
function officeDay(rng: Rng, d: IsoDate): IsoDate {
  return weekday(d) === 0 ? addDays(d, rng.chance(0.5) ? -1 : 1) : d;
}

/** Days between the period start and the payment: most pay in the first days, some early, a few late. */
function payOffset(rng: Rng): number {
  return rng.weighted([
    [rng.int(-5, -1), 25],
    [rng.int(0, 3), 50],
    [rng.int(4, 7), 22],
    [rng.int(8, 12), 3],
  ] as const);
}

function officeAccount(c: Customer, rng: Rng): number {
  const home = c.community.region === 'pachuca' ? 3 : 4;
  return rng.chance(0.05) ? (home === 4 ? 3 : 4) : home;
}

function accountFor(c: Customer, rng: Rng): number {
  switch (c.habit) {
    case 'bank':
      return rng.chance(0.85) ? c.bankAccount : officeAccount(c, rng);
    case 'card':
      return rng.chance(0.75) ? 5 : officeAccount(c, rng);
    default:
      return rng.chance(0.97) ? officeAccount(c, rng) : c.bankAccount;
  }
}

const CASUAL_NOTES = [
  'Pagó su esposa',
  'Pagó su hijo',
  'Pagó con billete de 500',
  'Se le recordó su fecha de pago',
  'Envió comprobante por WhatsApp',
  'Pide que le llamen antes de cortar',
] as const;

function customerPayments(ctx: DemoContext, c: Customer, rng: Rng, events: CustomerEvent[]): Draft[] {
  const out: Draft[] = [];
  const contractDay = c.row.fechaContratacion;
  let k = 0;
  let start = contractDay;
  while (start < ctx.historyStart) start = addMonths(contractDay, ++k);
  let first = start === contractDay;

  let stopBefore: IsoDate | null = null;
  if (c.profile === 'late' || c.profile === 'suspended') stopBefore = addDays(ctx.today, -30 * c.lateMonths);
  if (c.profile === 'cancelled') stopBefore = addDays(ctx.today, -rng.int(60, 240));
  const reconnectAt = c.profile === 'reconnected' ? addDays(ctx.today, -rng.int(120, 420)) : null;
  let reconnected = false;
  let aheadDone = false;
  let prevDay = addDays(start, -40);

  for (let guard = 0; guard < 120; guard++) {
    let payDay: IsoDate;
    let reconexion = false;
    let nota = '';
    let months = 1;
    if (reconnectAt && !reconnected && !first && start >= reconnectAt) {
      // Coverage ran out at start - 1; cut after the grace days; the customer comes back weeks later.
      events.push({
        contratoId: c.row.id,
        at: localDateTime(officeDay(rng, addDays(start, rng.int(4, 6))), rng.int(9, 11), rng.int(0, 59)),
        kind: 'corte',
        userId: USER_IDS.supervisor,
      });
      payDay = officeDay(rng, addDays(start, rng.int(12, 50)));
      start = payDay;
      reconexion = true;
      reconnected = true;
      nota = 'Reconexión de servicio';
    } else if (first) {
      payDay = start;
      nota = 'Primer mes, pagado en la instalación';
    } else {
      payDay = officeDay(rng, addDays(start, payOffset(rng)));
    }
    if (payDay <= prevDay) payDay = officeDay(rng, addDays(prevDay, 1));

    if (c.profile === 'ahead' && !aheadDone && addMonths(start, 1) > ctx.today) {
      months = rng.pick([3, 6, 6, 12]);
      aheadDone = true;
      nota = `Pago adelantado de ${months} meses`;
      if (payDay >= ctx.today) {
        // Paid yesterday (or on Saturday), never after today's office hours.
        payDay = addDays(ctx.today, -1);
        if (weekday(payDay) === 0) payDay = addDays(payDay, -1);
      }
    } else if (!first && !reconexion && c.profile !== 'ahead' && rng.chance(0.035)) {
      months = rng.pick([2, 2, 3, 6]);
      nota = `Pago de ${months} meses`;
    }
    let end = addDays(addMonths(start, months), -1);
    if (stopBefore && end >= stopBefore && months > 1) {
      months = 1;
      nota = '';
      end = addDays(addMonths(start, 1), -1);
    }
    if (stopBefore && end >= stopBefore) break;

    const idCuenta = reconexion || first ? officeAccount(c, rng) : accountFor(c, rng);
    // The first month is paid when the contract is signed; the others at any office hour.
    const signedAt = c.row.createdAt;
    const at =
      first && signedAt && start === contractDay
        ? new Date(signedAt.getTime() + rng.int(5, 45) * 60_000)
        : localDateTime(payDay, rng.int(9, 18), rng.int(0, 59), rng.int(0, 59));
    if (at.getTime() > ctx.now.getTime()) break;
    if (!nota && rng.chance(0.05)) nota = rng.pick(CASUAL_NOTES);

    let userId: number;
    if (idCuenta === 3) userId = USER_IDS.supervisor;
    else if (idCuenta === 4)
      userId = daysBetween(payDay, ctx.today) > 240 && rng.chance(0.6) ? USER_IDS.exCajero : USER_IDS.cajero;
    else if (idCuenta === 5) userId = c.community.region === 'pachuca' ? USER_IDS.supervisor : USER_IDS.cajero;
    else userId = rng.chance(0.6) ? USER_IDS.gerente : USER_IDS.cajero;

    out.push({ c, at, start, end, months, reconexion, idCuenta, nota, userId, first });
    if (reconexion)
      events.push({
        contratoId: c.row.id,
        at: new Date(at.getTime() + rng.int(10, 90) * 60_000),
        kind: 'reconexion',
        userId: USER_IDS.supervisor,
      });
    prevDay = payDay;
    start = addDays(end, 1);
    first = false;
  }

  const last = out[out.length - 1];
  if (last && c.profile === 'suspended') {
    const at = localDateTime(officeDay(rng, addDays(last.end, rng.int(4, 6))), rng.int(9, 12), rng.int(0, 59));
    c.row.updatedAt = at;
    events.push({ contratoId: c.row.id, at, kind: 'corte', userId: USER_IDS.supervisor });
  }
  if (last && c.profile === 'cancelled') {
    const at = localDateTime(officeDay(rng, addDays(last.end, rng.int(10, 30))), rng.int(10, 17), rng.int(0, 59));
    c.row.fechaCancelacion = at;
    c.row.updatedAt = at;
    events.push({ contratoId: c.row.id, at, kind: 'cancelacion', userId: USER_IDS.supervisor });
  }
  return out;
}

const SPEI_BANKS = [
  'BBVA MEXICO',
  'BANORTE',
  'SANTANDER',
  'BANCO AZTECA',
  'HSBC',
  'NU MEXICO',
  'MERCADO PAGO W',
  'BANCOPPEL',
  'SPIN BY OXXO',
];

function bankReference(rng: Rng, idCuenta: number, used: Set<string>): string {
  for (;;) {
    let ref: string;
    if (idCuenta === 5) ref = `TDC ${rng.digits(6)}`;
    else if (rng.chance(0.75)) ref = `SPEI ${rng.digits(7)}`;
    else ref = `DEP ${rng.digits(6)}`;
    if (!used.has(ref.toLowerCase())) {
      used.add(ref.toLowerCase());
      return ref;
    }
  }
}

function bankDescription(rng: Rng, referencia: string, payer: string): string {
  const upper = payer
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase();
  if (referencia.startsWith('SPEI')) return `SPEI RECIBIDO ${rng.pick(SPEI_BANKS)} / ${upper}`;
  if (referencia.startsWith('DEP'))
    return rng.chance(0.6) ? `DEPOSITO EN EFECTIVO SUC ${rng.digits(4)}` : 'DEPOSITO EN TIENDA DE CONVENIENCIA';
  return `VENTA TPV TARJETA ${rng.digits(4)}`;
}

export function importKeyOf(idCuenta: number, fecha: IsoDate, monto: number, referencia: string): string {
  return `${idCuenta}|${fecha}|${monto.toFixed(2)}|${referencia.toLowerCase()}`;
}

/** 18 months of payments with their receipts, and the bank movements behind bank payments plus ~40 pending. */
export function buildPayments(ctx: DemoContext, customers: readonly Customer[]): PaymentsResult {
  const rng = ctx.rng.fork('payments');
  const events: CustomerEvent[] = [];
  const drafts: Draft[] = [];
  for (const c of customers) {
    if (c.profile === 'pending') continue;
    drafts.push(...customerPayments(ctx, c, rng, events));
  }

  // A few adjustments (not income): date corrections and manually applied card or deposit payments.
  const adjustable = drafts.filter((d) => !d.first && !d.reconexion && (d.idCuenta === 3 || d.idCuenta === 4));
  const adjustmentNotes: Record<number, string> = {
    8: 'Ajuste de fecha: se recorre el periodo por cambio de día de pago',
    9: 'Ajuste: pago con tarjeta aplicado manualmente',
    10: 'Ajuste: depósito identificado en el estado de cuenta',
  };
  rng
    .shuffle(adjustable)
    .slice(0, 9)
    .forEach((d, i) => {
      d.idCuenta = [8, 9, 10][i % 3] ?? 8;
      d.nota = adjustmentNotes[d.idCuenta] ?? '';
      d.userId = USER_IDS.admin;
    });

  drafts.sort((a, b) => a.at.getTime() - b.at.getTime() || a.c.row.id - b.c.row.id);

  const usedRefs = new Set<string>();
  const batches = new Map<string, string>();
  const batchOf = (idCuenta: number, fecha: IsoDate) => {
    const key = `${idCuenta}|${monthStart(fecha)}`;
    let b = batches.get(key);
    if (!b) {
      b = rng.uuid();
      batches.set(key, b);
    }
    return b;
  };

  interface MovementDraft {
    row: Omit<MovimientoRow, 'id'>;
    pago?: PagoRow;
  }
  const movementDrafts: MovementDraft[] = [];
  const pagos: PagoRow[] = [];
  const recibos: ReciboRow[] = [];
  const paidUntil = new Map<number, IsoDate>();

  drafts.forEach((d, index) => {
    const id = index + 1;
    const guid = rng.uuid();
    const c = d.c.row;
    const facturar = c.facturar ?? false;
    const montoBase = c.monto * d.months;
    const monto = chargedAmount(montoBase, d.reconexion, facturar);
    const bank = d.idCuenta === 2 || d.idCuenta === 5 || d.idCuenta === 6;
    const referencia = bank ? bankReference(rng, d.idCuenta, usedRefs) : '';
    const pago: PagoRow = {
      id,
      guid,
      contratoId: c.id,
      fechaPago: d.at,
      fechaInicio: d.start,
      fechaFinalizacion: d.end,
      monto,
      montoBase,
      mesesCubiertos: d.months,
      idCuenta: d.idCuenta,
      referencia,
      nota: d.nota,
      reconexion: d.reconexion,
      facturar,
      idMovimientoFinanciero: null,
      idempotencyKey: null,
      userId: d.userId,
      createdAt: d.at,
    };
    pagos.push(pago);
    recibos.push({
      id,
      guid,
      pagoId: id,
      clienteId: c.id,
      nombre: c.nombre,
      direccion: `${c.calle ?? ''} ${c.numero ?? ''}`.trim(),
      colonia: c.colonia ?? '',
      monto,
      montoContrato: c.monto,
      reconexion: d.reconexion,
      fechaPago: d.at,
      fechaInicio: d.start,
      fechaFinalizacion: d.end,
      createdAt: d.at,
    });
    const prev = paidUntil.get(c.id);
    if (!prev || d.end > prev) paidUntil.set(c.id, d.end);

    if (bank) {
      // The customer paid some hours earlier; the statement was imported just before the cashier linked it.
      const transferAt = new Date(d.at.getTime() - rng.int(10, 900) * 60_000);
      const fecha = localDate(transferAt);
      movementDrafts.push({
        pago,
        row: {
          idCuenta: d.idCuenta,
          fechaRealizacion: fecha,
          monto,
          referencia,
          descripcion: bankDescription(rng, referencia, c.nombre),
          importKey: importKeyOf(d.idCuenta, fecha, monto, referencia),
          importBatch: batchOf(d.idCuenta, fecha),
          createdBy: USER_IDS.gerente,
          createdAt: new Date(d.at.getTime() - rng.int(1, 8) * 60_000),
        },
      });
    }
  });

  // Pending movements: received in the last 30 days, not yet matched to a payment.
  const typical = [300, 348, 330, 500, 580, 800, 928, 1000, 1160, 1200, 1392, 1700, 2300, 600, 900];
  for (let i = 0; i < PENDING_MOVEMENTS; i++) {
    const idCuenta = rng.weighted([
      [6, 45],
      [2, 35],
      [5, 20],
    ] as const);
    const fecha = addDays(ctx.today, -rng.int(0, 29));
    const monto = rng.chance(0.85) ? rng.pick(typical) : cents(rng.int(150, 2500) + rng.pick([0, 0, 0.5]));
    const referencia = bankReference(rng, idCuenta, usedRefs);
    const nextMorning = localDateTime(addDays(fecha, 1), 9, rng.int(0, 59), rng.int(0, 59));
    const createdAt =
      nextMorning.getTime() < ctx.now.getTime() ? nextMorning : new Date(ctx.now.getTime() - rng.int(5, 90) * 60_000);
    movementDrafts.push({
      row: {
        idCuenta,
        fechaRealizacion: fecha,
        monto,
        referencia,
        descripcion: bankDescription(rng, referencia, rng.pick(customers).row.nombre),
        importKey: importKeyOf(idCuenta, fecha, monto, referencia),
        importBatch: batchOf(idCuenta, fecha),
        createdBy: USER_IDS.gerente,
        createdAt,
      },
    });
  }

  movementDrafts.sort((a, b) => (a.row.createdAt?.getTime() ?? 0) - (b.row.createdAt?.getTime() ?? 0));
  const movimientos = movementDrafts.map((m, i) => {
    const row: MovimientoRow = { id: i + 1, ...m.row };
    if (m.pago) m.pago.idMovimientoFinanciero = row.id;
    return row;
  });

  return { pagos, recibos, movimientos, events, paidUntil };
}
