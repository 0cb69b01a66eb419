import { useMutation } from '@tanstack/react-query';
import { ApiError, apiErrorOf, handleUnauthorized, sessionFetch } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { reportSearch, type ReportRange } from './get-finance-report';

/** The file name the server proposes (Content-Disposition), or one made from the range. */
export function csvFileName(disposition: string | null, { desde, hasta }: ReportRange): string {
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition ?? '');
  return plain?.[1]?.trim() || `reporte-finanzas-${desde}-a-${hasta}.csv`;
}

/**
 * GET /api/finanzas/reporte.csv (level 20) with the bearer token, saved as a file. A plain link cannot send
 * the Authorization header, so the file is fetched and handed over as a blob.
 */
export async function downloadFinanceReportCsv(range: ReportRange): Promise<string> {
  let res: Response;
  try {
    // Through the session lock like every API call: a token refresh never replaces the token on its way.
    res = await sessionFetch(`/api/finanzas/reporte.csv${reportSearch(range)}`, { headers: { Accept: 'text/csv' } });
  } catch {
    throw new ApiError(0, 'network', 'No se pudo conectar con el servidor. Revisa tu conexión e intenta de nuevo.');
  }
  if (!res.ok) {
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      // Not JSON: the generic message below.
    }
    const err = await apiErrorOf(
      res.status,
      body,
      `No se pudo descargar el reporte (${res.status}). Intenta de nuevo.`,
    );
    if (res.status === 401) handleUnauthorized();
    throw err;
  }
  const blob = await res.blob();
  const fileName = csvFileName(res.headers.get('content-disposition'), range);
  saveBlob(blob, fileName);
  return fileName;
}

export function useDownloadFinanceReportCsv() {
  return useMutation({ mutationFn: downloadFinanceReportCsv });
}
