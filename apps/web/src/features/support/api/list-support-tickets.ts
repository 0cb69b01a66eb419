import { type SupportStatus } from '@airlink/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ServerTableParams } from '../../../components/ui/use-server-table';
import { readTicketPage } from './read-support';
import { supportKeys } from './support-query-keys';

/** The support center's filters; '' means "any". `asignadoA` 0 means "Sin asignar". */
export interface SupportFilters {
  q: string;
  estado: SupportStatus | '';
  prioridad: number | '';
  asignadoA: number | '';
}

export const NO_FILTERS: SupportFilters = { q: '', estado: '', prioridad: '', asignadoA: '' };

/** The query string of GET /api/soporte: page, sort and only the filters in use. */
export function supportListSearch(table: ServerTableParams, filters: SupportFilters): string {
  const q = new URLSearchParams();
  q.set('page', String(table.page));
  q.set('pageSize', String(table.pageSize));
  if (table.sort && table.dir) {
    q.set('sort', table.sort);
    q.set('dir', table.dir);
  }
  const text = filters.q.trim();
  if (text) q.set('q', text);
  if (filters.estado) q.set('estado', filters.estado);
  if (filters.prioridad !== '') q.set('prioridad', String(filters.prioridad));
  if (filters.asignadoA !== '') q.set('asignadoA', String(filters.asignadoA));
  return `?${q.toString()}`;
}

/** GET /api/soporte (level 5): tickets paged, sorted, filtered and searched on the server. */
export async function fetchSupportTickets(search: string, signal?: AbortSignal) {
  // The page shows a failure in place (with 'Reintentar'), so the global error toast stays quiet.
  return readTicketPage(await api.get<unknown>(`/api/soporte${search}`, { signal, silent: true }));
}

export const supportTicketsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: supportKeys.list(search),
    queryFn: ({ signal }) => fetchSupportTickets(search, signal),
    placeholderData: keepPreviousData,
  });

export function useSupportTickets(search: string) {
  return useQuery(supportTicketsQueryOptions(search));
}
