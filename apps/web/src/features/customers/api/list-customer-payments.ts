import { customerPaymentSchema, pagedSchema, type CustomerPayment, type Paged } from '@airlink/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toSearchParams, type ServerTableParams } from '../../../components/ui/use-server-table';
import { customersKeys } from './customers-query-keys';
import { readResponse } from '../../../lib/read-response';

const pageSchema = pagedSchema(customerPaymentSchema);

/** GET /api/customer/{id}/payments (level 5): newest first, paged. */
export async function fetchCustomerPayments(
  id: number,
  params: ServerTableParams,
  signal?: AbortSignal,
): Promise<Paged<CustomerPayment>> {
  const data = await api.get<unknown>(`/api/customer/${id}/payments${toSearchParams(params)}`, {
    signal,
    silent: true,
  });
  return readResponse(pageSchema, data, 'con los pagos del cliente');
}

export const customerPaymentsQueryOptions = (id: number, params: ServerTableParams) =>
  queryOptions({
    queryKey: customersKeys.paymentsPage(id, params),
    queryFn: ({ signal }) => fetchCustomerPayments(id, params, signal),
    placeholderData: keepPreviousData,
  });

export function useCustomerPayments(id: number, params: ServerTableParams) {
  return useQuery(customerPaymentsQueryOptions(id, params));
}
