/**
 * A one-time marker that this browser tab started a sign-in with the identity provider. The
 * callback accepts a token only when it is there and recent, so a link crafted by someone else
 * (login CSRF, session fixation) cannot sign this browser into their account.
 */
export const OIDC_PENDING_KEY = 'airlink.oidcPending';
/** A sign-in started longer ago than this is not accepted any more. */
export const OIDC_PENDING_MAX_AGE_MS = 10 * 60_000;

/** Stores the marker (Date.now()) right before the browser goes to the authorize endpoint. */
export function markOidcPending(now = Date.now()): void {
  try {
    sessionStorage.setItem(OIDC_PENDING_KEY, String(now));
  } catch (e) {
    // Without storage the callback will refuse the sign-in and say so.
    console.error('Could not store the sign-in marker', e);
  }
}

/** True when the marker exists and is younger than OIDC_PENDING_MAX_AGE_MS. Reads only. */
export function hasRecentOidcPending(now = Date.now()): boolean {
  try {
    const raw = sessionStorage.getItem(OIDC_PENDING_KEY);
    if (raw === null || !/^\d+$/.test(raw)) return false;
    const age = now - Number(raw);
    return age >= 0 && age < OIDC_PENDING_MAX_AGE_MS;
  } catch {
    return false;
  }
}

/** Removes the marker: it serves one callback only. */
export function clearOidcPending(): void {
  try {
    sessionStorage.removeItem(OIDC_PENDING_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
