import { useMutation } from '@tanstack/react-query';
import { downloadFile, fileNameOf } from '../../../lib/download-file';
import { reportSearch, type ReportRange } from './get-finance-report';

/** The file name the server proposes (Content-Disposition), or one made from the range. */
export const csvFileName = (disposition: string | null, { desde, hasta }: ReportRange): string =>
  fileNameOf(disposition, `reporte-finanzas-${desde}-a-${hasta}.csv`);

/** GET /api/finanzas/reporte.csv (level 20) with the bearer token, saved as a file. */
export function downloadFinanceReportCsv(range: ReportRange): Promise<string> {
  return downloadFile(`/api/finanzas/reporte.csv${reportSearch(range)}`, {
    accept: 'text/csv',
    fallbackName: csvFileName(null, range),
    failure: (status) => `No se pudo descargar el reporte (${status}). Intenta de nuevo.`,
  });
}

export function useDownloadFinanceReportCsv() {
  return useMutation({ mutationFn: downloadFinanceReportCsv });
}
