/**
 * Why the password must be typed again (issue 22 part 3): `'address'`, the router or radio moves to another
 * address and its stored password does not go there by itself; `'site'`, the radio would take its site's
 * password to an address it was not confirmed for. null: nothing to type again.
 */
export type PasswordAgain = 'address' | 'site' | null;

/** The error under the password field when the save needs it typed again and it is empty. */
export function passwordAgainError(again: Exclude<PasswordAgain, null>): string {
  return again === 'site' ? 'Escribe la contraseña del site' : 'Cambió la dirección: escribe de nuevo la contraseña';
}

/** The hint under a password field: what leaving it empty does, and whether one is stored (never the password). */
export function passwordHint(editing: boolean, stored: boolean, again: PasswordAgain = null): string {
  if (again === 'address')
    return 'Cambió la dirección: escribe de nuevo la contraseña (la guardada no se envía a otra dirección).';
  if (again === 'site')
    return 'El radio usa la contraseña de su site: escríbela para usarla en esta dirección (no se guarda en el radio).';
  if (!editing) return 'Opcional.';
  return stored
    ? 'Hay una contraseña guardada: déjala vacía para conservarla.'
    : 'No hay contraseña guardada: déjala vacía para seguir sin ella.';
}
