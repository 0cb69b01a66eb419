import type { QueryClient } from '@tanstack/react-query';
import { businessDate } from '../../../lib/business-time';
import { financeReportQueryOptions } from '../api/get-finance-report';
import { presetRange } from '../report-range';

/**
 * What Finanzas shows first (this month's report), fetched ahead when the browser is idle (app/prefetch-pages.ts)
 * under the key the page asks for.
 */
export function prefetchFinanceReportPage(client: QueryClient): Promise<void> {
  return client.prefetchQuery(financeReportQueryOptions(presetRange('este-mes', businessDate(new Date()))));
}
