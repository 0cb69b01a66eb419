import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { contractDisplayColumns, displayIdOf } from '../../db/contract-display';
import { prepareTogether } from '../../db/batch';
import { preparedOn } from '../../db/prepared';
import { contratos, cortesCaja, cuentas, movimientosBancarios, pagos, recibos } from '../../db/schema';

export type PaymentRow = typeof pagos.$inferSelect;
export type PaymentValues = Omit<typeof pagos.$inferInsert, 'id' | 'createdAt' | 'guid'>;

/** Every value a payment is registered with (its statement is built once with a placeholder for each; the
 * record's type makes the list complete). */
const PAYMENT_VALUE_KEYS = Object.keys({
  contratoId: true,
  fechaPago: true,
  fechaInicio: true,
  fechaFinalizacion: true,
  monto: true,
  montoBase: true,
  mesesCubiertos: true,
  idCuenta: true,
  referencia: true,
  nota: true,
  reconexion: true,
  facturar: true,
  abono: true,
  saldoAFavor: true,
  idMovimientoFinanciero: true,
  idempotencyKey: true,
  userId: true,
} satisfies Record<keyof PaymentValues, true>) as (keyof PaymentValues)[];
export type ReceiptValues = Omit<typeof recibos.$inferInsert, 'id' | 'createdAt'>;

/** Unique indexes of `pagos` (db/schema/money.ts) whose violation means something to the use case. */
export const IDEMPOTENCY_UNIQUE = 'pagos_idempotency_uq';
export const MOVEMENT_UNIQUE = 'pagos_movimiento_uq';

/** What registering a payment needs of the contract (read under its row lock). */
export interface PayableContract {
  id: number;
  idcliente: string;
  nombre: string;
  calle: string;
  numero: string;
  colonia: string;
  no: number;
  fechaContratacion: string;
  monto: number;
  pagadoHasta: string;
  /** Credit balance (abonos and what exceeded whole months). */
  saldoAFavor: number;
  activo: boolean;
  cortado: boolean;
  /** The router that serves it: a reconnection payment reconnects it there too. */
  routerId: number | null;
}

export interface MovementForPayment {
  id: number;
  idCuenta: number;
  referencia: string;
  monto: number;
  /** The payment that already uses it, if any. */
  pagoId: number | null;
}

/** A stored payment with its receipt number (a repeated Idempotency-Key answers with it). */
export type StoredPayment = PaymentRow & { reciboId: number };

/**
 * The constraint name of a unique violation (SQLSTATE 23505), or null for any other error. Drizzle
 * wraps the driver's error (pg and PGlite both carry `code` and `constraint`), so causes are followed.
 */
export function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/** The only SQL of registering payments. Pass the transaction when inside one. */
export class PaymentsRepository {
  constructor(private readonly db: Db) {}

  private built?: ReturnType<PaymentsRepository['buildStatements']>;
  /** The statements of registering a payment, built once (db/prepared.ts): their building cost more than their SQL. */
  private get statements() {
    return (this.built ??= this.buildStatements());
  }

  private buildStatements() {
    const db = this.db;
    const ph = sql.placeholder;
    const lockContract = db
      .select({
        id: contratos.id,
        ...contractDisplayColumns,
        monto: contratos.monto,
        pagadoHasta: contratos.pagadoHasta,
        saldoAFavor: contratos.saldoAFavor,
        activo: contratos.activo,
        cortado: contratos.cortado,
        routerId: contratos.routerId,
      })
      .from(contratos)
      .where(eq(contratos.id, ph('id')))
      .limit(1)
      .for('update')
      .prepare('pay_lock_contract');
    const lockAccountWithKey = db
      .select({
        id: cuentas.id,
        nombre: cuentas.nombre,
        activo: cuentas.activo,
        previousId: sql<
          number | null
        >`(SELECT ${pagos.id} FROM ${pagos} WHERE ${pagos.idempotencyKey} = ${ph('key')} LIMIT 1)`.as('previous_id'),
      })
      .from(cuentas)
      .where(eq(cuentas.id, ph('id')))
      .limit(1)
      .for('key share')
      .prepare('pay_lock_account');
    const cashDayClose = db
      .select({ id: cortesCaja.id })
      .from(cortesCaja)
      .where(
        and(eq(cortesCaja.idCuenta, ph('idCuenta')), eq(cortesCaja.fecha, ph('fecha')), isNull(cortesCaja.reabiertoEn)),
      )
      .limit(1)
      .prepare('pay_cash_day_close');
    const paymentColumns = Object.fromEntries(PAYMENT_VALUE_KEYS.map((k) => [k, ph(k)])) as unknown as PaymentValues;
    const pago = db.$with('pago').as(db.insert(pagos).values(paymentColumns).returning());
    const recibo = db.$with('recibo').as(
      db
        .insert(recibos)
        .values({
          guid: sql`(SELECT guid FROM pago)`,
          pagoId: sql`(SELECT id FROM pago)`,
          clienteId: sql`(SELECT contrato_id FROM pago)`,
          nombre: ph('receiptNombre'),
          direccion: ph('receiptDireccion'),
          colonia: ph('receiptColonia'),
          monto: sql`(SELECT monto FROM pago)`,
          montoContrato: ph('receiptMontoContrato'),
          reconexion: sql`(SELECT reconexion FROM pago)`,
          fechaPago: sql`(SELECT fecha_pago FROM pago)`,
          fechaInicio: sql`(SELECT fecha_inicio FROM pago)`,
          fechaFinalizacion: sql`(SELECT fecha_finalizacion FROM pago)`,
        })
        .returning({ reciboId: sql<number>`${recibos.id}`.as('recibo_id') }),
    );
    const insertPaymentWithReceipt = db
      .with(pago, recibo)
      .select()
      .from(pago)
      .crossJoin(recibo)
      .prepare('pay_insert_payment_receipt');
    return { lockContract, lockAccountWithKey, cashDayClose, insertPaymentWithReceipt };
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }

  /**
   * The contract, its row locked until the transaction ends: payments of one contract queue up here,
   * so each one reads the paid-until the previous one left.
   */
  async lockContract(id: number, tx: Db): Promise<PayableContract | undefined> {
    const [row] = await preparedOn(this.statements.lockContract, tx, this.db).execute({ id });
    return row && { ...row, idcliente: displayIdOf(row) };
  }

  async findByIdempotencyKey(key: string, tx: Db = this.db): Promise<StoredPayment | undefined> {
    const [row] = await tx
      .select({ pago: pagos, reciboId: recibos.id })
      .from(pagos)
      .innerJoin(recibos, eq(recibos.pagoId, pagos.id))
      .where(eq(pagos.idempotencyKey, key))
      .limit(1);
    return row && { ...row.pago, reciboId: row.reciboId };
  }

  /**
   * The payment place (active or not), held with a KEY SHARE lock: payments do not wait for each other, but a cash
   * close (which locks the account FOR UPDATE) waits for payments in flight, and a payment that comes after a close
   * waits for it and then sees it (in the next statement). In the same statement, the id of the payment already
   * made with this Idempotency-Key (null when none): one round trip. Run after `lockContract`: the statement's snapshot is taken once the contract's
   * lock is held, so it sees a payment of this contract with the same key that committed while this one waited.
   * Undefined when the account does not exist (the caller then looks the key up on its own).
   */
  async lockAccountWithKey(
    id: number,
    key: string,
    tx: Db,
  ): Promise<{ id: number; nombre: string; activo: boolean; previousId: number | null } | undefined> {
    const [row] = await preparedOn(this.statements.lockAccountWithKey, tx, this.db).execute({ id, key });
    return row;
  }

  /** A bank movement, locked so two payments cannot take it at once, with the payment already using it. */
  async lockMovement(id: number, tx: Db): Promise<MovementForPayment | undefined> {
    const [row] = await tx
      .select({
        id: movimientosBancarios.id,
        idCuenta: movimientosBancarios.idCuenta,
        referencia: movimientosBancarios.referencia,
        monto: movimientosBancarios.monto,
      })
      .from(movimientosBancarios)
      .where(eq(movimientosBancarios.id, id))
      .limit(1)
      .for('update');
    if (!row) return undefined;
    const [used] = await tx.select({ id: pagos.id }).from(pagos).where(eq(pagos.idMovimientoFinanciero, id)).limit(1);
    return { ...row, pagoId: used?.id ?? null };
  }

  /** Whether a bank movement with this reference (compared without case) is already used by a payment. */
  async referenceOfUsedMovement(referencia: string, tx: Db = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ one: sql<number>`1` })
      .from(movimientosBancarios)
      .innerJoin(pagos, eq(pagos.idMovimientoFinanciero, movimientosBancarios.id))
      .where(sql`lower(${movimientosBancarios.referencia}) = lower(${referencia})`)
      .limit(1);
    return row !== undefined;
  }

  /** Pending (unused) movements of an account whose reference equals this one without regard to case (at most 2). */
  async pendingMovementIdsByReference(idCuenta: number, referencia: string, tx: Db = this.db): Promise<number[]> {
    const rows = await tx
      .select({ id: movimientosBancarios.id })
      .from(movimientosBancarios)
      .where(
        and(
          eq(movimientosBancarios.idCuenta, idCuenta),
          sql`lower(${movimientosBancarios.referencia}) = lower(${referencia})`,
          sql`NOT EXISTS (SELECT 1 FROM ${pagos} WHERE ${pagos.idMovimientoFinanciero} = ${movimientosBancarios.id})`,
        ),
      )
      .limit(2);
    return rows.map((r) => r.id);
  }

  /** Whether the cash office's business day has a close that was not reopened. */
  async isCashDayClosed(idCuenta: number, fecha: string, tx: Db = this.db): Promise<boolean> {
    const [row] = await preparedOn(this.statements.cashDayClose, tx, this.db).execute({ idCuenta, fecha });
    return row !== undefined;
  }

  /**
   * The payment and its receipt in one statement (the receipt's INSERT reads the payment's id, guid and amounts
   * from the first one's RETURNING): one round trip. The receipt's serial id is the receipt number.
   */
  async insertPaymentWithReceipt(
    values: PaymentValues,
    receipt: Pick<ReceiptValues, 'nombre' | 'direccion' | 'colonia' | 'montoContrato'>,
    tx: Db,
  ): Promise<{ pago: PaymentRow; reciboId: number }> {
    const [row] = await preparedOn(this.statements.insertPaymentWithReceipt, tx, this.db).execute({
      ...values,
      receiptNombre: receipt.nombre,
      receiptDireccion: receipt.direccion,
      receiptColonia: receipt.colonia,
      receiptMontoContrato: receipt.montoContrato,
    });
    return { pago: row!.pago, reciboId: row!.recibo.reciboId };
  }

  /**
   * Moves paid-until to the new period end (unchanged for an abono that completes no month), stores the
   * credit balance, clears the cut when the payment reconnects (`reconnect`) and marks the router work pending when
   * the contract has a router (`routerPendingAt`, else null), bumps the version: the UPDATE of the payment's statement
   * prepared once (`prepareTogether`), its values from `advanceContractValues`.
   */
  advanceContractPreparedSql(): SQL {
    const ph = sql.placeholder;
    const pendingAt = sql`${ph('routerPendingAt')}::timestamptz`;
    return this.db
      .update(contratos)
      .set({
        // Placeholders in `sql` (drizzle's update types take no bare placeholder); sent as given.
        pagadoHasta: sql`${ph('pagadoHasta')}`,
        saldoAFavor: sql`${ph('saldoAFavor')}`,
        cortado: sql`CASE WHEN ${ph('reconnect')}::boolean THEN false ELSE ${contratos.cortado} END`,
        estadoRed: sql`CASE WHEN ${pendingAt} IS NULL THEN ${contratos.estadoRed} ELSE 'pendiente' END`,
        estadoRedMensaje: sql`CASE WHEN ${pendingAt} IS NULL THEN ${contratos.estadoRedMensaje} END`,
        estadoRedFecha: sql`coalesce(${pendingAt}, ${contratos.estadoRedFecha})`,
        version: sql`${contratos.version} + 1`,
        updatedAt: sql`${ph('updatedAt')}`,
      })
      .where(eq(contratos.id, ph('contratoId')))
      .getSQL();
  }

  advanceContractValues(v: {
    contratoId: number;
    pagadoHasta: string;
    saldoAFavor: number;
    reconnect: boolean;
    routerPendingAt: Date | null;
  }): Record<string, unknown> {
    return { ...v, updatedAt: new Date() };
  }

  /** Independent writes as one statement built once (db/batch.ts). */
  prepareTogether(name: string, writes: SQL[]): PgPreparedQuery<PreparedQueryConfig> {
    return prepareTogether(this.db, name, writes);
  }

  /** Runs a statement of `prepareTogether` on the transaction's connection. */
  async runTogether(statement: PgPreparedQuery<PreparedQueryConfig>, tx: Db, values: Record<string, unknown>) {
    await preparedOn(statement, tx, this.db).execute(values);
  }
}
