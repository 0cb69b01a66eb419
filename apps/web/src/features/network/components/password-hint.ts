/** The hint under a password field: what leaving it empty does, and whether one is stored (never the password). */
export function passwordHint(editing: boolean, stored: boolean): string {
  if (!editing) return 'Opcional.';
  return stored
    ? 'Hay una contraseña guardada: déjala vacía para conservarla.'
    : 'No hay contraseña guardada: déjala vacía para seguir sin ella.';
}
