import type { SessionUser } from './session-schemas';

// The schemas of sign-in and the session are in session-schemas.ts: the web's first screen reads the stored user
// and the token's expiry with the functions below and must not bring zod with them (docs/performance.md).

export const TOKEN_TTL_SECONDS = 8 * 60 * 60;
/** An expired token may still be refreshed for this long while its session lives. */
export const REFRESH_GRACE_SECONDS = 60 * 60;
/** A session can be refreshed for at most this long after sign-in; then the user signs in again. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** The one-time sign-in code the identity provider callback hands to the web can be exchanged this long. */
export const SIGN_IN_CODE_TTL_SECONDS = 60;
/** A sign-in code: 32 random bytes in base64url, nothing else. */
export const SIGN_IN_CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Reads the `exp` claim of a JWT without verifying it (the browser only needs to know when to refresh). */
export function tokenExpiry(token: string): Date | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(globalThis.atob(b64.padEnd(b64.length + ((4 - (b64.length % 4)) % 4), '='))) as {
      exp?: unknown;
    };
    return typeof json.exp === 'number' ? new Date(json.exp * 1000) : null;
  } catch {
    return null;
  }
}

const isInt = (v: unknown): v is number => Number.isSafeInteger(v);

/**
 * Whether a value has the shape of sessionUserSchema (session-schemas.ts), checked without zod because the web
 * reads the stored user before its first render; session.test.ts holds the two to the same answers. Like the
 * schema, it keeps only the five fields.
 */
function toSessionUser(v: unknown): SessionUser | null {
  if (typeof v !== 'object' || v === null) return null;
  const { id, name, email, picture, idPerfilUsuario } = v as Record<string, unknown>;
  if (!isInt(id) || typeof name !== 'string' || typeof email !== 'string') return null;
  if (picture !== null && typeof picture !== 'string') return null;
  if (!isInt(idPerfilUsuario)) return null;
  return { id, name, email, picture, idPerfilUsuario };
}

/** Parses a stored session user (the browser's `user` entry); null when missing or invalid. */
export function parseSessionUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    return toSessionUser(JSON.parse(raw));
  } catch {
    return null;
  }
}
