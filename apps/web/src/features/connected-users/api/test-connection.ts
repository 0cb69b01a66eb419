import { queryOptions, useQuery } from '@tanstack/react-query';
import { connectionTestSchema, type ConnectionTest } from '@airlink/domain';
import { api } from '../../../lib/api-client';
import { connectedUsersKeys } from './connected-users-query-keys';

export type TestConnectionResult = ConnectionTest;

/** The IP test gives up after this long (docs/business-rules.md "Screens": IP discovery times out at 5 s). */
export const TEST_CONNECTION_TIMEOUT_MS = 5_000;

/** GET /api/ConnectedUsers/test-connection (level 20): the address the server sees this browser at. */
export async function fetchTestConnection(signal?: AbortSignal): Promise<TestConnectionResult> {
  const timeout = AbortSignal.timeout(TEST_CONNECTION_TIMEOUT_MS);
  let data: unknown;
  try {
    // The dialog shows a failure in place, so the global error toast stays quiet.
    data = await api.get<unknown>('/api/ConnectedUsers/test-connection', {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      silent: true,
    });
  } catch (e) {
    if (timeout.aborted && !signal?.aborted) {
      throw new Error(`el servidor no respondió en ${TEST_CONNECTION_TIMEOUT_MS / 1000} s`, { cause: e });
    }
    throw e;
  }
  const parsed = connectionTestSchema.safeParse(data);
  if (!parsed.success) throw new Error('la respuesta llegó en un formato inesperado');
  return parsed.data;
}

export const testConnectionQueryOptions = () =>
  queryOptions({
    queryKey: connectedUsersKeys.testConnection(),
    queryFn: ({ signal }) => fetchTestConnection(signal),
    // Every opening of the dialog asks again: the answer is about this moment.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** Runs the IP test while the component that asks is mounted (the 'Probar IP' dialog). */
export function useTestConnection() {
  return useQuery(testConnectionQueryOptions());
}
