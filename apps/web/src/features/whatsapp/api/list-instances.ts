import { canDo, whatsappInstanceSchema, z } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { useSession } from '../../../lib/session-context';
import { whatsappKeys } from './whatsapp-query-keys';

const schema = z.array(whatsappInstanceSchema);

/** GET /api/whatsapp/instances: the department directory (never a key, only whether one is set). */
export async function fetchInstances(signal?: AbortSignal) {
  const data = await api.get<unknown>('/api/whatsapp/instances', { signal, silent: true });
  return readResponse(schema, data, 'el directorio de WhatsApp');
}

export const instancesQueryOptions = () =>
  queryOptions({ queryKey: [...whatsappKeys.all, 'instances'], queryFn: ({ signal }) => fetchInstances(signal) });

/**
 * The directory, asked for only when the signed-in level may read it (`whatsapp.use`): a lower level never
 * sends a request the server refuses (the receipt dialog of the customer panel is open to cashiers). With `wanted`
 * false (a closed dialog) nothing is asked for yet, so the page under it draws with fewer requests.
 */
export function useInstances(wanted = true) {
  const { level } = useSession();
  return useQuery({ ...instancesQueryOptions(), enabled: wanted && canDo(level, 'whatsapp.use') });
}
