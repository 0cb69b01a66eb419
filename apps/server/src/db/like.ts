/** `%text%` for LIKE, with `%`, `_` and `\` of the text matching themselves (backslash is LIKE's default escape). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `text%` for LIKE (the text is a prefix), escaped like `containsPattern`. */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
