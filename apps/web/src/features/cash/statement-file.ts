import { MAX_STATEMENT_BYTES } from '@airlink/domain';

export type StatementFileResult = { ok: true; csv: string } | { ok: false; error: string };

/**
 * Reads a bank statement picked in the browser: at most 2 MB, as UTF-8, or as Windows-1252 (what Excel and
 * several Mexican banks save) when it is not valid UTF-8.
 */
export async function readStatementFile(file: File): Promise<StatementFileResult> {
  if (file.size > MAX_STATEMENT_BYTES) return { ok: false, error: 'El archivo es demasiado grande (máximo 2 MB).' };
  if (file.size === 0) return { ok: false, error: 'El archivo está vacío.' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let csv: string;
  try {
    csv = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    csv = new TextDecoder('windows-1252').decode(bytes);
  }
  csv = csv.replace(/^\uFEFF/, '');
  if (!csv.trim()) return { ok: false, error: 'El archivo está vacío.' };
  if (csv.includes('\u0000'))
    return { ok: false, error: 'El archivo no es un CSV de texto. Descarga el estado de cuenta en formato CSV.' };
  return { ok: true, csv };
}
