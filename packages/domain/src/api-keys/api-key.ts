import { z } from '../zod';
import { API_KEY_PROFILE_VALUES, DEFAULT_API_KEY_PROFILE } from '../access/api-key-profiles';
import { dateTimeInput, lineText, multilineText } from '../http/input';

/** Longest name and description of a key (docs/business-rules.md "API keys"; the old app left them open). */
export const API_KEY_NAME_MAX = 100;
export const API_KEY_DESCRIPTION_MAX = 500;

/**
 * A key as the client sees it: `alk_` and 43 base64url characters (32 random bytes). Only its SHA-256
 * and the first characters (`keyPrefix`) are stored; the whole key is in the create and regenerate answers.
 */
export const API_KEY_MARK = 'alk_';
export const API_KEY_RANDOM_BYTES = 32;
/** Characters of the key kept in clear to tell keys apart ('alk_' and 6 more). */
export const API_KEY_PREFIX_LENGTH = API_KEY_MARK.length + 6;
const API_KEY_PATTERN = /^alk_[A-Za-z0-9_-]{43}$/;

/** Whether a text has the shape of one of our keys (after trimming spaces and line breaks around it). */
export function looksLikeApiKey(text: string): boolean {
  return API_KEY_PATTERN.test(text.trim());
}

/** The key shown masked on its card: the stored prefix and dots. */
export function maskApiKey(keyPrefix: string): string {
  return `${keyPrefix}${'•'.repeat(24)}`;
}

const profile = z.enum(API_KEY_PROFILE_VALUES, { error: 'Elige un perfil: admin, readonly, contracts o financial' });
const name = lineText({ error: 'El nombre es obligatorio' })
  .min(1, 'El nombre es obligatorio')
  .max(API_KEY_NAME_MAX, `El nombre admite como máximo ${API_KEY_NAME_MAX} caracteres`);
const description = multilineText({ error: 'La descripción debe ser texto' }).max(
  API_KEY_DESCRIPTION_MAX,
  `La descripción admite como máximo ${API_KEY_DESCRIPTION_MAX} caracteres`,
);
const neverExpires = z.boolean({ error: 'Nunca expira debe ser sí o no' });
const expiresAt = dateTimeInput('La fecha de expiración no es válida');

export const EXPIRY_REQUIRED_MESSAGE = 'Elige la fecha de expiración o marca que nunca expira';
export const EXPIRY_IN_PAST_MESSAGE = 'La fecha de expiración ya pasó: elige una fecha futura';

export const apiKeyCreateSchema = z
  .object({
    name,
    profile: profile.default(DEFAULT_API_KEY_PROFILE),
    description: description.nullable().optional(),
    neverExpires: neverExpires.default(true),
    expiresAt: expiresAt.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.neverExpires && !v.expiresAt)
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: EXPIRY_REQUIRED_MESSAGE });
  });
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

export const apiKeyUpdateSchema = z
  .object({
    name: name.optional(),
    profile: profile.optional(),
    description: description.nullable().optional(),
    neverExpires: neverExpires.optional(),
    expiresAt: expiresAt.nullable().optional(),
    isActive: z.boolean({ error: 'Activa debe ser sí o no' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (Object.values(v).every((x) => x === undefined))
      ctx.addIssue({ code: 'custom', message: 'No hay cambios que guardar' });
    if (v.neverExpires === false && !v.expiresAt)
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: EXPIRY_REQUIRED_MESSAGE });
  });
export type ApiKeyUpdate = z.infer<typeof apiKeyUpdateSchema>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  profile: z.enum(API_KEY_PROFILE_VALUES),
  description: z.string().nullable(),
  keyPrefix: z.string(),
  neverExpires: z.boolean(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  lastUsed: z.string().nullable(),
  isActive: z.boolean(),
  isExpired: z.boolean(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The create and regenerate answers: the key itself, the only time it is sent. */
export const apiKeyWithSecretSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyWithSecret = z.infer<typeof apiKeyWithSecretSchema>;

/** Expired: it has an expiry and that instant has come. A key that never expires never is. */
export function isApiKeyExpired(key: { neverExpires: boolean; expiresAt: Date | string | null }, now: Date): boolean {
  if (key.neverExpires || key.expiresAt === null) return false;
  return new Date(key.expiresAt).getTime() <= now.getTime();
}

/** The card's status chip (docs/business-rules.md "API keys"): Inactiva (red) before Expirada (orange) before Activa (green). */
export function apiKeyStatus(key: { isActive: boolean; isExpired: boolean }): {
  label: 'Activa' | 'Expirada' | 'Inactiva';
  color: 'success' | 'warning' | 'error';
} {
  if (!key.isActive) return { label: 'Inactiva', color: 'error' };
  if (key.isExpired) return { label: 'Expirada', color: 'warning' };
  return { label: 'Activa', color: 'success' };
}
