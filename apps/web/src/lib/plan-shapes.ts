import { lineText, moneyInput, z } from '@airlink/domain';

/*
 * Plans on the router (issue 23): the shapes of GET/PUT /api/planes as the issue names them, until the
 * domain's plan schemas land (then these go and the domain's are imported instead).
 */

export const PLAN_MIN_MBPS = 0.064;
export const PLAN_MAX_MBPS = 10_000;

const mbps = (label: string) =>
  z
    .number({ error: `${label} debe ser un número` })
    .min(PLAN_MIN_MBPS, `${label} va de 0.064 a 10,000 Mbps`)
    .max(PLAN_MAX_MBPS, `${label} va de 0.064 a 10,000 Mbps`);

const burstSchema = z.object({
  bajadaMbps: mbps('La ráfaga de bajada'),
  subidaMbps: mbps('La ráfaga de subida'),
  umbralBajadaMbps: mbps('El umbral de bajada'),
  umbralSubidaMbps: mbps('El umbral de subida'),
  segundos: z
    .number({ error: 'Los segundos deben ser un número' })
    .int('Los segundos deben ser un número entero')
    .min(1, 'Los segundos van de 1 a 3600')
    .max(3600, 'Los segundos van de 1 a 3600'),
});

/** PUT /api/planes/{id}. */
export const planInputSchema = z.object({
  nombre: lineText({ error: 'El nombre es obligatorio' })
    .min(1, 'El nombre es obligatorio')
    .max(100, 'El nombre: máximo 100 caracteres'),
  monto: moneyInput('La mensualidad', { positive: true }),
  bajadaMbps: mbps('La bajada'),
  subidaMbps: mbps('La subida'),
  rafaga: burstSchema.nullable(),
});
export type PlanInput = z.infer<typeof planInputSchema>;

export const planSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  monto: z.number(),
  bajadaMbps: z.number(),
  subidaMbps: z.number(),
  rafaga: z
    .object({
      bajadaMbps: z.number(),
      subidaMbps: z.number(),
      umbralBajadaMbps: z.number(),
      umbralSubidaMbps: z.number(),
      segundos: z.number(),
    })
    .nullable(),
});
export type Plan = z.infer<typeof planSchema>;
