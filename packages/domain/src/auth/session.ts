import { z } from '../zod';

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
/** The one-time sign-in code the identity provider callback hands to the web can be exchanged this long. */
export const SIGN_IN_CODE_TTL_SECONDS = 60;
/** A sign-in code: 32 random bytes in base64url, nothing else. */
export const SIGN_IN_CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const refreshTokenBodySchema = z.object({
  token: z.string({ error: 'Falta el token' }).min(1, 'Falta el token'),
});
export const refreshTokenResponseSchema = z.object({ token: z.string() });

export const devUserSchema = z.object({
  email: z.string(),
  nombre: z.string(),
  idPerfilUsuario: z.number().int(),
});
export type DevUser = z.infer<typeof devUserSchema>;

export const devLoginBodySchema = z.object({ email: z.string().trim().toLowerCase().email('Correo inválido') });
/** What a sign-in answers (demo sign-in, and the exchange of a sign-in code). */
export const signInResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });

/** POST /api/auth/exchange: the one-time code /auth/callback received. */
export const signInCodeBodySchema = z.object({
  code: z
    .string({ error: 'Falta el código de inicio de sesión' })
    .regex(SIGN_IN_CODE_PATTERN, 'El código de inicio de sesión no es válido. Inicia sesión de nuevo.'),
});

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

/** Parses a stored session user (the browser's `user` entry); null when missing or invalid. */
export function parseSessionUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const r = sessionUserSchema.safeParse(JSON.parse(raw));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}
