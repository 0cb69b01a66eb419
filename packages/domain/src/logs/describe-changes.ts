/**
 * The words of an audit row (issue 22 part 6): what a create, edit or delete did, one line per field, as a
 * person reads it in the Registro: 'Host: 10.0.0.1 -> 10.0.0.2'. A secret is never written, not even sealed:
 * only that it changed ('contraseña cambiada').
 */

/** The line of a secret that changed (or was set on create). */
export const SECRET_CHANGED = 'contraseña cambiada';

/** How a field is named and shown in the lines. */
export interface ChangeField<V = unknown> {
  label: string;
  /** A secret: its values are only compared (sealed values differ on every save), never written. */
  secret?: boolean;
  /** The line of a changed secret; default `SECRET_CHANGED`. */
  changedText?: string;
  /** How a value reads; default: text as is, numbers in plain digits, true/false as 'sí'/'no', empty as '(vacío)'. */
  format?: (value: V) => string;
}

/** The fields to describe, in the order the lines are written: a label, or the field's full description. */
export type ChangeFields<T> = { [K in keyof T]?: string | ChangeField<T[K]> };

const EMPTY = '(vacío)';

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function plain(value: unknown): string {
  if (isEmpty(value)) return EMPTY;
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/**
 * The lines of a change from `before` to `after`: an edit gives 'Campo: antes -> después' for each field that
 * differs; a create (`before` null) gives 'Campo: valor' for each field with a value; a delete (`after` null)
 * the same with the values it had. Fields not listed in `fields` are not described.
 */
export function describeChanges<T extends object>(
  before: T | null,
  after: T | null,
  fields: ChangeFields<T>,
): string[] {
  const lines: string[] = [];
  for (const key of Object.keys(fields) as (keyof T & string)[]) {
    const spec = fields[key];
    if (spec === undefined) continue;
    const field: ChangeField<T[typeof key]> = typeof spec === 'string' ? { label: spec } : spec;
    const show = (v: T[typeof key]) => (field.format ? field.format(v) : plain(v));
    const old = before?.[key];
    const now = after?.[key];
    if (before && after) {
      if (Object.is(old, now) || JSON.stringify(old) === JSON.stringify(now)) continue;
      if (field.secret) lines.push(field.changedText ?? SECRET_CHANGED);
      else lines.push(`${field.label}: ${show(old as T[typeof key])} -> ${show(now as T[typeof key])}`);
      continue;
    }
    const value = (before ?? after)?.[key];
    if (isEmpty(value) || value === false) continue;
    // A secret set on create is named (its value never); a deleted one is not worth a line.
    if (field.secret) {
      if (after) lines.push(field.changedText ?? SECRET_CHANGED);
      continue;
    }
    lines.push(`${field.label}: ${show(value as T[typeof key])}`);
  }
  return lines;
}
