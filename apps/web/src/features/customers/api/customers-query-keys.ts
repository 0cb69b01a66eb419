import type { CustomerListQuery } from '@airlink/domain';
import type { ServerTableParams } from '../../../components/ui/use-server-table';
import { customerSearchKeys } from '../../../lib/customer-search';

/** The list filters the Clientes page sends (page and sort included). */
export type CustomerListParams = Partial<Pick<CustomerListQuery, 'q' | 'estado' | 'tipo'>> & ServerTableParams;

/** TanStack Query keys of the customers area. */
export const customersKeys = {
  all: ['customers'] as const,
  lists: () => [...customersKeys.all, 'list'] as const,
  list: (params: CustomerListParams) => [...customersKeys.lists(), params] as const,
  /** The customer search's keys (lib/customer-search.ts), under this area's keys. */
  searches: () => customerSearchKeys.all,
  contract: (id: number) => [...customersKeys.all, 'contract', id] as const,
  speed: (id: number) => [...customersKeys.all, 'speed', id] as const,
  payments: (id: number) => [...customersKeys.all, 'payments', id] as const,
  paymentsPage: (id: number, params: ServerTableParams) => [...customersKeys.payments(id), params] as const,
  logs: (id: number) => [...customersKeys.all, 'logs', id] as const,
  logsPage: (id: number, params: ServerTableParams) => [...customersKeys.logs(id), params] as const,
};
