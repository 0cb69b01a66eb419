import type { Invoice } from '@airlink/domain';
import { SendByWhatsAppDialog } from '../../../components/ui/send-by-whatsapp-dialog';
import { useSendInvoice } from '../api/invoicing-api';

/** 'Enviar por WhatsApp': the invoice's PDF and XML, by default to the contract's phone from Cobranza. */
export function SendInvoiceDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const send = useSendInvoice();
  const label = `${invoice.serie}${invoice.folio ?? ''}`;
  return (
    <SendByWhatsAppDialog
      open
      title={`Enviar factura ${label} por WhatsApp`}
      description="Se envían el PDF y el XML desde la instancia de Cobranza. Los mensajes quedan en la conversación del cliente."
      phoneHelp="Vacío: el teléfono del contrato"
      failure="No se pudo enviar la factura."
      submitting={send.isPending}
      send={(input) => send.mutateAsync({ id: invoice.id, input })}
      sentText={(telefono) => `Factura ${label} enviada por WhatsApp al ${telefono}`}
      onClose={onClose}
    />
  );
}
