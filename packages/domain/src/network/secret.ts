import { z } from '../zod';
import { INVALID_TEXT_MESSAGE, isSafeText } from '../http/input';

/**
 * A password for another system (router, site, radio) in a request. Not trimmed (spaces can be part of it).
 * Empty means "none" on create and "keep the stored one" on edit; answers never carry it, only
 * `tienePassword`.
 */
export const secretInput = (label = 'La contraseña') =>
  z
    .string({ error: `${label} debe ser texto` })
    .max(200, `${label}: máximo 200 caracteres`)
    .refine((v) => isSafeText(v), INVALID_TEXT_MESSAGE)
    .default('');
