/**
 * A number typed in a text field as the domain's schemas read it: empty is null (not given), a number is
 * that number, anything else stays text so the schema answers its Spanish 'debe ser un número'.
 */
export function numberOrNull(text: string): number | string | null {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}

/** A number as the text of its field ('' for none). */
export function numberText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}
