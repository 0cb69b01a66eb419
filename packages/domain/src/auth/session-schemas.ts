import { z } from '../zod';
import { SIGN_IN_CODE_PATTERN } from './session';

/** The signed-in user the browser stores next to its token (docs/api-contract.md "Sign-in and session"). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  idPerfilUsuario: z.number().int(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

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
