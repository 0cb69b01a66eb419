import {
  MAX_INT,
  receiptFileName,
  searchWords,
  type Receipt,
  type ReceiptDetail,
  type ReceiptListQuery,
  type ReconnectionItem,
  type Paged,
} from '@airlink/domain';
import type { Page } from '../../db/paging';
import { badRequest, notFound } from '../../lib/errors';
import type { CompanyService } from '../company/company.service';
import type { PortalAddressService } from '../online-payments/portal-address.service';
import { receiptPdf } from './receipt-pdf';
import type { ReceiptsRepository } from './receipts.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A receipt number as a path carries it: a positive decimal integer, no sign, spaces or leading zeros. */
const NUMBER = /^[1-9]\d{0,9}$/;

export interface ReceiptsServiceOptions {
  businessTz: string;
}

/** Receipts: the list (finance), one receipt for the print view, and the reconnections list. */
export class ReceiptsService {
  constructor(
    private readonly repo: ReceiptsRepository,
    private readonly opts: ReceiptsServiceOptions,
    private readonly company: Pick<CompanyService, 'company'>,
    private readonly portal: Pick<PortalAddressService, 'address'>,
  ) {}

  /** The receipt as a PDF (download, or sent by WhatsApp): the printed receipt's content on half a letter sheet. */
  async pdf(idOrGuid: string): Promise<{ receipt: ReceiptDetail; filename: string; body: Buffer }> {
    const receipt = await this.get(idOrGuid);
    const body = receiptPdf(receipt, await this.company.company(), this.opts.businessTz);
    return { receipt, filename: receiptFileName(receipt.id), body };
  }

  list(query: ReceiptListQuery): Promise<Paged<Receipt>> {
    if (query.desde && query.hasta && query.desde > query.hasta) {
      throw badRequest('La fecha inicial no puede ser posterior a la final.', {
        desde: ['Posterior a la fecha final'],
      });
    }
    const q = query.q?.trim() ?? '';
    return this.repo.list(
      {
        desde: query.desde,
        hasta: query.hasta,
        tz: this.opts.businessTz,
        grupo: query.grupo,
        idCuenta: query.idCuenta,
        words: searchWords(q),
        numero: NUMBER.test(q) && Number(q) <= MAX_INT ? Number(q) : undefined,
      },
      { page: query.page, pageSize: query.pageSize },
    );
  }

  /**
   * By receipt number (digits) or by guid (the link printed after a payment); anything else is a 400. With the
   * portal's address the receipt prints while customers can pay online ('' otherwise).
   */
  async get(idOrGuid: string): Promise<ReceiptDetail> {
    // Read as sent: ' 1' (%201) or '01' is no receipt number.
    const key = idOrGuid;
    let receipt: Receipt | undefined;
    if (NUMBER.test(key)) {
      const id = Number(key);
      if (id < 1 || id > MAX_INT) throw badRequest('Número de recibo inválido.');
      receipt = await this.repo.findById(id);
    } else if (UUID.test(key)) {
      receipt = await this.repo.findByGuid(key.toLowerCase());
    } else {
      throw badRequest('Indica el número de recibo o su identificador (guid).');
    }
    if (!receipt) throw notFound('El recibo no existe.');
    return { ...receipt, urlPortal: await this.portal.address() };
  }

  reconnections(page: Page): Promise<Paged<ReconnectionItem>> {
    return this.repo.reconnections(page);
  }
}
