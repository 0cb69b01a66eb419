import { z } from 'zod';
import { accountGroupSchema } from '../catalog/accounts';

/** GET /api/cuentas (spec 001 section 3: id, nombre) with its group. */
export const accountSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  grupo: accountGroupSchema,
  activo: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

/** GET /api/MovimientoFinancieroCategoria (spec 001 section 3). */
export const expenseCategorySchema = z.object({ id: z.number().int(), nombre: z.string(), icono: z.string() });
export type ExpenseCategory = z.infer<typeof expenseCategorySchema>;
