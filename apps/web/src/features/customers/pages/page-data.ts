import { DEFAULT_PAGE_SIZE } from '@airlink/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { ServerTableParams } from '../../../components/ui/use-server-table';
import { contractQueryOptions } from '../api/get-contract';
import { customersQueryOptions } from '../api/list-customers';
import { customerPaymentsQueryOptions } from '../api/list-customer-payments';

/** The first page of a server table before the user pages or sorts it (useServerTable's start). */
const FIRST_PAGE: ServerTableParams = { page: 0, pageSize: DEFAULT_PAGE_SIZE };

/**
 * What Clientes shows first, fetched ahead when the browser is idle (app/prefetch-pages.ts): the first page without
 * search or filters, under the very key the page asks for, so the page finds it in the cache.
 */
export function prefetchCustomersPage(client: QueryClient): Promise<void> {
  return client.prefetchQuery(customersQueryOptions({ ...FIRST_PAGE, estado: 'todos' }));
}

/** What a customer's panel shows first (the contract and its first page of payments), fetched ahead. */
export async function prefetchCustomerPanel(client: QueryClient, id: number): Promise<void> {
  await Promise.all([
    client.prefetchQuery(contractQueryOptions(id)),
    client.prefetchQuery(customerPaymentsQueryOptions(id, FIRST_PAGE)),
  ]);
}
