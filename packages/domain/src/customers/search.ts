import { foldText } from '../format/text';
import { displayIdPieces, type DisplayIdSource } from './display-id';

/** At most this many words of a search are used; the rest are ignored. */
export const MAX_SEARCH_WORDS = 8;

/**
 * The words of a customer search (docs/business-rules.md "Screens"): split on white space, folded (case- and
 * accent-insensitive), duplicates dropped. An empty or blank search has no words.
 */
export function searchWords(query: string | null | undefined): string[] {
  if (!query) return [];
  const words = foldText(query).split(' ').filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/** Every word must appear in some field (substring, case- and accent-insensitive). */
export function matchesSearch(fields: ReadonlyArray<string | number | null | undefined>, query: string): boolean {
  const words = searchWords(query);
  if (words.length === 0) return false;
  const folded = fields.filter((f) => f !== null && f !== undefined && f !== '').map((f) => foldText(String(f)));
  return words.every((w) => folded.some((f) => f.includes(w)));
}

export interface SearchTextSource extends DisplayIdSource {
  comunidad: string;
  telefono: string;
  email: string;
}

/**
 * The searchable text of a customer (kept in `contratos.search_text`, indexed with pg_trgm): its
 * fields and the display id pieces, folded. A word matches a customer when it is a substring of this.
 */
export function searchTextOf(row: SearchTextSource): string {
  const pieces = displayIdPieces(row).map((p) => p.trim());
  return foldText(
    [row.nombre, row.calle, row.numero, row.colonia, row.comunidad, row.telefono, row.email, ...pieces]
      .filter((s) => s !== '')
      .join(' '),
  );
}
