import { receiptDetailSchema, type ReceiptDetail } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isClientError } from '../../../lib/query-client';
import { paymentsKeys } from './payments-query-keys';
import { readResponse } from '../../../lib/read-response';

/**
 * GET /api/recibos/{id or guid} (level 5): the receipt for the print view, with the portal's address it prints.
 * 404 when it does not exist.
 */
export async function fetchReceipt(idOrGuid: string, signal?: AbortSignal): Promise<ReceiptDetail> {
  const data = await api.get<unknown>(`/api/recibos/${encodeURIComponent(idOrGuid)}`, { signal, silent: true });
  return readResponse(receiptDetailSchema, data, 'con el recibo');
}

export const receiptQueryOptions = (idOrGuid: string) =>
  queryOptions({
    queryKey: paymentsKeys.receipt(idOrGuid),
    queryFn: ({ signal }) => fetchReceipt(idOrGuid, signal),
    // A receipt never changes (the portal's address may, but the view is opened for one print).
    staleTime: Infinity,
    retry: (count, error) => !isClientError(error) && count < 1,
  });

export function useReceipt(idOrGuid: string | null) {
  return useQuery({ ...receiptQueryOptions(idOrGuid ?? ''), enabled: idOrGuid !== null });
}
