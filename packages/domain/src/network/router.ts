import { z } from '../zod';
import { jsonId, jsonInt, lineText } from '../http/input';
import { hostInput, optionalIpv4Input } from './ip';
import { secretInput } from './secret';
import { provisioningModeSchema } from '../plans/provisioning';

/** RouterOS API ports (spec of the protocol: 8728 plain, 8729 TLS). */
export const ROUTEROS_API_PORT = 8728;
export const ROUTEROS_API_TLS_PORT = 8729;
/**
 * The address list a cut puts the customer's IP in when neither the router nor Administración
 * (GET /api/configuracion, `listaSuspension`) names another.
 */
export const DEFAULT_SUSPENSION_LIST = 'airlink-cortados';

const text = (label: string, max: number) =>
  lineText({ error: `${label} debe ser texto` })
    .max(max, `${label}: máximo ${max} caracteres`)
    .default('');

const coordinate = (label: string, max: number) =>
  z
    .number({ error: `${label} debe ser un número` })
    .min(-max, `${label} va de -${max} a ${max}`)
    .max(max, `${label} va de -${max} a ${max}`)
    .nullish()
    .transform((v) => v ?? null);

/** RouterOS names of address lists and interfaces: no spaces or quotes, as /ip/firewall accepts them. */
const routerOsName = (label: string, fallback: string) =>
  lineText({ error: `${label} debe ser texto` })
    .max(63, `${label}: máximo 63 caracteres`)
    .default(fallback)
    .refine(
      (v) => v === '' || /^[A-Za-z0-9._<>-]+$/.test(v),
      `${label}: usa letras, números, punto, guion o guion bajo`,
    );

/**
 * POST and PUT /api/MikrotikRouters: the spec's router fields (docs/api-contract.md "Network: sites, routers, radios, cut on the router") plus what the RouterOS API
 * needs (tls, the suspension list, the traffic interface). An empty password on PUT keeps the stored one.
 */
export const routerInputSchema = z.object({
  id: z.unknown().optional().describe('Ignorado: el id va en la ruta'),
  siteId: jsonId('Elige un site')
    .nullish()
    .transform((v) => v ?? null),
  host: hostInput(),
  port: jsonInt('El puerto debe ser un número entero')
    .min(1, 'El puerto va de 1 a 65535')
    .max(65535, 'El puerto va de 1 a 65535')
    .optional()
    .describe('Default 8728, or 8729 with tls'),
  tls: z.boolean({ error: 'TLS debe ser sí o no' }).default(false),
  username: lineText({ error: 'El usuario es obligatorio' })
    .min(1, 'El usuario es obligatorio')
    .max(100, 'El usuario: máximo 100 caracteres'),
  password: secretInput(),
  /** '' or absent: the list configured in Administración when the router is saved. */
  listaSuspension: routerOsName('La lista de suspensión', ''),
  interfazTrafico: routerOsName('La interfaz de tráfico', ''),
  // The spec's free fields of a router (001 section 3), named in Spanish wherever a person reads them.
  database: text('La base de datos', 100),
  table: text('La tabla', 100),
  column: text('La columna', 100),
  value: text('El valor', 200),
  hostname: text('El nombre', 100),
  ip: optionalIpv4Input(),
  latitude: coordinate('La latitud', 90),
  longitude: coordinate('La longitud', 180),
  additionalInfo: text('Información adicional', 500),
  additionalInfo2: text('Información adicional 2', 500),
  additionalInfo3: text('Información adicional 3', 500),
  activo: z.boolean({ error: 'Activo debe ser sí o no' }).default(true),
  /** Absent: 'ninguno' on POST; on PUT the stored mode is kept (docs/decisions.md, issue 23). */
  modoAprovisionamiento: provisioningModeSchema.optional(),
});
export type RouterInput = z.infer<typeof routerInputSchema>;

/** The port a router is reached on: the given one, else the API's default for plain or TLS. */
export function routerPort(port: number | undefined, tls: boolean): number {
  return port ?? (tls ? ROUTEROS_API_TLS_PORT : ROUTEROS_API_PORT);
}

/** A router as the API answers it: the password never, only whether one is stored. */
export const routerSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int().nullable(),
  host: z.string(),
  port: z.number().int(),
  tls: z.boolean(),
  username: z.string(),
  tienePassword: z.boolean(),
  listaSuspension: z.string(),
  interfazTrafico: z.string(),
  database: z.string(),
  table: z.string(),
  column: z.string(),
  value: z.string(),
  hostname: z.string(),
  ip: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  additionalInfo: z.string(),
  additionalInfo2: z.string(),
  additionalInfo3: z.string(),
  activo: z.boolean(),
  modoAprovisionamiento: provisioningModeSchema,
  contratos: z.number().int().describe('Contracts served by this router'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Router = z.infer<typeof routerSchema>;

/** POST /api/MikrotikRouters/{id}/probar: what the router said, or why it could not be reached. */
export const routerProbeSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    identity: z.string(),
    version: z.string(),
    uptime: z.string(),
    uptimeSeconds: z.number().int().nullable(),
    boardName: z.string(),
  }),
  z.object({ ok: z.literal(false), error: z.string(), message: z.string() }),
]);
export type RouterProbe = z.infer<typeof routerProbeSchema>;
