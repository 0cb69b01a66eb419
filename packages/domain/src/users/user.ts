import { z } from 'zod';

export const userSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  apellidos: z.string(),
  userName: z.string(),
  email: z.string(),
  idPerfilUsuario: z.number().int(),
  activo: z.boolean(),
  picture: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

const level = z
  .number({ error: 'Elige un nivel' })
  .int('El nivel debe ser un número entero')
  .min(1, 'El nivel mínimo es 1')
  .max(20, 'El nivel máximo es 20');

export const userCreateSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'El correo es obligatorio').email('Correo inválido'),
  nombre: z.string().trim().min(1, 'El nombre es obligatorio').max(100),
  apellidos: z.string().trim().max(150).default(''),
  idPerfilUsuario: level,
});
export type UserCreate = z.infer<typeof userCreateSchema>;

export const userUpdateSchema = z
  .object({
    nombre: z.string().trim().min(1, 'El nombre es obligatorio').max(100).optional(),
    apellidos: z.string().trim().max(150).optional(),
    idPerfilUsuario: level.optional(),
    activo: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'No hay cambios que guardar' });
export type UserUpdate = z.infer<typeof userUpdateSchema>;
