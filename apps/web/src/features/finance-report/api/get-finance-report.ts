import { financeReportSchema } from '@airlink/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { financeReportKeys } from './finance-report-query-keys';
import { readResponse } from '../../../lib/read-response';

export interface ReportRange {
  /** YYYY-MM-DD, included. */
  desde: string;
  /** YYYY-MM-DD, included. */
  hasta: string;
}

export const reportSearch = ({ desde, hasta }: ReportRange) => `?${new URLSearchParams({ desde, hasta }).toString()}`;

/** GET /api/finanzas/reporte (level 20): income per group, day and account, expenses per category, result. */
export async function fetchFinanceReport(range: ReportRange, signal?: AbortSignal) {
  // The page shows a failure in place (with 'Reintentar'), so the global error toast stays quiet.
  const data = await api.get<unknown>(`/api/finanzas/reporte${reportSearch(range)}`, { signal, silent: true });
  return readResponse(financeReportSchema, data, 'el reporte de finanzas');
}

export const financeReportQueryOptions = (range: ReportRange) =>
  queryOptions({
    queryKey: financeReportKeys.report(range.desde, range.hasta),
    queryFn: ({ signal }) => fetchFinanceReport(range, signal),
    placeholderData: keepPreviousData,
  });

export function useFinanceReport(range: ReportRange, enabled = true) {
  return useQuery({ ...financeReportQueryOptions(range), enabled });
}
