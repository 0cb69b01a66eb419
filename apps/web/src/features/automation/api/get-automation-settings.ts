import { automationSettingsSchema, type AutomationSettings } from '@airlink/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { automationKeys } from './automation-query-keys';

/** GET /api/cortes-programados/configuracion (level 20): on/off, time of day, mode and share limit. */
export async function fetchAutomationSettings(signal?: AbortSignal): Promise<AutomationSettings> {
  return readResponse(
    automationSettingsSchema,
    await api.get<unknown>('/api/cortes-programados/configuracion', { signal, silent: true }),
    'con el programa de cortes',
  );
}

export function useAutomationSettings() {
  return useQuery(
    queryOptions({ queryKey: automationKeys.settings(), queryFn: ({ signal }) => fetchAutomationSettings(signal) }),
  );
}
