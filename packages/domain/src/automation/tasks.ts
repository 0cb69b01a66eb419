import { z } from '../zod';

/** Tareas page (issue 15, part 5): the job runner's schedules with their next and last runs and failures. */
export const taskSchema = z.object({
  nombre: z.string(),
  cadaSegundos: z.number().int(),
  siguiente: z.string().describe('Próxima ejecución programada (ISO)'),
  ultima: z
    .object({
      estado: z.enum(['done', 'failed']),
      terminada: z.string().nullable(),
      error: z.string().nullable(),
      resultado: z.string().nullable().describe('Qué hizo la ejecución, si la tarea lo dice (p. ej. por qué no envió)'),
    })
    .nullable(),
  fallas: z.number().int().describe('Ejecuciones fallidas que se conservan (24 h)'),
  enCurso: z.boolean().describe('Hay una ejecución en cola o corriendo'),
});
export type Task = z.infer<typeof taskSchema>;

export const taskNameParams = z.strictObject({
  nombre: z.string().regex(/^[a-z0-9.:-]{1,80}$/, 'El nombre de la tarea no es válido'),
});
