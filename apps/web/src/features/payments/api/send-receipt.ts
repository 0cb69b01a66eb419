import { receiptSentSchema, type ReceiptSendInput } from '@airlink/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';

/** POST /api/recibos/{id}/whatsapp: the receipt as a PDF to the contract's phone (or the one given). */
export function useSendReceipt() {
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: ReceiptSendInput }) =>
      readResponse(
        receiptSentSchema,
        await api.post<unknown>(`/api/recibos/${id}/whatsapp`, input, { silent: true }),
        'con el recibo enviado',
      ),
  });
}
