/**
 * Text folded for searching: lower case, accents removed (NFD, combining marks dropped), runs of
 * white space as one space, trimmed. 'José  HERNÁNDEZ ' -> 'jose hernandez'.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
