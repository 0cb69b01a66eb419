import {
  dailyReportSchema,
  dailyReportSendSchema,
  dailyReportSettingsSchema,
  type DailyReportSettings,
  type DailyReportSettingsInput,
  z,
} from '@airlink/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';

const CONTEXT = 'con el reporte diario';

/** TanStack Query keys of the Reporte diario page. */
export const dailyReportKeys = {
  all: ['daily-report'] as const,
  report: (fecha: string) => [...dailyReportKeys.all, 'report', fecha] as const,
  settings: () => [...dailyReportKeys.all, 'settings'] as const,
  sends: () => [...dailyReportKeys.all, 'sends'] as const,
};

/** GET /api/reporte-diario?fecha= (level 20). */
export function useDailyReport(fecha: string) {
  return useQuery(
    queryOptions({
      queryKey: dailyReportKeys.report(fecha),
      queryFn: async ({ signal }) =>
        readResponse(
          dailyReportSchema,
          await api.get<unknown>(`/api/reporte-diario?fecha=${encodeURIComponent(fecha)}`, { signal, silent: true }),
          CONTEXT,
        ),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useDailyReportSettings() {
  return useQuery(
    queryOptions({
      queryKey: dailyReportKeys.settings(),
      queryFn: async ({ signal }) =>
        readResponse(
          dailyReportSettingsSchema,
          await api.get<unknown>('/api/reporte-diario/configuracion', { signal, silent: true }),
          CONTEXT,
        ),
    }),
  );
}

export function useUpdateDailyReportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DailyReportSettingsInput): Promise<DailyReportSettings> =>
      readResponse(
        dailyReportSettingsSchema,
        await api.put<unknown>('/api/reporte-diario/configuracion', input, { silent: true }),
        CONTEXT,
      ),
    onSuccess: (saved) => queryClient.setQueryData(dailyReportKeys.settings(), saved),
  });
}

/** GET /api/reporte-diario/envios: the sends of the last 30 days. */
export function useDailyReportSends() {
  return useQuery(
    queryOptions({
      queryKey: dailyReportKeys.sends(),
      queryFn: async ({ signal }) =>
        readResponse(
          z.array(dailyReportSendSchema),
          await api.get<unknown>('/api/reporte-diario/envios', { signal, silent: true }),
          CONTEXT,
        ),
    }),
  );
}

/** POST /api/reporte-diario/enviar: today's report to the owner now. */
export function useSendDailyReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      readResponse(
        dailyReportSendSchema,
        await api.post<unknown>('/api/reporte-diario/enviar', undefined, { silent: true }),
        CONTEXT,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dailyReportKeys.sends() }),
  });
}
