import { businessSettingsSchema, type BusinessSettings } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { administrationKeys } from './administration-query-keys';

/** GET /api/configuracion (level 20): business weekdays, own holidays and the default suspension list. */
async function fetchBusinessSettings(signal?: AbortSignal): Promise<BusinessSettings> {
  return readResponse(
    businessSettingsSchema,
    await api.get<unknown>('/api/configuracion', { signal, silent: true }),
    'con la configuración',
  );
}

const businessSettingsQueryOptions = () =>
  queryOptions({ queryKey: administrationKeys.settings(), queryFn: ({ signal }) => fetchBusinessSettings(signal) });

export function useBusinessSettings() {
  return useQuery(businessSettingsQueryOptions());
}
