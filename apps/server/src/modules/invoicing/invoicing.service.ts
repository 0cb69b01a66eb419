import {
  businessDate,
  DEFAULT_UNIDAD_NOMBRE,
  describeChanges,
  formatDate,
  GLOBAL_CLAVE_PRODUCTO,
  GLOBAL_CLAVE_UNIDAD,
  globalInformation,
  globalInvoiceDay,
  INVOICE_STATE_TEXT,
  IVA_RATE,
  lineFor,
  MOTIVOS_CANCELACION,
  paymentFormOfAccount,
  paymentInvoiceLines,
  periodRange,
  predominantPaymentForm,
  previousPeriod,
  PUBLICO_EN_GENERAL,
  serviceType,
  toCentavos,
  toPesos,
  type BusinessCalendar,
  type FiscalData,
  type Invoice,
  type InvoicingSettingsInput,
  type InvoiceLine,
  type InvoiceState,
  type MotivoCancelacion,
  type ReceiptSendInput,
  type WhatsAppMessage,
} from '@airlink/domain';
import type { FastifyBaseLogger } from 'fastify';
import { FacturapiClient, FacturapiError } from '../../integrations/facturapi/client';
import type { FacturapiInvoice, FacturapiInvoiceInput, FacturapiItem } from '../../integrations/facturapi/types';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import type { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.service';
import type { JobScheduler } from '../automation/automation.service';
import type { ReceiptDeliveryService } from '../receipt-delivery/receipt-delivery.service';
import type { InvoiceRow, InvoicingRepository, PaymentToInvoice, SettingsRow } from './invoicing.repository';

export const ISSUE_JOB = 'facturas.emitir';
export const SWEEP_JOB = 'facturas.revisar';
export const GLOBAL_JOB = 'facturas.global';

/** Lines of one global CFDI at most (the PAC's limit); a bigger month is split in several. */
const GLOBAL_MAX_LINES = 5000;
const PENDING_CANCELLATION_TEXT =
  'El cliente debe aceptar la cancelación en su buzón tributario del SAT (3 días hábiles; sin respuesta se acepta)';

export interface InvoicingOptions {
  facturapi: { url: string; key?: string; timeoutMs: number };
  businessTz: string;
  log: FastifyBaseLogger;
  calendar: () => Promise<BusinessCalendar>;
  now?: () => Date;
  /** The WhatsApp send path of receipts, which also sends an invoice's PDF and XML. */
  delivery?: Pick<ReceiptDeliveryService, 'sendDocuments'>;
}

/** The outcome of one attempt at the PAC: the row as it is now and whether a later retry may finish it. */
interface Attempt {
  row: InvoiceRow;
  retry: boolean;
}

const FISCAL_FIELDS = {
  rfc: 'RFC',
  razonSocial: 'Razón social',
  regimenFiscal: 'Régimen fiscal',
  codigoPostal: 'Código postal fiscal',
  usoCfdi: 'Uso del CFDI',
  email: 'Correo',
} as const;

/**
 * CFDI invoices through the PAC (docs/invoicing.md): the fiscal data of contracts, one invoice per payment of an
 * invoiced contract issued by a job after the payment commits (never blocking or undoing it), the month's global
 * invoice, cancellations followed until final, and Administración › Facturación. Idempotent per payment: the
 * row is claimed first (a partial unique index), its id is the PAC's `external_id`, and a retry looks the
 * invoice up there before asking for a new one.
 */
export class InvoicingService {
  private readonly now: () => Date;

  constructor(
    private readonly repo: InvoicingRepository,
    private readonly secrets: SecretBox,
    private readonly audit: AuditService,
    private readonly jobs: JobScheduler,
    private readonly opts: InvoicingOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
    jobs.define(ISSUE_JOB, (payload) => this.runIssueJob(payload), { maxAttempts: 10 });
    jobs.define(SWEEP_JOB, () => this.runSweep(), { maxAttempts: 1 });
    jobs.schedule(SWEEP_JOB, 900);
    jobs.define(GLOBAL_JOB, () => this.runGlobalJob(), { maxAttempts: 1, leaseSeconds: 300 });
    jobs.schedule(GLOBAL_JOB, 3600);
  }

  // Fiscal data ---------------------------------------------------------------------------------------------

  async fiscalData(contratoId: number): Promise<FiscalData | null> {
    if (!(await this.repo.contractExists(contratoId))) throw notFound('El contrato no existe.');
    const row = await this.repo.fiscalData(contratoId);
    return row ? toFiscalData(row) : null;
  }

  async saveFiscalData(actor: AuthUser, contratoId: number, data: FiscalData): Promise<FiscalData> {
    const before = await this.fiscalData(contratoId);
    const saved = toFiscalData(await this.repo.saveFiscalData({ contratoId, ...data, updatedBy: actor.id }));
    await this.audit.record({
      actor,
      action: before ? 'update' : 'create',
      entity: 'fiscal_data',
      entityId: contratoId,
      before,
      after: saved,
      changes: describeChanges(before, saved, FISCAL_FIELDS),
    });
    return saved;
  }

  // Settings ------------------------------------------------------------------------------------------------

  async settings() {
    return this.settingsView(await this.repo.settings());
  }

  async saveSettings(actor: AuthUser, input: InvoicingSettingsInput) {
    const before = await this.repo.settings();
    const keyAfter = input.llave === undefined ? before.pacKeyEnc : input.llave ? this.secrets.seal(input.llave) : null;
    if (input.activa && !keyAfter && !this.opts.facturapi.key)
      throw badRequest('Escribe la llave del PAC antes de activar la facturación.', {
        llave: ['Escribe la llave secreta de Facturapi (sk_test_… o sk_live_…)'],
      });
    if (input.activa && !input.codigoPostal)
      throw badRequest('Escribe el código postal fiscal de la empresa: la factura global lo lleva.', {
        codigoPostal: ['Escribe el código postal de la constancia de la empresa'],
      });
    const saved = await this.repo.saveSettings({
      activa: input.activa,
      automatica: input.automatica,
      serie: input.serie,
      serieGlobal: input.serieGlobal,
      claveProducto: input.claveProducto,
      claveUnidad: input.claveUnidad,
      codigoPostal: input.codigoPostal,
      pacKeyEnc: keyAfter,
      activaDesde: input.activa && !before.activa ? this.now() : before.activaDesde,
      updatedBy: actor.id,
    });
    const view = this.settingsView(saved);
    const changes = describeChanges(this.settingsView(before), view, {
      activa: 'Facturación activa',
      automatica: 'Facturar al registrar el pago',
      serie: 'Serie',
      serieGlobal: 'Serie de la factura global',
      claveProducto: 'Clave de producto',
      claveUnidad: 'Clave de unidad',
      codigoPostal: 'Código postal fiscal',
    });
    if (input.llave !== undefined) changes.push(input.llave ? 'llave del PAC cambiada' : 'llave del PAC quitada');
    await this.audit.record({ actor, action: 'update', entity: 'invoicing_settings', changes });
    return view;
  }

  private settingsView(s: SettingsRow) {
    return {
      activa: s.activa,
      automatica: s.automatica,
      serie: s.serie,
      serieGlobal: s.serieGlobal,
      claveProducto: s.claveProducto,
      claveUnidad: s.claveUnidad,
      codigoPostal: s.codigoPostal,
      llaveConfigurada: Boolean(this.opts.facturapi.key || s.pacKeyEnc),
      llaveDeEntorno: Boolean(this.opts.facturapi.key),
    };
  }

  /** The PAC client with the environment's key, else the stored one; null while invoicing is off. */
  private async client(s: SettingsRow): Promise<FacturapiClient | null> {
    const key = this.opts.facturapi.key ?? (s.pacKeyEnc ? this.secrets.open(s.pacKeyEnc) : undefined);
    if (!s.activa || !key) return null;
    return new FacturapiClient({
      baseUrl: this.opts.facturapi.url,
      apiKey: key,
      timeoutMs: this.opts.facturapi.timeoutMs,
    });
  }

  private async requireClient(s: SettingsRow): Promise<FacturapiClient> {
    const client = await this.client(s);
    if (!client)
      throw conflict('invoicing_off', 'La facturación está apagada: actívala en Administración › Facturación.');
    return client;
  }

  // Payments --------------------------------------------------------------------------------------------------

  /** After a payment commits: its invoice is queued when the contract invoices and invoicing is automatic. */
  async afterPayment(pagoId: number, facturar: boolean): Promise<void> {
    if (!facturar) return;
    const s = await this.repo.settings();
    if (!s.activa || !s.automatica) return;
    await this.jobs.send(ISSUE_JOB, { idPago: pagoId }, { singletonKey: `pago-${pagoId}` });
  }

  /**
   * 'Facturar' (level 16): the invoice of a payment, now. A payment with a live invoice is refused (409); one
   * whose invoice failed is tried again. The PAC unreachable: the invoice stays pending and a job finishes it.
   */
  async invoicePayment(actor: AuthUser, pagoId: number): Promise<{ invoice: Invoice; pending: boolean }> {
    const s = await this.repo.settings();
    const client = await this.requireClient(s);
    const payment = await this.repo.payment(pagoId);
    if (!payment) throw notFound('El pago no existe.');
    const existing = await this.repo.liveInvoiceOfPayment(pagoId);
    // A replacement (motive 01) is issued by its cancellation, related to the old UUID: never re-issued here.
    if (existing && existing.sustituyeA !== null && existing.estado !== 'valida')
      throw conflict(
        'invoice_exists',
        'La factura sustituta de este pago sigue en proceso con su cancelación: revísala en Facturación.',
      );
    if (existing?.estado === 'pendiente')
      throw conflict(
        'invoice_exists',
        'La factura de este pago está en proceso: se reintenta sola hasta que el PAC la timbre.',
      );
    if (existing && existing.estado !== 'error')
      throw conflict(
        'invoice_exists',
        `El pago ya tiene la factura ${existing.serie}${existing.folio ?? ''} (${INVOICE_STATE_TEXT[existing.estado as InvoiceState].toLowerCase()}).`,
      );
    if (!(await this.repo.fiscalData(payment.contratoId)))
      throw new AppError(400, 'fiscal_data_missing', 'El contrato no tiene datos fiscales: captúralos para facturar.', {
        rfc: ['Captura los datos fiscales del contrato'],
      });
    const row = existing ?? (await this.claimPayment(payment, s, actor.id));
    if (!row) throw conflict('invoice_exists', 'El pago ya tiene factura.');
    const { row: after, retry } = await this.attemptPayment(client, s, row, payment);
    if (retry) await this.jobs.send(ISSUE_JOB, { idPago: pagoId }, { singletonKey: `pago-${pagoId}` });
    await this.audit.record({
      actor,
      action: 'create',
      entity: 'invoice',
      entityId: after.id,
      after: { idPago: pagoId, estado: after.estado, uuid: after.uuid, motivo: after.motivo },
    });
    return { invoice: toInvoice(after), pending: after.estado === 'pendiente' };
  }

  private claimPayment(payment: PaymentToInvoice, s: SettingsRow, userId: number | null, sustituyeA?: number) {
    return this.repo.claim({
      tipo: 'pago',
      pagoId: payment.id,
      contratoId: payment.contratoId,
      serie: s.serie,
      total: payment.monto,
      estado: 'pendiente',
      sustituyeA: sustituyeA ?? null,
      userId,
    });
  }

  /** The job: the invoice of one payment; throws (retried with backoff) while the PAC cannot be reached. */
  private async runIssueJob(payload: unknown): Promise<string> {
    const pagoId = Number((payload as { idPago?: unknown }).idPago);
    const s = await this.repo.settings();
    const client = await this.client(s);
    if (!client) return `Pago ${pagoId}: la facturación está apagada`;
    const payment = await this.repo.payment(pagoId);
    if (!payment) return `Pago ${pagoId}: no existe`;
    const row = (await this.repo.liveInvoiceOfPayment(pagoId)) ?? (await this.claimPayment(payment, s, null));
    if (!row) return `Pago ${pagoId}: ya tiene factura`;
    if (row.sustituyeA !== null) return `Pago ${pagoId}: su factura sustituta sigue con su cancelación`;
    if (row.estado !== 'pendiente') return `Pago ${pagoId}: factura ${INVOICE_STATE_TEXT[row.estado as InvoiceState]}`;
    const { row: after, retry } = await this.attemptPayment(client, s, row, payment);
    if (retry) throw new Error(after.motivo ?? 'el PAC no respondió');
    return `Pago ${pagoId}: factura ${INVOICE_STATE_TEXT[after.estado as InvoiceState].toLowerCase()}${after.motivo ? ` (${after.motivo})` : ''}`;
  }

  private async attemptPayment(
    client: FacturapiClient,
    s: SettingsRow,
    row: InvoiceRow,
    payment: PaymentToInvoice,
    related?: string,
  ): Promise<Attempt> {
    const fiscal = await this.repo.fiscalData(payment.contratoId);
    if (!fiscal)
      return {
        row: await this.repo.update(row.id, {
          estado: 'error',
          motivo: 'faltan los datos fiscales del contrato: captúralos en el contrato (Datos fiscales)',
        }),
        retry: false,
      };
    const form = paymentFormOfAccount({ id: payment.cuentaId, grupo: payment.cuentaGrupo }) ?? '01';
    const lines = paymentInvoiceLines({
      monto: payment.monto,
      reconexion: payment.reconexion,
      descripcionServicio: serviceDescription(payment),
    });
    return this.attempt(client, row, (n) => ({
      customer: {
        legal_name: fiscal.razonSocial,
        tax_id: fiscal.rfc,
        tax_system: fiscal.regimenFiscal,
        ...(fiscal.email ? { email: fiscal.email } : {}),
        address: { zip: fiscal.codigoPostal },
      },
      items: lines.map((l) => item(l, s.claveProducto, s.claveUnidad, DEFAULT_UNIDAD_NOMBRE)),
      use: fiscal.usoCfdi,
      payment_form: form,
      payment_method: 'PUE',
      series: row.serie,
      external_id: externalId(row.id),
      idempotency_key: `${externalId(row.id)}-${n}`,
      ...(related ? { related_documents: [{ relationship: '04', documents: [related] }] } : {}),
    }));
  }

  /**
   * One attempt at the PAC for a claimed row: after an earlier attempt, the invoice is first looked up by its
   * `external_id` (the PAC may have stamped it before a timeout); a conflict is looked up too. A data or
   * configuration error ends in 'error' with its Spanish reason; a transient one stays 'pendiente' to retry.
   */
  private async attempt(
    client: FacturapiClient,
    row: InvoiceRow,
    build: (attempt: number) => FacturapiInvoiceInput,
  ): Promise<Attempt> {
    const attemptNo = row.intentos + 1;
    await this.repo.update(row.id, { intentos: attemptNo });
    let answer: FacturapiInvoice | null = null;
    try {
      if (row.intentos > 0) answer = await client.findByExternalId(externalId(row.id));
      if (!answer) answer = await client.createInvoice(build(attemptNo));
    } catch (err) {
      if (!(err instanceof FacturapiError)) throw err;
      if (err.isConflict) {
        answer = await client.findByExternalId(externalId(row.id)).catch(() => null);
        if (!answer)
          return { row: await this.repo.update(row.id, { estado: 'pendiente', motivo: err.message }), retry: true };
      } else if (err.kind === 'transitorio') {
        return { row: await this.repo.update(row.id, { estado: 'pendiente', motivo: err.message }), retry: true };
      } else {
        this.opts.log.warn({ invoice: row.id, pac: err.body }, 'PAC refused an invoice');
        return { row: await this.repo.update(row.id, { estado: 'error', motivo: err.message }), retry: false };
      }
    }
    if (answer.status === 'pending')
      return {
        row: await this.repo.update(row.id, {
          pacId: answer.id,
          estado: 'pendiente',
          motivo: 'el PAC sigue timbrando: se consultará de nuevo',
        }),
        retry: true,
      };
    const mismatch = toCentavos(answer.total) !== toCentavos(row.total);
    if (mismatch)
      this.opts.log.error({ invoice: row.id, pacTotal: answer.total, total: row.total }, 'invoice total differs');
    return {
      row: await this.repo.update(row.id, {
        estado: 'valida',
        pacId: answer.id,
        uuid: answer.uuid,
        folio: answer.folio_number,
        serie: answer.series ?? row.serie,
        fecha: new Date(answer.created_at),
        motivo: mismatch ? `el PAC timbró un total de ${answer.total} distinto del pago (${row.total})` : null,
      }),
      retry: false,
    };
  }

  // Reading ---------------------------------------------------------------------------------------------------

  async list(q: { page: number; pageSize: number; estado?: InvoiceState; periodo?: string; idContrato?: number }) {
    const { rows, total } = await this.repo.list(q, this.opts.businessTz);
    return { items: rows.map(toInvoice), total };
  }

  async totals(periodo: string) {
    const rows = await this.repo.totalsByState(periodo, this.opts.businessTz);
    return { periodo, porEstado: rows.map((r) => ({ ...r, estado: r.estado as InvoiceState })) };
  }

  async get(id: number): Promise<Invoice> {
    return toInvoice(await this.row(id));
  }

  private async row(id: number): Promise<InvoiceRow> {
    const row = await this.repo.invoice(id);
    if (!row) throw notFound('La factura no existe.');
    return row;
  }

  /** The stamped PDF or XML, from the PAC. */
  async file(id: number, kind: 'pdf' | 'xml'): Promise<{ body: Buffer; filename: string }> {
    const row = await this.row(id);
    if (!row.pacId || (row.estado !== 'valida' && row.estado !== 'cancelada' && row.estado !== 'cancelacion_pendiente'))
      throw conflict('invoice_not_cancelable', 'La factura aún no está timbrada: no tiene PDF ni XML.');
    const client = await this.requireClient(await this.repo.settings());
    try {
      return {
        body: await client.download(row.pacId, kind),
        filename: `factura-${row.serie}${row.folio ?? row.id}.${kind}`,
      };
    } catch (err) {
      throw pacUnavailable(err);
    }
  }

  /**
   * The invoice's PDF and XML to the customer by WhatsApp, the way receipts go (by default to the contract's phone
   * from Cobranza). Only a stamped invoice of a payment: a global invoice has no customer to send it to.
   */
  async sendWhatsApp(
    actor: AuthUser,
    id: number,
    input: ReceiptSendInput,
  ): Promise<{ message: WhatsAppMessage; telefono: string }> {
    const row = await this.row(id);
    if (row.tipo === 'global' || row.contratoId === null)
      throw conflict(
        'invoice_without_customer',
        'La factura global es del público en general: no tiene a quién enviarse.',
      );
    if (row.estado !== 'valida')
      throw conflict('invoice_not_valid', 'Solo se envía una factura válida (timbrada y no cancelada).');
    if (!this.opts.delivery) throw new Error('invoicing: WhatsApp delivery not wired');
    const pdf = await this.file(id, 'pdf');
    const xml = await this.file(id, 'xml');
    const caption = `Factura ${row.serie}${row.folio ?? ''}${row.uuid ? ` · Folio fiscal ${row.uuid}` : ''}`;
    return this.opts.delivery.sendDocuments(actor, row.contratoId, input, {
      documents: [
        { body: pdf.body, filename: pdf.filename, mimetype: 'application/pdf', caption },
        { body: xml.body, filename: xml.filename, mimetype: 'application/xml' },
      ],
      entity: 'invoice',
      entityId: row.id,
    });
  }

  // Cancellation ----------------------------------------------------------------------------------------------

  /**
   * Cancels an invoice with a SAT motive (level 20). Motive 01 needs its replacement: the given valid invoice,
   * or one issued now for the same payment (related as substitution 04). Up to $1,000 and global invoices cancel
   * at once; others wait for the receiver, followed by the sweep until final.
   */
  async cancel(
    actor: AuthUser,
    id: number,
    input: { motivo: MotivoCancelacion; sustituta?: number },
  ): Promise<Invoice> {
    const row = await this.row(id);
    if (row.estado === 'cancelada') throw conflict('invoice_not_cancelable', 'La factura ya está cancelada.');
    if (row.estado === 'cancelacion_pendiente')
      throw conflict('invoice_not_cancelable', 'La cancelación de esta factura ya está en proceso.');
    if (row.estado !== 'valida' || !row.pacId)
      throw conflict(
        'invoice_not_cancelable',
        `Solo se cancela una factura válida; esta está ${INVOICE_STATE_TEXT[row.estado as InvoiceState].toLowerCase()}.`,
      );
    const s = await this.repo.settings();
    const client = await this.requireClient(s);
    let substitute: InvoiceRow | null = null;
    if (input.motivo === '01') substitute = await this.substituteFor(actor, client, s, row, input.sustituta);
    let answer: FacturapiInvoice;
    try {
      answer = await client.cancelInvoice(row.pacId, input.motivo, substitute?.pacId ?? undefined);
    } catch (err) {
      throw pacUnavailable(err);
    }
    const after = await this.repo.update(row.id, {
      estado: answer.status === 'canceled' ? 'cancelada' : 'cancelacion_pendiente',
      motivo: answer.status === 'canceled' ? null : PENDING_CANCELLATION_TEXT,
      motivoCancelacion: input.motivo,
      sustitutaId: substitute?.id ?? null,
    });
    await this.audit.record({
      actor,
      action: 'cancel',
      entity: 'invoice',
      entityId: row.id,
      after: { motivo: input.motivo, estado: after.estado, sustituta: substitute?.id ?? null },
      changes: [`Cancelación: ${input.motivo} ${MOTIVOS_CANCELACION[input.motivo]}`],
    });
    return toInvoice(after);
  }

  private async substituteFor(
    actor: AuthUser,
    client: FacturapiClient,
    s: SettingsRow,
    row: InvoiceRow,
    given: number | undefined,
  ): Promise<InvoiceRow> {
    if (given !== undefined) {
      const sub = await this.repo.invoice(given);
      if (!sub || sub.id === row.id || sub.estado !== 'valida' || !sub.pacId)
        throw badRequest('La factura sustituta debe ser otra factura válida.', {
          sustituta: ['Elige una factura válida'],
        });
      return sub;
    }
    if (row.tipo !== 'pago' || !row.pagoId)
      throw badRequest('La factura global se sustituye con el motivo 01 indicando la factura sustituta.', {
        sustituta: ['Indica la factura sustituta'],
      });
    const payment = await this.repo.payment(row.pagoId);
    if (!payment) throw notFound('El pago de la factura no existe.');
    const claimed = await this.claimPayment(payment, s, actor.id, row.id);
    if (!claimed) throw conflict('invoice_exists', 'Ya hay una factura sustituta en proceso para esta factura.');
    const { row: sub } = await this.attemptPayment(client, s, claimed, payment, row.uuid ?? undefined);
    if (sub.estado !== 'valida') {
      // The replacement did not stamp: it is dropped and the original stays valid.
      await this.repo.update(sub.id, { estado: 'cancelada' });
      throw new AppError(
        502,
        'pac_unavailable',
        `No se pudo emitir la factura sustituta: ${sub.motivo ?? 'el PAC no la timbró'}.`,
      );
    }
    return sub;
  }

  // Global invoice --------------------------------------------------------------------------------------------

  async globalPreview(periodo: string) {
    const payments = await this.globalCandidates(periodo);
    const issued = await this.repo.globalsOf(periodo);
    return {
      periodo,
      total: toPesos(payments.reduce((sum, p) => sum + toCentavos(p.monto), 0)),
      pagos: payments.length,
      emitida: issued.length > 0,
      fechaEmision: globalInvoiceDay(periodo, await this.opts.calendar()),
    };
  }

  private globalCandidates(periodo: string) {
    const { desde, hasta } = periodRange(periodo);
    return this.repo.globalCandidates(desde, hasta, this.opts.businessTz);
  }

  /**
   * The global invoice of a closed month to the 'público en general': every payment without an invoice of its own,
   * one line each (IVA inside its amount), split in CFDIs of 5,000 lines. Refused before the month ends (400) and
   * when there is nothing left to invoice.
   */
  async issueGlobal(actor: AuthUser | null, periodo: string): Promise<Invoice[]> {
    const today = businessDate(this.now(), this.opts.businessTz);
    if (periodRange(periodo).hasta >= today)
      throw badRequest('El mes aún no termina: la factura global se emite a partir del día 1 del mes siguiente.', {
        periodo: ['Elige un mes que ya terminó'],
      });
    const s = await this.repo.settings();
    const client = await this.requireClient(s);
    if (!s.codigoPostal)
      throw badRequest('Falta el código postal fiscal de la empresa en Administración › Facturación.');
    const payments = await this.globalCandidates(periodo);
    if (payments.length === 0) {
      if ((await this.repo.globalsOf(periodo)).length > 0)
        throw conflict('global_invoice_exists', 'La factura global de ese mes ya está emitida.');
      throw badRequest('No hay pagos sin factura en ese mes.');
    }
    const issued: Invoice[] = [];
    const issuedBefore = (await this.repo.globalsOf(periodo)).length;
    for (let i = 0; i < payments.length; i += GLOBAL_MAX_LINES) {
      const chunk = payments.slice(i, i + GLOBAL_MAX_LINES);
      const total = toPesos(chunk.reduce((sum, p) => sum + toCentavos(p.monto), 0));
      const row = await this.repo.claim({
        tipo: 'global',
        periodo,
        parte: issuedBefore + i / GLOBAL_MAX_LINES + 1,
        serie: s.serieGlobal,
        total,
        estado: 'pendiente',
        userId: actor?.id ?? null,
      });
      if (!row) throw conflict('global_invoice_exists', 'La factura global de ese mes ya está en proceso.');
      await this.repo.addGlobalPayments(
        row.id,
        chunk.map((p) => p.id),
      );
      const form = predominantPaymentForm(
        chunk.map((p) => ({
          formaPago: paymentFormOfAccount({ id: p.cuentaId, grupo: p.cuentaGrupo }) ?? '01',
          monto: p.monto,
        })),
      );
      const { row: after } = await this.attempt(client, row, (n) => ({
        customer: {
          legal_name: PUBLICO_EN_GENERAL.razonSocial,
          tax_id: PUBLICO_EN_GENERAL.rfc,
          tax_system: PUBLICO_EN_GENERAL.regimenFiscal,
          address: { zip: s.codigoPostal },
        },
        // One line per payment, its receipt's payment as the CFDI's NoIdentificacion.
        items: chunk.map((p) =>
          item(
            lineFor('Venta', toCentavos(p.monto)),
            GLOBAL_CLAVE_PRODUCTO,
            GLOBAL_CLAVE_UNIDAD,
            'Actividad',
            `pago-${p.id}`,
          ),
        ),
        use: PUBLICO_EN_GENERAL.usoCfdi,
        payment_form: form,
        payment_method: 'PUE',
        series: s.serieGlobal,
        global: globalInformation(periodo),
        external_id: externalId(row.id),
        idempotency_key: `${externalId(row.id)}-${n}`,
      }));
      issued.push(toInvoice(after));
      await this.audit.record({
        actor: actor ?? null,
        action: 'create',
        entity: 'invoice',
        entityId: after.id,
        after: { periodo, pagos: chunk.length, total, estado: after.estado, motivo: after.motivo },
      });
    }
    return issued;
  }

  /** Hourly: on the first business day of a month (or later, if missed), the previous month's global invoice. */
  private async runGlobalJob(): Promise<string> {
    const s = await this.repo.settings();
    if (!s.activa || !s.automatica) return 'La facturación automática está apagada';
    const today = businessDate(this.now(), this.opts.businessTz);
    const periodo = previousPeriod(today);
    if (today < globalInvoiceDay(periodo, await this.opts.calendar()))
      return `Factura global de ${periodo}: se emite el ${formatDate(globalInvoiceDay(periodo, await this.opts.calendar()))}`;
    if ((await this.repo.globalsOf(periodo)).length > 0) return `Factura global de ${periodo}: ya emitida`;
    if ((await this.globalCandidates(periodo)).length === 0)
      return `Factura global de ${periodo}: sin pagos por facturar`;
    const issued = await this.issueGlobal(null, periodo);
    return `Factura global de ${periodo}: ${issued.map((i) => INVOICE_STATE_TEXT[i.estado].toLowerCase()).join(', ')}`;
  }

  // The sweep -------------------------------------------------------------------------------------------------

  /**
   * Every 15 minutes: payments of invoiced contracts registered since invoicing was switched on that have no
   * invoice (a queued job lost with its instance), pending invoices whose job gave up, and cancellations waiting
   * for the receiver, each looked up at the PAC.
   */
  private async runSweep(): Promise<string> {
    const s = await this.repo.settings();
    const client = await this.client(s);
    if (!client) return 'La facturación está apagada';
    let queued = 0;
    if (s.automatica && s.activaDesde)
      for (const pagoId of await this.repo.paymentsWithoutInvoice(s.activaDesde)) {
        await this.jobs.send(ISSUE_JOB, { idPago: pagoId }, { singletonKey: `pago-${pagoId}` });
        queued++;
      }
    for (const row of await this.repo.withState('pendiente')) {
      if (row.tipo !== 'pago' || !row.pagoId) continue;
      await this.jobs.send(ISSUE_JOB, { idPago: row.pagoId }, { singletonKey: `pago-${row.pagoId}` });
      queued++;
    }
    let settled = 0;
    for (const row of await this.repo.withState('cancelacion_pendiente')) {
      if (await this.followCancellation(client, row)) settled++;
    }
    return `${queued} facturas en cola, ${settled} cancelaciones resueltas`;
  }

  /** A pending cancellation at the PAC: accepted, rejected or expired ends it. True when it ended. */
  async followCancellation(client: FacturapiClient, row: InvoiceRow): Promise<boolean> {
    if (!row.pacId) return false;
    const answer = await client.getInvoice(row.pacId).catch(() => null);
    if (!answer) return false;
    if (answer.status === 'canceled') {
      await this.repo.update(row.id, { estado: 'cancelada', motivo: null });
      return true;
    }
    if (answer.cancellation_status === 'rejected' || answer.cancellation_status === 'expired') {
      await this.repo.update(row.id, {
        estado: 'valida',
        motivo:
          answer.cancellation_status === 'rejected'
            ? 'El cliente rechazó la cancelación: la factura sigue vigente'
            : 'La cancelación venció sin respuesta: puedes intentarla de nuevo',
      });
      return true;
    }
    return false;
  }

  /** 'Actualizar' on a pending cancellation: asks the PAC now. */
  async refreshCancellation(id: number): Promise<Invoice> {
    const row = await this.row(id);
    if (row.estado === 'cancelacion_pendiente')
      await this.followCancellation(await this.requireClient(await this.repo.settings()), row);
    return this.get(id);
  }
}

function externalId(invoiceId: number): string {
  return `airlink-factura-${invoiceId}`;
}

function item(line: InvoiceLine, productKey: string, unitKey: string, unitName: string, sku?: string): FacturapiItem {
  return {
    quantity: 1,
    product: {
      ...(sku ? { sku } : {}),
      description: line.descripcion,
      product_key: productKey,
      unit_key: unitKey,
      unit_name: unitName,
      price: line.precio,
      tax_included: false,
      taxes: [{ type: 'IVA', rate: IVA_RATE }],
    },
  };
}

/** 'Servicio de internet Residencial hasta 3 Mbps del 01/11/2026 al 30/11/2026' (the period on the CFDI). */
function serviceDescription(p: PaymentToInvoice): string {
  const plan = serviceType(p.tipo)?.name ?? `plan ${p.tipo}`;
  if (p.abono || p.mesesCubiertos === 0) return `Servicio de internet ${plan}: abono a cuenta`;
  return `Servicio de internet ${plan} del ${formatDate(p.fechaInicio)} al ${formatDate(p.fechaFinalizacion)}`;
}

function pacUnavailable(err: unknown): AppError {
  if (err instanceof FacturapiError)
    return new AppError(err.kind === 'transitorio' ? 502 : 409, 'pac_unavailable', `El PAC respondió: ${err.message}.`);
  return new AppError(502, 'pac_unavailable', 'No se pudo comunicar con el PAC.');
}

function toFiscalData(row: {
  rfc: string;
  razonSocial: string;
  regimenFiscal: string;
  codigoPostal: string;
  usoCfdi: string;
  email: string | null;
}): FiscalData {
  return {
    rfc: row.rfc,
    razonSocial: row.razonSocial,
    regimenFiscal: row.regimenFiscal,
    codigoPostal: row.codigoPostal,
    usoCfdi: row.usoCfdi,
    email: row.email,
  };
}

function toInvoice(r: InvoiceRow): Invoice {
  return {
    id: r.id,
    tipo: r.tipo as Invoice['tipo'],
    idPago: r.pagoId,
    idContrato: r.contratoId,
    nombre: r.tipo === 'global' ? PUBLICO_EN_GENERAL.razonSocial : r.nombre,
    periodo: r.periodo,
    serie: r.serie,
    folio: r.folio,
    uuid: r.uuid,
    fecha: r.fecha?.toISOString() ?? null,
    total: r.total,
    estado: r.estado as InvoiceState,
    motivo: r.motivo,
    motivoCancelacion: r.motivoCancelacion,
    sustituyeA: r.sustituyeA,
    sustituta: r.sustitutaId,
  };
}
