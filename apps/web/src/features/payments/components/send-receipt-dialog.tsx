import { canDo, receiptNumber } from '@airlink/domain';
import { SendByWhatsAppDialog } from '../../../components/ui/send-by-whatsapp-dialog';
import { useSession } from '../../../lib/session-context';
import { useWhatsAppInstances } from '../../whatsapp';
import { useSendReceipt } from '../api/send-receipt';

/**
 * 'Enviar por WhatsApp': the receipt as a PDF, by default to the contract's phone from the Cobranza
 * instance; another number or instance may be chosen. Sent only when WhatsApp accepted it.
 */
export function SendReceiptDialog({
  receiptId,
  phone,
  onClose,
}: {
  receiptId: number | null;
  phone: string;
  onClose: () => void;
}) {
  const send = useSendReceipt();
  // The directory is asked for when the dialog opens, not with the panel under it.
  const instances = useWhatsAppInstances(receiptId !== null);
  // Only a level that may read the directory chooses the instance; the others send from Cobranza.
  const canChoose = canDo(useSession().level, 'whatsapp.use');
  return (
    <SendByWhatsAppDialog
      open={receiptId !== null}
      title={receiptId !== null ? `Enviar recibo ${receiptNumber(receiptId)} por WhatsApp` : 'Enviar recibo'}
      description="Se envía el recibo en PDF. El mensaje queda en la conversación del cliente en WhatsApp Conversaciones."
      initialPhone={phone}
      phoneHelp="Por omisión, el teléfono del contrato"
      failure="No se pudo enviar el recibo."
      submitting={send.isPending}
      send={async (input) => (receiptId === null ? { telefono: '' } : send.mutateAsync({ id: receiptId, input }))}
      sentText={(telefono) => `Recibo enviado por WhatsApp al ${telefono}`}
      instances={
        canChoose
          ? (instances.data ?? []).map((i) => ({ value: i.instanceName, label: `${i.department} (${i.instanceName})` }))
          : undefined
      }
      onClose={onClose}
    />
  );
}
