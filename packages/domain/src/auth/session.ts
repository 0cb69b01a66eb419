import { z } from 'zod';

/** The signed-in user the browser stores next to its token (spec 000 section 3). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  idPerfilUsuario: z.number().int(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const TOKEN_TTL_SECONDS = 8 * 60 * 60;
/** An expired token may still be refreshed for this long while its session lives. */
export const REFRESH_GRACE_SECONDS = 60 * 60;
/** A session can be refreshed for at most this long after sign-in; then the user signs in again. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** After a refresh, the previous token may still be refreshed this long (two tabs refreshing at once). */
export const REFRESH_REUSE_WINDOW_SECONDS = 60;

export const refreshTokenBodySchema = z.object({ token: z.string({ error: 'Falta el token' }).min(1, 'Falta el token') });
export const refreshTokenResponseSchema = z.object({ token: z.string() });

export const devUserSchema = z.object({
  email: z.string(),
  nombre: z.string(),
  idPerfilUsuario: z.number().int(),
});
export type DevUser = z.infer<typeof devUserSchema>;

export const devLoginBodySchema = z.object({ email: z.string().trim().toLowerCase().email('Correo inválido') });
export const devLoginResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });

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

/** Parses the `user` query parameter of /auth/callback; null when missing or invalid. */
export function parseCallbackUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const r = sessionUserSchema.safeParse(JSON.parse(raw));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}
