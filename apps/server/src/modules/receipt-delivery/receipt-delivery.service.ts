import { receiptNumber, validPhone, type WhatsAppMessage } from '@airlink/domain';
import { badRequest } from '../../lib/errors';
import type { AuditActor, AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.service';
import type { CustomersService } from '../customers/customers.service';
import type { ReceiptsService } from '../receipts/receipts.service';
import type { RemindersService } from '../reminders/reminders.service';
import type { WhatsAppDirectoryService } from '../whatsapp/whatsapp-directory.service';
import type { WhatsAppInboxService } from '../whatsapp/whatsapp-inbox.service';

export interface SentDocument {
  body: Buffer;
  filename: string;
  mimetype: string;
  caption?: string;
}

export interface ReceiptSendInput {
  telefono?: string;
  instancia?: string;
}

/**
 * A payment receipt sent by WhatsApp as a PDF from the customer panel (issue 15, part 3):
 * by default to the contract's phone, from the Cobranza instance of the payment reminders. It counts as sent
 * only when Evolution answered with the message; the message is then in the customer's conversation.
 */
export class ReceiptDeliveryService {
  constructor(
    private readonly receipts: Pick<ReceiptsService, 'pdf'>,
    private readonly customers: Pick<CustomersService, 'get'>,
    private readonly reminders: Pick<RemindersService, 'settings'>,
    private readonly whatsappDirectory: Pick<WhatsAppDirectoryService, 'instances'>,
    private readonly whatsapp: Pick<WhatsAppInboxService, 'sendMedia' | 'send'>,
    private readonly audit: AuditService,
  ) {}

  send(actor: AuthUser, id: string, input: ReceiptSendInput): Promise<{ message: WhatsAppMessage; telefono: string }> {
    return this.sendAs(actor, id, input);
  }

  /** The receipt of an online payment, sent by the system to the contract's phone from Cobranza (issue 24). */
  sendBySystem(id: string): Promise<{ message: WhatsAppMessage; telefono: string }> {
    return this.sendAs(null, id, {});
  }

  /** A text from the Cobranza instance, sent by the system (the portal's sign-in codes). */
  async sendTextBySystem(telefono: string, text: string): Promise<WhatsAppMessage> {
    return (await this.whatsapp.send(null, await this.cobranzaInstance(), telefono, text)).message;
  }

  private async sendAs(
    actor: AuditActor | null,
    id: string,
    input: ReceiptSendInput,
  ): Promise<{ message: WhatsAppMessage; telefono: string }> {
    const { receipt, body, filename } = await this.receipts.pdf(id);
    return this.sendDocuments(actor, receipt.clienteId, input, {
      documents: [
        {
          body,
          filename,
          mimetype: 'application/pdf',
          caption: `Recibo de pago ${receiptNumber(receipt.id)} · ${receipt.nombre}`,
        },
      ],
      entity: 'receipt',
      entityId: receipt.id,
    });
  }

  /**
   * Documents of a contract sent by WhatsApp, one message each, by default to the contract's phone from Cobranza:
   * the receipt here, the invoice's PDF and XML (docs/invoicing.md "WhatsApp"). The answer is the last message.
   */
  async sendDocuments(
    actor: AuditActor | null,
    contratoId: number,
    input: ReceiptSendInput,
    what: { documents: SentDocument[]; entity: string; entityId: number },
  ): Promise<{ message: WhatsAppMessage; telefono: string }> {
    const phoneText = input.telefono ?? (await this.customers.get(contratoId)).telefono;
    const telefono = validPhone(phoneText ?? '');
    if (!telefono)
      throw badRequest(
        input.telefono
          ? 'El número de WhatsApp no es válido (10 dígitos o con lada de país).'
          : 'El contrato no tiene un teléfono válido: escribe el número de WhatsApp.',
        { telefono: ['Escribe el número de WhatsApp'] },
      );
    const instancia = input.instancia || (await this.cobranzaInstance());
    let last: WhatsAppMessage | undefined;
    const ids: WhatsAppMessage['id'][] = [];
    for (const doc of what.documents) {
      const sent = await this.whatsapp.sendMedia(actor?.id ?? null, instancia, telefono, {
        mediatype: 'document',
        mimetype: doc.mimetype,
        media: doc.body.toString('base64'),
        fileName: doc.filename,
        caption: doc.caption,
      });
      last = sent.message;
      ids.push(sent.message.id);
    }
    await this.audit.record({
      actor,
      action: 'send_whatsapp',
      entity: what.entity,
      entityId: what.entityId,
      after: { telefono, instancia, ...(ids.length === 1 ? { messageId: ids[0] } : { messageIds: ids }) },
    });
    return { message: last!, telefono };
  }

  /** The reminders' Cobranza instance, else a department named Cobranza, else the only instance. */
  private async cobranzaInstance(): Promise<string> {
    const configured = (await this.reminders.settings()).instancia;
    if (configured) return configured;
    const all = await this.whatsappDirectory.instances();
    const cobranza = all.find((i) => /cobranza/i.test(i.department)) ?? (all.length === 1 ? all[0] : undefined);
    if (!cobranza)
      throw badRequest('Elige la instancia de WhatsApp que envía el recibo.', { instancia: ['Elige la instancia'] });
    return cobranza.instanceName;
  }
}
