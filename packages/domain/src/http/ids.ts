import { z } from '../zod';

/** Largest id a PostgreSQL `integer`/`serial` column holds. */
export const MAX_INT = 2_147_483_647;

/** A numeric id in a JSON body: a positive 32-bit integer sent as a JSON number. Path ids: `idParamSchema` (input.ts). */
export const idSchema = z
  .number({ error: 'Id inválido' })
  .int('Id inválido')
  .positive('Id inválido')
  .max(MAX_INT, 'Id inválido');
