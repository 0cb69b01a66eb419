import { z } from '../zod';
import { accountGroupSchema } from '../catalog/accounts-schema';
import { jsonInt, lineText } from '../http/input';

/** GET /api/cuentas (docs/api-contract.md "Money": id, nombre) with its group, active flag and place in the lists. */
export const accountSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  grupo: accountGroupSchema,
  activo: z.boolean(),
  orden: z.number().int(),
});
export type Account = z.infer<typeof accountSchema>;

export const MAX_ACCOUNT_NAME = 60;
export const MAX_ACCOUNT_ORDER = 999;

/**
 * PUT /api/cuentas/{id} (Administración): name, group, active flag and order. The group of the spec's ids
 * is fixed (docs/business-rules.md "Accounts and payment places"), so a different group is refused by the service with a message.
 */
export const accountUpdateSchema = z.strictObject({
  nombre: lineText({ error: 'Escribe el nombre de la cuenta' })
    .min(1, 'Escribe el nombre de la cuenta')
    .max(MAX_ACCOUNT_NAME, `El nombre de la cuenta admite hasta ${MAX_ACCOUNT_NAME} caracteres`),
  grupo: accountGroupSchema,
  activo: z.boolean({ error: 'Activa debe ser sí o no' }),
  orden: jsonInt('El orden debe ser un número entero')
    .min(0, `El orden va de 0 a ${MAX_ACCOUNT_ORDER}`)
    .max(MAX_ACCOUNT_ORDER, `El orden va de 0 a ${MAX_ACCOUNT_ORDER}`),
});
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

/** GET /api/MovimientoFinancieroCategoria (docs/api-contract.md "Money"). */
export const expenseCategorySchema = z.object({ id: z.number().int(), nombre: z.string(), icono: z.string() });
export type ExpenseCategory = z.infer<typeof expenseCategorySchema>;

/** The Material icon names a category may have (the web draws each one). */
export const EXPENSE_CATEGORY_ICONS = [
  'Category',
  'Home',
  'Bolt',
  'Router',
  'Groups',
  'LocalGasStation',
  'Build',
  'Description',
  'Handyman',
  'AccountBalance',
] as const;
export type ExpenseCategoryIcon = (typeof EXPENSE_CATEGORY_ICONS)[number];

export const MAX_CATEGORY_NAME = 60;

/** POST and PUT /api/MovimientoFinancieroCategoria: a name (unique, ignoring case and accents) and an icon. */
export const expenseCategoryInputSchema = z.strictObject({
  nombre: lineText({ error: 'Escribe el nombre de la categoría' })
    .min(1, 'Escribe el nombre de la categoría')
    .max(MAX_CATEGORY_NAME, `El nombre de la categoría admite hasta ${MAX_CATEGORY_NAME} caracteres`),
  icono: z.enum(EXPENSE_CATEGORY_ICONS, { error: 'Elige un ícono de la lista' }).default('Category'),
});
export type ExpenseCategoryInput = z.input<typeof expenseCategoryInputSchema>;
