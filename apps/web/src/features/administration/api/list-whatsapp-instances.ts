import { whatsappInstanceSchema, type WhatsAppInstance, z } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { administrationKeys } from './administration-query-keys';

/** GET /api/whatsapp/instances (level 20): the department directory; keys are never sent, only `hasKey`. */
async function fetchWhatsAppInstances(signal?: AbortSignal): Promise<WhatsAppInstance[]> {
  return readResponse(
    z.array(whatsappInstanceSchema),
    await api.get<unknown>('/api/whatsapp/instances', { signal, silent: true }),
    'con el directorio de WhatsApp',
  );
}

const whatsappInstancesQueryOptions = () =>
  queryOptions({
    queryKey: administrationKeys.whatsappInstances(),
    queryFn: ({ signal }) => fetchWhatsAppInstances(signal),
  });

export function useWhatsAppInstances() {
  return useQuery(whatsappInstancesQueryOptions());
}
