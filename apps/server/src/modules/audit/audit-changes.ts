/** What the Registro writes instead of a secret's value (a password, an API key). */
export const SECRET_CHANGED = 'contraseña cambiada';
const SECRET_REMOVED = 'contraseña quitada';

type Fields = Record<string, unknown>;

/**
 * The audit `before` / `after` of an edit, reduced to the fields that changed (compared as JSON), so the Registro
 * says what changed. `secrets` name fields whose values never reach the audit: each that changed is written in
 * `after` as 'contraseña cambiada' ('contraseña quitada' when cleared) and left out of `before`. Null when
 * nothing changed.
 */
export function auditChanges(
  before: Fields,
  after: Fields,
  secrets: Readonly<Record<string, 'changed' | 'removed' | 'kept'>> = {},
): { before: Fields; after: Fields } | null {
  const was: Fields = {};
  const now: Fields = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key in secrets) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  for (const [key, change] of Object.entries(secrets)) {
    if (change === 'kept') continue;
    now[key] = change === 'changed' ? SECRET_CHANGED : SECRET_REMOVED;
  }
  return Object.keys(now).length ? { before: was, after: now } : null;
}
