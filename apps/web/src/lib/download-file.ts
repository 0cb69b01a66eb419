import { ApiError, apiErrorOf, handleUnauthorized, sessionFetch } from './api-client';

/** Hands a blob to the browser as a download (an object URL on a temporary link). */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** The file name the server proposes (Content-Disposition, UTF-8 form first), or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition ?? '');
  return plain?.[1]?.trim() || fallback;
}

/**
 * A signed-in GET saved as a file: a plain link cannot send the Authorization header, so the file is fetched
 * (through the session lock like every API call) and handed over as a blob. A refusal is an ApiError with the
 * server's Spanish message, or `failure(status)`. Answers the file name.
 */
export async function downloadFile(
  path: string,
  opts: { accept?: string; fallbackName: string; failure: (status: number) => string },
): Promise<string> {
  let res: Response;
  try {
    res = await sessionFetch(path, opts.accept ? { headers: { Accept: opts.accept } } : undefined);
  } catch {
    throw new ApiError(0, 'network', 'No se pudo conectar con el servidor. Revisa tu conexión e intenta de nuevo.');
  }
  if (!res.ok) {
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      // Not JSON: the generic message.
    }
    const err = await apiErrorOf(res.status, body, opts.failure(res.status));
    if (res.status === 401) handleUnauthorized();
    throw err;
  }
  const fileName = fileNameOf(res.headers.get('content-disposition'), opts.fallbackName);
  saveBlob(await res.blob(), fileName);
  return fileName;
}
