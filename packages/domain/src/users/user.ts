import { z } from '../zod';
import { lineText } from '../http/input';
import { MAX_INT } from '../http/ids';

export const userSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  apellidos: z.string(),
  userName: z.string(),
  email: z.string(),
  idPerfilUsuario: z.number().int(),
  activo: z.boolean(),
  picture: z.string().nullable(),
  /** The employee this user is (Empleados), or null. */
  idEmpleado: z.number().int().nullable().default(null),
  empleadoNombre: z.string().nullable().default(null),
  /** When the user last signed in (ISO instant), or null when never. */
  ultimoAcceso: z.string().nullable().default(null),
});
export type User = z.infer<typeof userSchema>;

const level = z
  .number({ error: 'Elige un nivel' })
  .int('El nivel debe ser un número entero')
  .min(1, 'El nivel mínimo es 1')
  .max(20, 'El nivel máximo es 20');

export const userCreateSchema = z.object({
  email: lineText({ error: 'El correo es obligatorio' })
    .toLowerCase()
    .min(1, 'El correo es obligatorio')
    .email('Correo inválido'),
  nombre: lineText({ error: 'El nombre es obligatorio' }).min(1, 'El nombre es obligatorio').max(100),
  apellidos: lineText().max(150).default(''),
  idPerfilUsuario: level,
});
export type UserCreate = z.infer<typeof userCreateSchema>;

export const userUpdateSchema = z
  .object({
    nombre: lineText({ error: 'El nombre es obligatorio' }).min(1, 'El nombre es obligatorio').max(100).optional(),
    apellidos: lineText().max(150).optional(),
    idPerfilUsuario: level.optional(),
    activo: z.boolean({ error: 'Activo debe ser sí o no' }).optional(),
    /** Links the user to an employee (null unlinks). */
    idEmpleado: z
      .number({ error: 'Elige un empleado' })
      .int('Id inválido')
      .positive('Id inválido')
      .max(MAX_INT, 'Id inválido')
      .nullable()
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'No hay cambios que guardar' });
export type UserUpdate = z.infer<typeof userUpdateSchema>;
