import {
  CASH_DAY_CLOSED_MESSAGE,
  LEVEL,
  PAYMENT_REGISTERED_EVENT,
  businessDate,
  formatDate,
  formatMoney,
  depositAmountDiffers,
  depositMismatchMessage,
  isCashOffice,
  mayUsePaymentPlace,
  paymentPlaceForbiddenMessage,
  normalizeReference,
  paymentCoverage,
  paymentPeriod,
  serviceBase,
  toCentavos,
  type PaymentInput,
  type PaymentRegistered,
  type PaymentResult,
} from '@airlink/domain';
import type { Db } from '../../db/client';
import { afterCommit, type AfterCommitLog } from '../../lib/after-commit';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { Hub } from '../../plugins/realtime/hub';
import type { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.service';
import type { LogsService } from '../logs/logs.service';
import type { RouterControlService } from '../network/router-control.service';
import type { NotificationsService } from '../notifications/notifications.service';
import {
  IDEMPOTENCY_UNIQUE,
  MOVEMENT_UNIQUE,
  uniqueViolation,
  type PayableContract,
  type PaymentRow,
  type PaymentsRepository,
  type StoredPayment,
} from './payments.repository';

export interface PaymentsServiceOptions {
  businessTz: string;
  /** The clock (tests fix "today"); also the payment's fechaPago. */
  now?: () => Date;
  /** Where failures after the commit (push, notification) are reported; they never fail the request. */
  log?: AfterCommitLog;
}

/** What registering answered: the payment, and whether it was created now (false for a repeated key). */
export interface Registered {
  result: PaymentResult;
  created: boolean;
}

const NO_CONTRACT = 'El contrato no existe. Revisa el número de cliente.';
const CANCELLED = 'El contrato está cancelado; no se le pueden registrar pagos.';
const MOVEMENT_USED = 'Esa referencia bancaria ya se usó en otro pago.';
const IDEMPOTENCY_MISMATCH =
  'Esta solicitud repite la clave (Idempotency-Key) de otro pago con datos distintos. Recarga la página y registra el pago de nuevo.';

/** ISO dates of periods print as 15/10/2026 (no time zone shift: they are calendar dates). */
const day = (iso: string) => formatDate(iso);

function toResult(p: PaymentRow, reciboId: number, repetido: boolean): PaymentResult {
  return {
    id: p.id,
    guid: p.guid,
    reciboId,
    idCliente: p.contratoId,
    fechaPago: p.fechaPago.toISOString(),
    fechaInicio: p.fechaInicio,
    fechaFinalizacion: p.fechaFinalizacion,
    monto: p.monto,
    montoBase: p.montoBase,
    mesesCubiertos: p.mesesCubiertos,
    idCuenta: p.idCuenta,
    referencia: p.referencia,
    nota: p.nota,
    reconexion: p.reconexion,
    facturar: p.facturar,
    abono: p.abono,
    saldoAFavor: p.saldoAFavor,
    idMovimientoFinanciero: p.idMovimientoFinanciero,
    repetido,
  };
}

/** Who registers: a signed-in user (or API key), or the system (an online payment: no user). */
type PaymentActor = Pick<AuthUser, 'level'> & { id: number | null };
/** Online payments (Mercado Pago) are registered by the system, at the bank account's level (any level may). */
const SYSTEM_ACTOR: PaymentActor = { id: null, level: LEVEL.admin };

type Outcome =
  | { kind: 'repeat'; result: PaymentResult }
  | { kind: 'created'; result: PaymentResult; contract: PayableContract; cuenta: string };

/** The placeholder names of the log entries and the audit entry in a payment's settling statement. */
const SETTLE_LOG = { contratoId: 'logContratoId', userId: 'logUserId', texts: 'logTexts' } as const;
const SETTLE_AUDIT = 'audit_';

/**
 * Registering payments (docs/business-rules.md "Payments"): one transaction under the contract's row lock, so
 * payments of one contract get contiguous periods that never overlap; idempotent by Idempotency-Key.
 */
export class PaymentsService {
  private readonly now: () => Date;

  constructor(
    private readonly repo: PaymentsRepository,
    private readonly logs: LogsService,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    private readonly hub: Hub,
    private readonly routerControl: Pick<RouterControlService, 'enforce'>,
    private readonly opts: PaymentsServiceOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  private readonly listeners: ((payment: { id: number; facturar: boolean }) => Promise<void>)[] = [];

  private settle?: ReturnType<PaymentsRepository['prepareTogether']>;
  /** The contract's update, its log entries and the audit entry of a payment: one statement, built on first use. */
  private get settleStatement() {
    return (this.settle ??= this.repo.prepareTogether('pay_settle', [
      this.repo.advanceContractPreparedSql(),
      this.logs.insertPreparedSql(SETTLE_LOG),
      this.audit.recordPreparedSql(SETTLE_AUDIT),
    ]));
  }

  /**
   * Runs `listener` after each payment commits (invoicing queues the payment's invoice). A listener's failure is
   * logged and never reaches the payment.
   */
  onRegistered(listener: (payment: { id: number; facturar: boolean }) => Promise<void>): void {
    this.listeners.push(listener);
  }

  /** `idempotencyKey` is required (the route answers 400 without it). */
  async register(actor: AuthUser, input: PaymentInput, idempotencyKey: string): Promise<Registered> {
    return this.registerAs(actor, input, idempotencyKey);
  }

  /**
   * An online payment (issue 24) through the same transaction as the cashier's, registered by the system. The key
   * (the Mercado Pago payment id) makes it idempotent: a repeated notification answers the first payment.
   */
  registerBySystem(input: PaymentInput, idempotencyKey: string): Promise<Registered> {
    return this.registerAs(SYSTEM_ACTOR, input, idempotencyKey);
  }

  private async registerAs(actor: PaymentActor, input: PaymentInput, idempotencyKey: string): Promise<Registered> {
    // Adjustment accounts and Mercado Pago are level 20 only: refused before anything is read or written.
    if (!mayUsePaymentPlace(actor.level, input.idCuenta)) throw forbidden(paymentPlaceForbiddenMessage(input.idCuenta));
    let outcome: Outcome;
    try {
      outcome = await this.repo.transaction((tx) => this.registerIn(tx, actor, input, idempotencyKey));
    } catch (err) {
      const constraint = uniqueViolation(err);
      // A concurrent request with the same key committed first: answer with its payment.
      if (constraint === IDEMPOTENCY_UNIQUE) {
        const winner = await this.repo.findByIdempotencyKey(idempotencyKey);
        if (winner) return { result: this.repeatOf(winner, input), created: false };
      }
      if (constraint === MOVEMENT_UNIQUE) throw conflict('movement_used', MOVEMENT_USED);
      throw err;
    }
    if (outcome.kind === 'repeat') return { result: outcome.result, created: false };
    // The router reconnects in the background: the cashier never waits for it (docs/business-rules.md "Payments").
    if (outcome.result.reconexion && outcome.contract.cortado && outcome.contract.routerId !== null)
      await this.routerControl.enforce(outcome.contract.id, 0);
    await this.announce(actor, outcome.result, outcome.contract, outcome.cuenta);
    return { result: outcome.result, created: true };
  }

  private async registerIn(tx: Db, actor: PaymentActor, input: PaymentInput, key: string): Promise<Outcome> {
    const contract = await this.repo.lockContract(input.idCliente, tx);
    if (!contract) throw notFound(NO_CONTRACT);
    // One statement under the contract's lock: the payment place, held before the closed-day check so that a close
    // in progress for this office finishes first (see lockAccountWithKey), and whether this Idempotency-Key already made a
    // payment (a concurrent request with the same key for this contract has committed by now).
    const account = await this.repo.lockAccountWithKey(input.idCuenta, key, tx);
    if (!account || account.previousId !== null) {
      const previous = await this.repo.findByIdempotencyKey(key, tx);
      if (previous) return { kind: 'repeat', result: this.repeatOf(previous, input) };
    }
    if (!contract.activo) throw conflict('contract_cancelled', CANCELLED);
    if (!account) throw badRequest('Lugar de pago desconocido.', { idCuenta: ['Lugar de pago desconocido'] });
    if (!account.activo) {
      throw badRequest(`El lugar de pago ${account.nombre} está desactivado.`, {
        idCuenta: ['Lugar de pago desactivado'],
      });
    }

    const now = this.now();
    const today = businessDate(now, this.opts.businessTz);
    if (isCashOffice(input.idCuenta) && (await this.repo.isCashDayClosed(input.idCuenta, today, tx))) {
      throw conflict('cash_day_closed', CASH_DAY_CLOSED_MESSAGE);
    }

    // Whole months of the base plus the credit balance read under the row lock (docs/business-rules.md "Payments"):
    // concurrent abonos of one contract queue up on the lock, so each one adds to the credit the last left.
    const montoBase = serviceBase(input.monto, contract.monto, input.reconexion, input.facturar);
    const coverage = paymentCoverage({
      base: montoBase,
      monthly: contract.monto,
      credit: contract.saldoAFavor,
      abono: input.abono,
      reconexion: input.reconexion,
    });
    if (!coverage.ok) throw new AppError(400, coverage.code, coverage.message, { monto: [coverage.message] });

    let referencia = input.referencia;
    let idMovimiento = input.idMovimientoFinanciero;
    if (idMovimiento === null && referencia) {
      if (await this.repo.referenceOfUsedMovement(normalizeReference(referencia), tx))
        throw conflict('movement_used', MOVEMENT_USED);
      // A typed reference of a pending deposit on this account is that deposit: link it, so the same
      // money can never be counted by a second payment later.
      const pending = await this.repo.pendingMovementIdsByReference(input.idCuenta, normalizeReference(referencia), tx);
      if (pending.length > 1) {
        throw badRequest('Hay varios depósitos pendientes con esa referencia: elige el correcto de la lista.', {
          referencia: ['Elige el depósito de la lista'],
        });
      }
      if (pending.length === 1) idMovimiento = pending[0]!;
    }
    if (idMovimiento !== null) {
      const movement = await this.repo.lockMovement(idMovimiento, tx);
      if (!movement) {
        throw badRequest('El movimiento bancario elegido no existe. Recarga la lista de referencias.', {
          idMovimientoFinanciero: ['Movimiento bancario desconocido'],
        });
      }
      if (movement.pagoId !== null) throw conflict('movement_used', MOVEMENT_USED);
      if (movement.idCuenta !== input.idCuenta) {
        throw badRequest('La referencia elegida pertenece a otra cuenta: registra el pago en la cuenta del depósito.', {
          idCuenta: ['No coincide con la cuenta del movimiento bancario'],
        });
      }
      if (depositAmountDiffers(movement.monto, input.monto) && !input.confirmarDiferencia) {
        throw conflict(
          'deposit_amount_mismatch',
          depositMismatchMessage(movement.referencia, movement.monto, input.monto),
        );
      }
      referencia = movement.referencia;
    }

    const meses = coverage.months;
    const period = paymentPeriod({
      paidUntil: contract.pagadoHasta,
      paymentDate: today,
      months: meses,
      reconexion: input.reconexion,
    });

    const { pago, reciboId } = await this.repo.insertPaymentWithReceipt(
      {
        contratoId: contract.id,
        fechaPago: now,
        fechaInicio: period.fechaInicio,
        fechaFinalizacion: period.fechaFinalizacion,
        monto: input.monto,
        montoBase,
        mesesCubiertos: meses,
        idCuenta: input.idCuenta,
        referencia,
        nota: input.nota,
        reconexion: input.reconexion,
        facturar: input.facturar,
        abono: coverage.abono,
        saldoAFavor: coverage.saldoAFavor,
        idMovimientoFinanciero: idMovimiento,
        idempotencyKey: key,
        userId: actor.id,
      },
      {
        nombre: contract.nombre,
        direccion: [contract.calle, contract.numero].filter(Boolean).join(' '),
        colonia: contract.colonia,
        montoContrato: contract.monto,
      },
      tx,
    );
    const reconnects = input.reconexion && contract.cortado;
    const result = toResult(pago, reciboId, false);
    // The contract's new state, the log entries and the audit entry touch different rows: one statement, built once.
    await this.repo.runTogether(this.settleStatement, tx, {
      ...this.repo.advanceContractValues({
        contratoId: contract.id,
        // Zero months: the empty period ends on paid-until, which therefore stays.
        pagadoHasta: period.fechaFinalizacion,
        saldoAFavor: coverage.saldoAFavor,
        reconnect: reconnects,
        routerPendingAt: reconnects && contract.routerId !== null ? this.now() : null,
      }),
      [SETTLE_LOG.contratoId]: contract.id,
      [SETTLE_LOG.userId]: actor.id,
      [SETTLE_LOG.texts]: [
        this.logText(result, account.nombre, contract.saldoAFavor),
        ...(reconnects ? ['Servicio reconectado por pago de reconexión.'] : []),
      ],
      ...this.audit.preparedValues(SETTLE_AUDIT, {
        actor,
        action: 'register',
        entity: 'payment',
        entityId: pago.id,
        before: { pagadoHasta: contract.pagadoHasta, cortado: contract.cortado, saldoAFavor: contract.saldoAFavor },
        after: {
          ...result,
          pagadoHasta: period.fechaFinalizacion,
          cortado: reconnects ? false : contract.cortado,
          saldoAFavor: coverage.saldoAFavor,
        },
      }),
    });
    return { kind: 'created', result, contract, cuenta: account.nombre };
  }

  /** The first payment of a repeated key, unless the key came back with another payment's data. */
  private repeatOf(previous: StoredPayment, input: PaymentInput): PaymentResult {
    const same =
      previous.contratoId === input.idCliente &&
      toCentavos(previous.monto) === toCentavos(input.monto) &&
      previous.idCuenta === input.idCuenta &&
      previous.reconexion === input.reconexion &&
      previous.facturar === input.facturar &&
      // Without a chosen movement the first payment may have linked one by its typed reference.
      (input.idMovimientoFinanciero === null || previous.idMovimientoFinanciero === input.idMovimientoFinanciero);
    if (!same) throw conflict('idempotency_mismatch', IDEMPOTENCY_MISMATCH);
    return toResult(previous, previous.reciboId, true);
  }

  private logText(p: PaymentResult, cuenta: string, creditBefore: number): string {
    const months = p.mesesCubiertos > 1 ? ` (${p.mesesCubiertos} meses)` : '';
    const extras = [p.reconexion ? 'con reconexión' : '', p.facturar ? 'con factura' : ''].filter(Boolean);
    const abono = p.abono ? ', abono (pago parcial)' : '';
    const period =
      p.mesesCubiertos > 0
        ? `periodo ${day(p.fechaInicio)} al ${day(p.fechaFinalizacion)}${months}`
        : 'sin periodo (no completa una mensualidad)';
    const credit =
      p.abono || toCentavos(p.saldoAFavor) !== toCentavos(creditBefore)
        ? `, saldo a favor ${formatMoney(p.saldoAFavor)}`
        : '';
    let text =
      `Pago registrado: ${formatMoney(p.monto)} (${cuenta})${abono}${extras.length ? `, ${extras.join(' y ')}` : ''}, ` +
      `${period}${credit}, recibo ${p.reciboId}.`;
    if (p.referencia) text += ` Referencia: ${p.referencia}.`;
    if (p.nota) text += ` Nota: ${p.nota}`;
    return text;
  }

  /** After the commit: the push event to every connection and the notice to level 20. Never fails the request. */
  private async announce(
    actor: PaymentActor,
    p: PaymentResult,
    contract: PayableContract,
    cuenta: string,
  ): Promise<void> {
    const event: PaymentRegistered = {
      id: p.id,
      guid: p.guid,
      idCliente: p.idCliente,
      nombreCliente: contract.nombre,
      monto: p.monto,
      idCuenta: p.idCuenta,
      fechaPago: p.fechaPago,
    };
    // io.emit: every socket is authenticated at the handshake, and the Redis adapter reaches every instance.
    await afterCommit(this.opts.log, 'PaymentRegistered push failed', () =>
      this.hub.emitToAll(PAYMENT_REGISTERED_EVENT, event),
    );
    for (const listener of this.listeners)
      await afterCommit(this.opts.log, 'payment listener failed', () => listener({ id: p.id, facturar: p.facturar }));
    await afterCommit(this.opts.log, 'payment notification failed', () =>
      this.notifications.notify(
        { minLevel: LEVEL.admin },
        {
          user: 'Pago registrado',
          message: `${contract.nombre}: ${formatMoney(p.monto)} en ${cuenta}`,
          customerId: contract.id,
          customerName: contract.nombre,
          url: `/dashboard/profile?id=${contract.id}`,
        },
        actor.id,
      ),
    );
  }
}
