import { noCutMarkSchema, type NoCutMarkItem, z } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { automationKeys } from './automation-query-keys';

/** GET /api/cortes-programados/no-cortar: the contracts a run never cuts while their mark holds. */
export async function fetchNoCutMarks(signal?: AbortSignal): Promise<NoCutMarkItem[]> {
  return readResponse(
    z.array(noCutMarkSchema),
    await api.get<unknown>('/api/cortes-programados/no-cortar', { signal, silent: true }),
    "con las marcas 'no cortar'",
  );
}

export function useNoCutMarks() {
  return useQuery(queryOptions({ queryKey: automationKeys.noCut(), queryFn: ({ signal }) => fetchNoCutMarks(signal) }));
}
