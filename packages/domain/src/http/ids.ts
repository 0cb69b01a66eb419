import { z } from 'zod';

/** Largest id a PostgreSQL `integer`/`serial` column holds. */
export const MAX_INT = 2_147_483_647;

/** A numeric id in a path: a positive 32-bit integer, or a Spanish 400. */
export const idParamSchema = z.coerce
  .number({ error: 'Id inválido' })
  .int('Id inválido')
  .positive('Id inválido')
  .max(MAX_INT, 'Id inválido');

export const idSchema = z.number({ error: 'Id inválido' }).int('Id inválido').positive('Id inválido').max(MAX_INT, 'Id inválido');
