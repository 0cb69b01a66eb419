import { z } from '../zod';
import { jsonInt, lineText } from '../http/input';
import { optionalHttpUrl } from './ip';
import { secretInput } from './secret';

const coordinate = (label: string, max: number) =>
  z
    .number({ error: `${label} debe ser un número` })
    .min(-max, `${label} va de -${max} a ${max}`)
    .max(max, `${label} va de -${max} a ${max}`)
    .nullish()
    .transform((v) => v ?? null);

/** POST and PUT /api/site (docs/api-contract.md "Network: sites, routers, radios, cut on the router"). An empty password on PUT keeps the stored one. */
export const siteInputSchema = z.object({
  id: z.unknown().optional().describe('Ignorado: el id va en la ruta'),
  nombre: lineText({ error: 'El nombre es obligatorio' })
    .min(1, 'El nombre es obligatorio')
    .max(120, 'El nombre: máximo 120 caracteres'),
  lat: coordinate('La latitud', 90),
  lon: coordinate('La longitud', 180),
  url: optionalHttpUrl('La URL'),
  idSite: jsonInt('El id del site debe ser un número entero')
    .min(0, 'El id del site debe ser 0 o mayor')
    .max(2_147_483_647, 'El id del site es demasiado grande')
    .default(0),
  username: lineText({ error: 'El usuario debe ser texto' }).max(100, 'El usuario: máximo 100 caracteres').default(''),
  password: secretInput(),
  idUsuario: z.unknown().optional().describe('Ignorado: lo asigna el servidor (quien guarda)'),
});
export type SiteInput = z.infer<typeof siteInputSchema>;

/** A site as the API answers it: the password never, only whether one is stored. */
export const siteSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  url: z.string(),
  idSite: z.number().int(),
  username: z.string(),
  tienePassword: z.boolean(),
  idUsuario: z.number().int().nullable(),
  routers: z.number().int().describe('Routers of the site'),
  devices: z.number().int().describe('Radios of the site (not deleted)'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Site = z.infer<typeof siteSchema>;
