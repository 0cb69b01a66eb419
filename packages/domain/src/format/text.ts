/**
 * Accent folding, one definition for JavaScript and SQL. `foldChars` maps characters one by one: ASCII
 * letters to lower case, the accented letters of Latin-1 (Á, ñ, ü, ç, …, upper and lower case) to their
 * base letter in lower case; every other character stays as it is. The SQL function `airlink_fold(text)`
 * (migration 0008) is the same map, built from these two strings, so a folded column and a folded query
 * agree character for character on PGlite and on any PostgreSQL collation (a test runs both on one table
 * of inputs). It is a table rather than Unicode decomposition because `translate` is cheap enough for the
 * searches and sorts that evaluate it per row, and `lower` folds only ASCII under the C collation.
 */
export const FOLD_FROM = 'áéíóúñüÁÉÍÓÚÑÜàèìòùâêîôûäëïöÀÈÌÒÙÂÊÎÔÛÄËÏÖãõçýÿÃÕÇÝåÅ';
export const FOLD_TO = 'aeiounuaeiounuaeiouaeiouaeioaeiouaeiouaeioaocyyaocyaa';

const FOLD_MAP = new Map<string, string>([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]!]));
const FOLDED_CHAR = new RegExp(`[A-Z${FOLD_FROM}]`, 'g');

/** Lower-case ASCII letters and Latin-1 accented letters as their base letter; nothing else changes. */
export function foldChars(text: string): string {
  // One regular-expression pass (the server folds every row's name for display ids): the characters to change
  // are ASCII capitals and the table's letters, all single UTF-16 units, so nothing else is touched.
  return text.replace(FOLDED_CHAR, (c) => FOLD_MAP.get(c) ?? c.toLowerCase());
}

/**
 * Text folded for searching: composed (NFC, so a decomposed 'é' is folded too), `foldChars`, runs of white
 * space as one space, trimmed. 'José  HERNÁNDEZ ' -> 'jose hernandez'.
 */
export function foldText(text: string): string {
  return foldChars(text.normalize('NFC')).replace(/\s+/g, ' ').trim();
}
