import { createHmac, randomUUID } from 'node:crypto';
import {
  checkSignature,
  decidePayment,
  formatMoney,
  isOurReference,
  LEVEL,
  MERCADOPAGO_ACCOUNT_ID,
  MERCADOPAGO_CURRENCY,
  ONLINE_PAYMENT_EXPIRES_MS,
  ONLINE_PAYMENT_LOOKUP_AFTER_MS,
  ONLINE_PAYMENT_PAYABLE_MS,
  onlinePaymentAmount,
  serviceType,
  type OnlinePayment,
  type OnlinePaymentListItem,
  type OnlinePaymentListQuery,
  type OnlinePaymentSettings,
  type OnlinePaymentSettingsInput,
  type Paged,
} from '@airlink/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { MercadoPagoClient, MercadoPagoError, type MercadoPagoPayment } from '../../integrations/mercadopago/client';
import { afterCommit } from '../../lib/after-commit';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import type { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.service';
import type { JobScheduler } from '../automation/automation.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PaymentsService } from '../payments/payments.service';
import type { ReceiptDeliveryService } from '../receipt-delivery/receipt-delivery.service';
import { contractForPayment, type IntentRow, type OnlinePaymentsRepository } from './online-payments.repository';
import { paysOnline } from './portal-address.service';

export const ONLINE_PAYMENTS_JOB = 'pagos-en-linea';
/** How often the job looks for pending intents (each one is looked up at most every 15 minutes). */
const JOB_EVERY_SECONDS = 300;
const RECHECK_MS = 15 * 60_000;

export const ONLINE_PAYMENTS_OFF_MESSAGE =
  'El pago en línea no está disponible por ahora. Paga en la oficina o por transferencia.';
export const MERCADOPAGO_DOWN_MESSAGE =
  'Mercado Pago no respondió. Tu pago no se inició; intenta de nuevo en unos minutos.';

export interface OnlinePaymentsOptions {
  config: Pick<AppConfig, 'publicUrl' | 'mercadoPago'>;
  secrets: SecretBox;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** What a notification did (the route answers 401 or 200; a failure to read the payment is a 502 so it is retried). */
export type NotificationOutcome = 'unsigned' | 'ignored' | 'not_ours' | 'handled';

export interface NotificationInput {
  query: Record<string, unknown>;
  body: unknown;
  signature: string | undefined;
  requestId: string | undefined;
}

/** The payment id of a notification: `data.id` of the query string, the one the signature covers. */
function dataIdOf(input: NotificationInput): string | undefined {
  const q = input.query['data.id'];
  return typeof q === 'string' && q ? q : undefined;
}

function typeOf(input: NotificationInput): string | undefined {
  const q = input.query.type ?? input.query.topic;
  if (typeof q === 'string') return q;
  const t = (input.body as { type?: unknown } | null)?.type;
  return typeof t === 'string' ? t : undefined;
}

const hmacHex = (key: string, message: string) => createHmac('sha256', key).update(message).digest('hex');

/**
 * Paying online through Mercado Pago Checkout Pro (docs/business-rules.md "Paying online"): intents and their
 * preference, the signed notifications, the lookup job, the staff list and the settings.
 */
export class OnlinePaymentsService {
  private readonly now: () => Date;

  constructor(
    private readonly repo: OnlinePaymentsRepository,
    private readonly db: Db,
    private readonly payments: Pick<PaymentsService, 'registerBySystem'>,
    private readonly receipts: Pick<ReceiptDeliveryService, 'sendBySystem'>,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
    private readonly opts: OnlinePaymentsOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  register(jobs: JobScheduler): void {
    jobs.define(ONLINE_PAYMENTS_JOB, () => this.lookUpPending(), { maxAttempts: 1, leaseSeconds: 120 });
    jobs.schedule(ONLINE_PAYMENTS_JOB, JOB_EVERY_SECONDS);
  }

  // --- Settings (Administración › Pagos en línea) ---

  async settings(): Promise<OnlinePaymentSettings> {
    const s = await this.repo.settings();
    return {
      activo: s?.activo ?? false,
      publicKey: s?.publicKey ?? '',
      accessTokenGuardado: !!s?.accessTokenEnc,
      webhookSecretGuardado: !!s?.webhookSecretEnc,
      accessTokenDelEntorno: !!this.opts.config.mercadoPago.accessToken,
      webhookSecretDelEntorno: !!this.opts.config.mercadoPago.webhookSecret,
      urlPortal: s?.urlPortal ?? '',
    };
  }

  async saveSettings(actor: AuthUser, input: OnlinePaymentSettingsInput): Promise<OnlinePaymentSettings> {
    const before = await this.settings();
    const stored = await this.repo.settings();
    await this.repo.saveSettings(
      {
        activo: input.activo,
        publicKey: input.publicKey,
        accessTokenEnc: input.accessToken
          ? this.opts.secrets.seal(input.accessToken)
          : (stored?.accessTokenEnc ?? null),
        webhookSecretEnc: input.webhookSecret
          ? this.opts.secrets.seal(input.webhookSecret)
          : (stored?.webhookSecretEnc ?? null),
        urlPortal: input.urlPortal.replace(/\/+$/, ''),
      },
      actor.id,
    );
    const after = await this.settings();
    // Secrets are never recorded: only whether one is set.
    await this.audit.record({
      actor,
      action: 'update',
      entity: 'online_payments',
      entityId: null,
      before,
      after,
    });
    return after;
  }

  /** Whether customers may pay online now: switched on, with an access token (environment or saved). */
  async enabled(): Promise<boolean> {
    return paysOnline(await this.repo.settings(), this.opts.config.mercadoPago.accessToken);
  }

  private async credentials(): Promise<{ activo: boolean; accessToken: string; webhookSecret: string }> {
    const s = await this.repo.settings();
    const open = (v: string | null | undefined) => (v ? this.opts.secrets.open(v) : '');
    return {
      activo: s?.activo ?? false,
      accessToken: this.opts.config.mercadoPago.accessToken || open(s?.accessTokenEnc),
      webhookSecret: this.opts.config.mercadoPago.webhookSecret || open(s?.webhookSecretEnc),
    };
  }

  private client(accessToken: string): MercadoPagoClient {
    const mp = this.opts.config.mercadoPago;
    return new MercadoPagoClient({ baseUrl: mp.apiUrl, accessToken, timeoutMs: mp.timeoutMs });
  }

  // --- The customer's intents ---

  /**
   * A new intent and its Checkout Pro preference. The amount is computed here (months x the monthly amount, the
   * reconnection fee when cut, IVA when invoiced); the intent is stored only once Mercado Pago made the preference.
   */
  async create(contratoId: number, meses: number): Promise<{ id: string; urlPago: string }> {
    const creds = await this.credentials();
    if (!creds.activo || !creds.accessToken) throw conflict('online_payments_off', ONLINE_PAYMENTS_OFF_MESSAGE);
    const contract = await contractForPayment(this.db, contratoId);
    if (!contract || !contract.activo) throw notFound('El contrato no existe o está cancelado.');
    if (contract.monto <= 0)
      throw conflict('online_payments_off', 'Tu contrato no tiene mensualidad: acude a la oficina para pagar.');
    const monto = onlinePaymentAmount({
      monthly: contract.monto,
      months: meses,
      cortado: contract.cortado,
      facturar: contract.facturar,
    });
    const id = randomUUID();
    const now = this.now();
    const publicUrl = this.opts.config.publicUrl;
    const back = `${publicUrl}/portal?pago=${id}`;
    const plan = serviceType(contract.tipo)?.name ?? 'Internet';
    let pref;
    try {
      pref = await this.client(creds.accessToken).createPreference({
        items: [
          {
            id: `contrato-${contract.no}`,
            title: `AirLink ${plan}: ${meses} ${meses === 1 ? 'mes' : 'meses'}${contract.cortado ? ' + reconexión' : ''}`,
            quantity: 1,
            unit_price: monto,
            currency_id: MERCADOPAGO_CURRENCY,
          },
        ],
        external_reference: id,
        notification_url: `${publicUrl}/api/pagos-en-linea/mercadopago?source_news=webhooks`,
        back_urls: { success: back, pending: back, failure: back },
        // Mercado Pago refuses auto_return toward an address that is not https (docs/protocols/mercadopago.md).
        ...(publicUrl.startsWith('https://') ? { auto_return: 'approved' as const } : {}),
        payment_methods: { installments: 1 },
        expires: true,
        expiration_date_to: new Date(now.getTime() + ONLINE_PAYMENT_PAYABLE_MS).toISOString(),
        date_of_expiration: new Date(now.getTime() + ONLINE_PAYMENT_PAYABLE_MS).toISOString(),
        statement_descriptor: 'AIRLINK',
        metadata: { contrato: contract.no, meses },
      });
    } catch (err) {
      this.opts.log.warn({ err, contratoId }, 'Mercado Pago preference failed');
      throw new AppError(502, 'mercadopago_unavailable', MERCADOPAGO_DOWN_MESSAGE);
    }
    await this.repo.insertIntent({
      id,
      contratoId,
      meses,
      monto,
      reconexion: contract.cortado,
      facturar: contract.facturar,
      preferenceId: pref.id,
      urlPago: pref.init_point,
      createdAt: now,
    });
    return { id, urlPago: pref.init_point };
  }

  /** One of the customer's intents (another customer's is a 404: its existence is not told). */
  async get(contratoId: number, id: string): Promise<OnlinePayment> {
    const row = await this.repo.find(id);
    if (!row || row.contratoId !== contratoId) throw notFound('Ese pago en línea no existe.');
    return toPublic(row);
  }

  list(query: OnlinePaymentListQuery): Promise<Paged<OnlinePaymentListItem>> {
    return this.repo.list(query);
  }

  // --- Notifications and the lookup job ---

  /**
   * A Mercado Pago notification: the signature first (forged, missing or stale: nothing is read), then the payment
   * as Mercado Pago answers it (never the body), applied to its intent. Not ours: nothing is stored.
   */
  /** Whether a notification's `x-signature` is valid and fresh (checked before its body is read). */
  async signatureOk(query: Record<string, unknown>, signature: string | undefined, requestId: string | undefined) {
    const { webhookSecret } = await this.credentials();
    const check = checkSignature({
      header: signature,
      requestId,
      dataId: dataIdOf({ query, body: null, signature, requestId }),
      secret: webhookSecret,
      now: this.now(),
      hmacHex,
    });
    if (check !== 'ok') this.opts.log.warn({ check, requestId }, 'Mercado Pago notification refused');
    return check === 'ok';
  }

  async notification(input: NotificationInput): Promise<NotificationOutcome> {
    const creds = await this.credentials();
    if (!(await this.signatureOk(input.query, input.signature, input.requestId))) return 'unsigned';
    const dataId = dataIdOf(input);
    const type = typeOf(input);
    if ((type !== undefined && type !== 'payment') || !dataId || !/^\d{1,20}$/.test(dataId)) return 'ignored';
    if (!creds.accessToken) return 'ignored';
    let payment: MercadoPagoPayment;
    try {
      payment = await this.client(creds.accessToken).getPayment(dataId);
    } catch (err) {
      if (err instanceof MercadoPagoError && err.code === 'mercadopago_not_found') return 'not_ours';
      this.opts.log.warn({ err, dataId }, 'Mercado Pago payment could not be read');
      throw new AppError(502, 'mercadopago_unavailable', 'No se pudo leer el pago en Mercado Pago; reintenta.');
    }
    if (!isOurReference(payment.external_reference)) return 'not_ours';
    const intent = await this.repo.find(payment.external_reference);
    if (!intent) return 'not_ours';
    await this.apply(intent, payment);
    return 'handled';
  }

  /**
   * The job: intents still pending 30 minutes after creation are looked up by reference (a lost notification never
   * loses a payment); one with nothing approved or pending once its ticket could no longer be paid is expired.
   */
  async lookUpPending(): Promise<string> {
    const creds = await this.credentials();
    if (!creds.accessToken) return 'Sin access token de Mercado Pago';
    const now = this.now();
    const intents = await this.repo.pendingToCheck(
      new Date(now.getTime() - ONLINE_PAYMENT_LOOKUP_AFTER_MS),
      new Date(now.getTime() - RECHECK_MS),
      100,
    );
    let settled = 0;
    let expired = 0;
    for (const intent of intents) {
      let found: MercadoPagoPayment[];
      try {
        found = await this.client(creds.accessToken).searchByReference(intent.id);
      } catch (err) {
        this.opts.log.warn({ err, intent: intent.id }, 'Mercado Pago search failed');
        continue;
      }
      // Approved first: one approved payment settles the intent whatever else was tried.
      const order = (p: MercadoPagoPayment) => (p.status === 'approved' ? 0 : p.status === 'pending' ? 1 : 2);
      for (const p of [...found].sort((a, b) => order(a) - order(b))) {
        const current = await this.repo.find(intent.id);
        if (current) await this.apply(current, p);
      }
      const after = await this.repo.find(intent.id);
      if (after?.estado !== 'pendiente') settled++;
      else if (
        now.getTime() - intent.createdAt.getTime() > ONLINE_PAYMENT_EXPIRES_MS &&
        !found.some((p) => ['pending', 'in_process', 'authorized'].includes(p.status))
      ) {
        await this.repo.update(intent.id, { estado: 'expirado', checkedAt: now }, now);
        expired++;
        continue;
      }
      await this.repo.update(intent.id, { checkedAt: now }, now);
    }
    return `${intents.length} pendientes revisados, ${settled} resueltos, ${expired} expirados`;
  }

  /** What one payment read from Mercado Pago does to its intent (domain `decidePayment`). */
  private async apply(intent: IntentRow, payment: MercadoPagoPayment): Promise<void> {
    const now = this.now();
    const decision = decidePayment(intent, payment);
    const mpStatus = payment.status;
    switch (decision.kind) {
      case 'register':
      case 'register_extra':
        return this.registerPayment(intent, payment, decision.kind === 'register_extra');
      case 'already_registered':
      case 'ignore':
        return;
      case 'pending':
        return this.repo.update(intent.id, { estado: 'pendiente', mpStatus }, now);
      case 'rejected':
        return this.repo.update(intent.id, { estado: 'rechazado', mpStatus }, now);
      case 'expired':
        return this.repo.update(intent.id, { estado: 'expirado', mpStatus }, now);
      case 'refund': {
        if (intent.marcado && intent.estado === 'reembolsado') return;
        const motivo = decision.chargeback
          ? `Contracargo en Mercado Pago del pago ${payment.id}`
          : `Reembolso en Mercado Pago del pago ${payment.id}`;
        await this.repo.update(intent.id, { estado: 'reembolsado', mpStatus, marcado: true, motivoMarca: motivo }, now);
        await this.alert(intent, `${motivo}: el pago registrado sigue en Caja y Bancos; revísalo.`);
        return;
      }
      case 'mismatch': {
        if (intent.marcado) return;
        const motivo = `Pago ${payment.id} de Mercado Pago no coincide (${decision.reason}); no se registró`;
        await this.repo.update(intent.id, { marcado: true, motivoMarca: motivo, mpStatus }, now);
        await this.alert(intent, motivo);
      }
    }
  }

  /** Registers an approved payment through the cashier's transaction (idempotent per Mercado Pago payment id). */
  private async registerPayment(intent: IntentRow, payment: MercadoPagoPayment, extra: boolean): Promise<void> {
    const now = this.now();
    const mpId = String(payment.id);
    let registered;
    try {
      registered = await this.payments.registerBySystem(
        {
          idCliente: intent.contratoId,
          monto: intent.monto,
          idCuenta: MERCADOPAGO_ACCOUNT_ID,
          referencia: `MP ${mpId}`,
          nota: `Pago en línea con Mercado Pago (${intent.meses} ${intent.meses === 1 ? 'mes' : 'meses'}).`,
          reconexion: intent.reconexion,
          facturar: intent.facturar,
          abono: false,
          idMovimientoFinanciero: null,
          confirmarDiferencia: false,
        },
        `mercadopago-${mpId}`,
      );
    } catch (err) {
      const motivo = `El pago ${mpId} de Mercado Pago está aprobado pero no se pudo registrar: ${err instanceof Error ? err.message : String(err)}`;
      this.opts.log.error({ err, intent: intent.id }, 'online payment not registered');
      await this.repo.update(intent.id, { marcado: true, motivoMarca: motivo, mpStatus: payment.status }, now);
      await this.alert(intent, motivo);
      return;
    }
    if (!extra)
      await this.repo.update(
        intent.id,
        { estado: 'aprobado', mpPaymentId: mpId, mpStatus: payment.status, pagoId: registered.result.id },
        now,
      );
    if (!registered.created) return;
    if (extra) await this.alert(intent, `Segundo pago aprobado (${mpId}) para el mismo intento: se registró también.`);
    // The receipt goes to the customer by WhatsApp; a failure never undoes the payment.
    await afterCommit(this.opts.log, 'online payment receipt not sent by WhatsApp', () =>
      this.receipts.sendBySystem(String(registered.result.reciboId)),
    );
  }

  private async alert(intent: IntentRow, message: string): Promise<void> {
    const contract = await contractForPayment(this.db, intent.contratoId);
    await afterCommit(this.opts.log, 'online payment notification failed', () =>
      this.notifications.notify(
        { minLevel: LEVEL.admin },
        {
          user: 'Pago en línea',
          message: `${contract?.nombre ?? `Contrato ${intent.contratoId}`}: ${message} (${formatMoney(intent.monto)})`,
          customerId: intent.contratoId,
          customerName: contract?.nombre ?? '',
          url: `/dashboard/profile?id=${intent.contratoId}`,
        },
        null,
      ),
    );
  }
}

export function toPublic(row: IntentRow): OnlinePayment {
  return {
    id: row.id,
    estado: row.estado,
    meses: row.meses,
    monto: row.monto,
    urlPago: row.urlPago,
    idPago: row.pagoId,
    idRecibo: row.idRecibo,
  };
}
