import {
  accountState,
  accountStateText,
  businessDate,
  latenessOf,
  onlinePaymentAmount,
  serviceType,
  type PortalAccount,
  type PortalPayment,
  type PortalTicket,
} from '@airlink/domain';
import { forbidden, notFound } from '../../lib/errors';
import type { CompanyService } from '../company/company.service';
import type { OnlinePaymentsService } from '../online-payments/online-payments.service';
import type { PlansService } from '../plans/plans.service';
import type { ReceiptsService } from '../receipts/receipts.service';
import type { SettingsService } from '../settings/settings.service';
import type { SupportService } from '../support/support.service';
import type { PortalRepository } from './portal.repository';

export interface PortalServiceOptions {
  businessTz: string;
  now?: () => Date;
}

const NO_ACCOUNT = 'Tu contrato ya no está activo. Comunícate con AirLink.';

/** What a signed-in customer sees and does in the portal (docs/business-rules.md "Customer portal"). */
export class PortalService {
  private readonly now: () => Date;

  constructor(
    private readonly repo: PortalRepository,
    private readonly settings: Pick<SettingsService, 'calendar'>,
    private readonly company: Pick<CompanyService, 'company'>,
    private readonly receipts: Pick<ReceiptsService, 'pdf'>,
    private readonly support: Pick<SupportService, 'createFromPortal'>,
    private readonly onlinePayments: Pick<OnlinePaymentsService, 'enabled'>,
    private readonly plans: Pick<PlansService, 'find'>,
    private readonly opts: PortalServiceOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  /** The account: plan, paid-until, state and lateness as the staff panel computes them, and what one month costs. */
  async account(contratoId: number): Promise<PortalAccount> {
    const [c, calendar, company, pagoEnLinea] = await Promise.all([
      this.repo.contractById(contratoId),
      this.settings.calendar(),
      this.company.company(),
      this.onlinePayments.enabled(),
    ]);
    if (!c || !c.activo) throw notFound(NO_ACCOUNT);
    const plan = await this.plans.find(c.tipo);
    const lateness = latenessOf(c.pagadoHasta, businessDate(this.now(), this.opts.businessTz), calendar);
    const estado = accountState(c.cortado, lateness.diasRetraso);
    return {
      nombre: c.nombre,
      direccion: [[c.calle, c.numero].filter(Boolean).join(' '), c.colonia, c.comunidad].filter(Boolean).join(', '),
      // The contract's plan (its service type) with the speeds set in Administración › Planes.
      plan: plan
        ? { nombre: plan.nombre, bajadaMbps: plan.bajadaMbps, subidaMbps: plan.subidaMbps }
        : { nombre: serviceType(c.tipo)?.name ?? `Plan ${c.tipo}`, bajadaMbps: null, subidaMbps: null },
      montoMensual: c.monto,
      pagadoHasta: c.pagadoHasta,
      estado,
      estadoTexto: accountStateText(estado, lateness.diasRetraso),
      diasRetraso: lateness.diasRetraso,
      fechaCorte: lateness.fechaCorte,
      saldoAFavor: c.saldoAFavor,
      montoAPagar: onlinePaymentAmount({ monthly: c.monto, months: 1, cortado: c.cortado, facturar: c.facturar }),
      cuentasBancarias: company.cuentasBancarias,
      pagoEnLinea,
    };
  }

  async payments(contratoId: number): Promise<PortalPayment[]> {
    return (await this.repo.payments(contratoId)).map((p) => ({ ...p, fecha: p.fecha.toISOString() }));
  }

  /** A receipt's PDF, only the customer's own (403 for another's). */
  async receiptPdf(contratoId: number, idRecibo: number) {
    const pdf = await this.receipts.pdf(String(idRecibo));
    if (pdf.receipt.clienteId !== contratoId) throw forbidden('Ese recibo no es de tu contrato.');
    return pdf;
  }

  async tickets(contratoId: number): Promise<PortalTicket[]> {
    return (await this.repo.tickets(contratoId)).map((t) => ({ ...t, fecha: t.fecha.toISOString() }));
  }

  async openTicket(contratoId: number, asunto: string, descripcion: string): Promise<PortalTicket> {
    const t = await this.support.createFromPortal(contratoId, asunto, descripcion);
    return { id: t.id, asunto: t.titulo, estado: t.estado, fecha: t.createdAt };
  }
}
