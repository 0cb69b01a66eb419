import {
  onlinePaymentSettingsSchema,
  type OnlinePaymentSettings,
  type OnlinePaymentSettingsInput,
} from '@airlink/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { administrationKeys } from './administration-query-keys';

const PATH = '/api/pagos-en-linea/configuracion';

/** GET /api/pagos-en-linea/configuracion (level 20): the secrets only as 'guardado' flags, never their values. */
async function fetchOnlinePaymentSettings(signal?: AbortSignal): Promise<OnlinePaymentSettings> {
  return readResponse(
    onlinePaymentSettingsSchema,
    await api.get<unknown>(PATH, { signal, silent: true }),
    'con la configuración de pagos en línea',
  );
}

export function useOnlinePaymentSettings() {
  return useQuery(
    queryOptions({
      queryKey: administrationKeys.onlinePayments(),
      queryFn: ({ signal }) => fetchOnlinePaymentSettings(signal),
    }),
  );
}

/** PUT /api/pagos-en-linea/configuracion: an empty or absent secret keeps the stored one. */
export function useSaveOnlinePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: OnlinePaymentSettingsInput) =>
      readResponse(
        onlinePaymentSettingsSchema,
        await api.put<unknown>(PATH, input, { silent: true }),
        'con la configuración de pagos en línea',
      ),
    onSuccess: (saved) => queryClient.setQueryData(administrationKeys.onlinePayments(), saved),
  });
}
