import { routerPort } from './router';

/**
 * A stored secret never goes to a new address (issue 22 part 3). The server keeps the passwords of routers,
 * sites and radios sealed and sends them only where they were typed for: saving a new address (or a radio's
 * new way to its site's password) needs the password typed again, so whoever changes an address cannot make
 * the server hand a stored password to a machine of their choosing. These rules decide when; the server
 * enforces them and the forms say so while the user edits.
 */

/** The `details.password` line of a 400 when the password must be typed again. */
export const PASSWORD_AGAIN_FIELD_MESSAGE = 'Cambió la dirección: escribe de nuevo la contraseña';

/** 400 message of a router saved at a new host, port or TLS without its password. */
export const ROUTER_PASSWORD_AGAIN_MESSAGE =
  'Cambiaste el host, el puerto o TLS del router: escribe de nuevo su contraseña (la guardada no se envía a otra dirección).';

/** 400 message of a radio with its own password saved at a new URL or IP without it. */
export const RADIO_PASSWORD_AGAIN_MESSAGE =
  'Cambiaste la URL o la IP del radio: escribe de nuevo su contraseña (la guardada no se envía a otra dirección).';

/** 400 message of a radio that would take its site's password to a new address without it typed. */
export const SITE_PASSWORD_AGAIN_MESSAGE =
  'El radio usa la contraseña de su site: escríbela para usarla en esta dirección (la guardada no se envía a otra dirección sin confirmarla).';

/** `details.password` when the typed password is not the site's. */
export const SITE_PASSWORD_MISMATCH_MESSAGE = 'No es la contraseña del site';

/** Where a router's stored password goes: host (any letter case), port (the default of its TLS mode) and TLS. */
export interface RouterAddress {
  host: string;
  port: number | undefined;
  tls: boolean;
}

/** True when saving `after` would send the router's stored password (if any) somewhere else than `before`. */
export function routerAddressChanged(before: RouterAddress, after: RouterAddress): boolean {
  return (
    before.host.trim().toLowerCase() !== after.host.trim().toLowerCase() ||
    before.tls !== after.tls ||
    routerPort(before.port, before.tls) !== routerPort(after.port, after.tls)
  );
}

/** True when an edit of a router that has a stored password must carry the password again. */
export function routerNeedsPasswordAgain(
  before: RouterAddress & { tienePassword: boolean },
  after: RouterAddress & { password: string },
): boolean {
  return before.tienePassword && after.password === '' && routerAddressChanged(before, after);
}

/**
 * A radio as it stands (or as the form would save it) for the password rule: its own URL (`''`: none), its
 * IP, its site, its own user name (`''`: the site's) and whether it carries its own stored password.
 */
export interface RadioAccess {
  url: string;
  ipaddr: string;
  siteid: number | null;
  username: string;
  ownPassword: boolean;
}

/** A radio uses its site's credentials when it has neither a user name nor a password of its own. */
export function usesSitePassword(r: Pick<RadioAccess, 'username' | 'ownPassword'>): boolean {
  return r.username === '' && !r.ownPassword;
}

/** True when the radio's management address (its own URL or its IP) changed. */
export function radioAddressChanged(
  before: Pick<RadioAccess, 'url' | 'ipaddr'>,
  after: Pick<RadioAccess, 'url' | 'ipaddr'>,
) {
  return before.url.trim() !== after.url.trim() || before.ipaddr.trim() !== after.ipaddr.trim();
}

/**
 * Whose password a radio's save must carry typed again, if any:
 * - `'own'`: the radio keeps its own stored password and its URL or IP changed; the typed password replaces it.
 * - `'site'`: the radio uses its site's stored password (`siteHasPassword`) and that password would reach an
 *   address it was not confirmed for: a new radio, a changed URL or IP, another site, or a radio that used its
 *   own credentials before. The typed password must be the site's; it is not stored on the radio.
 * - `null`: no stored password would go anywhere new (no address, no stored password, same address).
 *
 * `before` is null for a new radio; `after.ownPassword` says whether the radio keeps a stored password of its
 * own (a password typed now is what the rule asks for, not part of it).
 */
export function radioPasswordNeed(
  before: RadioAccess | null,
  after: Omit<RadioAccess, 'ownPassword'>,
  siteHasPassword: boolean,
): 'own' | 'site' | null {
  if (after.url.trim() === '' && after.ipaddr.trim() === '') return null;
  const ownPassword = before?.ownPassword ?? false;
  if (!usesSitePassword({ username: after.username, ownPassword })) {
    return ownPassword && before !== null && radioAddressChanged(before, after) ? 'own' : null;
  }
  if (!siteHasPassword || after.siteid === null) return null;
  const confirmed =
    before !== null &&
    usesSitePassword(before) &&
    before.siteid === after.siteid &&
    !radioAddressChanged(before, after);
  return confirmed ? null : 'site';
}
