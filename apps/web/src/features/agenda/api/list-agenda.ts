import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { agendaKeys } from './agenda-query-keys';
import { readAgendaEvents } from './read-agenda';

/** GET /api/agenda (level 5): every visit in [desde, hasta), ordered by fechaEvento. */
export async function fetchAgenda(desde: string, hasta: string, signal?: AbortSignal) {
  const q = new URLSearchParams({ desde, hasta });
  // The calendars show a failure in place (with 'Reintentar'), so the global error toast stays quiet.
  return readAgendaEvents(await api.get<unknown>(`/api/agenda?${q.toString()}`, { signal, silent: true }));
}

export const agendaQueryOptions = (desde: string, hasta: string) =>
  queryOptions({
    queryKey: agendaKeys.range(desde, hasta),
    queryFn: ({ signal }) => fetchAgenda(desde, hasta, signal),
    placeholderData: keepPreviousData,
  });

export function useAgenda(range: { desde: string; hasta: string }, enabled = true) {
  return useQuery({ ...agendaQueryOptions(range.desde, range.hasta), enabled });
}
