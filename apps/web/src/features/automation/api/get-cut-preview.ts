import { previewSchema, type CutPreview } from '@airlink/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { automationKeys } from './automation-query-keys';

/**
 * GET /api/cortes-programados/vista-previa: the list of a date, or of the next run day (the server picks it)
 * without one. A weekend or holiday comes back with `diaHabil: false`, its reason and nobody listed.
 */
export async function fetchCutPreview(signal?: AbortSignal, fecha: string | null = null): Promise<CutPreview> {
  const query = fecha ? `?fecha=${encodeURIComponent(fecha)}` : '';
  return readResponse(
    previewSchema,
    await api.get<unknown>(`/api/cortes-programados/vista-previa${query}`, { signal, silent: true }),
    'con la lista de cortes',
  );
}

export const cutPreviewQuery = (fecha: string | null = null) =>
  queryOptions({ queryKey: automationKeys.preview(fecha), queryFn: ({ signal }) => fetchCutPreview(signal, fecha) });

export function useCutPreview(fecha: string | null = null) {
  return useQuery({ ...cutPreviewQuery(fecha), placeholderData: keepPreviousData });
}
