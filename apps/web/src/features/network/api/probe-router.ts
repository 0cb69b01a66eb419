import { routerProbeSchema, type RouterProbe } from '@airlink/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';

/**
 * POST /api/MikrotikRouters/{id}/probar (level 20): the router's identity, version and uptime (`ok: true`),
 * or why it could not be reached (`ok: false` with the Spanish reason).
 */
export async function probeRouter(id: number): Promise<RouterProbe> {
  // The probe's dialog shows every failure in place, so the global error toast stays quiet.
  const data = await api.post<unknown>(`/api/MikrotikRouters/${id}/probar`, {}, { silent: true });
  return readResponse(routerProbeSchema, data, 'la prueba del router');
}

export function useProbeRouter() {
  return useMutation({ mutationFn: probeRouter });
}
