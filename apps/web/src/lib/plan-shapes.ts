import { jsonId, lineText, moneyInput, routerInputSchema, routerSchema, z } from '@airlink/domain';

/*
 * TEMPORARY (issue 23): the domain's plan, provisioning, inventory and live-speed schemas as the server branch
 * writes them in packages/domain/src/plans, under the same names, until that branch is merged; then every
 * import of this file becomes '@airlink/domain' and this file goes.
 */

const mbps = (label: string) =>
  z
    .number({ error: `${label} debe ser un número` })
    .refine((n) => n >= 0.064 && n <= 10_000, `${label} va de 0.064 a 10,000 Mbps`);

const burstSchema = z.object({
  bajadaMbps: mbps('La ráfaga de bajada'),
  subidaMbps: mbps('La ráfaga de subida'),
  umbralBajadaMbps: mbps('El umbral de bajada'),
  umbralSubidaMbps: mbps('El umbral de subida'),
  segundos: z
    .number({ error: 'Los segundos de ráfaga deben ser un número' })
    .int('Los segundos de ráfaga deben ser un número entero')
    .min(1, 'Los segundos de ráfaga van de 1 a 3600')
    .max(3600, 'Los segundos de ráfaga van de 1 a 3600'),
});

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
      segundos: z.number().int(),
    })
    .nullable(),
});
export type Plan = z.infer<typeof planSchema>;

export const PROVISIONING_MODES = ['pppoe', 'cola', 'ninguno'] as const;
export type ProvisioningMode = (typeof PROVISIONING_MODES)[number];
const provisioningModeSchema = z.enum(PROVISIONING_MODES, {
  error: 'El modo de aprovisionamiento es pppoe, cola o ninguno',
});
export const PROVISIONING_MODE_LABELS: Record<ProvisioningMode, string> = {
  pppoe: 'PPPoE (perfil por plan)',
  cola: 'Cola simple por IP',
  ninguno: 'Ninguno (solo cortar y reconectar)',
};

export const provisionedRouterSchema = routerSchema.extend({ modoAprovisionamiento: provisioningModeSchema });
export type ProvisionedRouter = z.infer<typeof provisionedRouterSchema>;
export const provisionedRouterInputSchema = routerInputSchema.extend({
  modoAprovisionamiento: provisioningModeSchema.default('ninguno'),
});
export type ProvisionedRouterInput = z.infer<typeof provisionedRouterInputSchema>;

const inventoryEntrySchema = z.object({
  tipo: z.enum(['pppoe', 'cola']),
  nombre: z.string(),
  ip: z.string(),
  perfil: z.string(),
  comentario: z.string(),
  deshabilitado: z.boolean(),
  enLinea: z.boolean(),
  bajadaMbps: z.number().nullable(),
  subidaMbps: z.number().nullable(),
  idContrato: z.number().int().nullable(),
  contrato: z.string().nullable(),
  vinculadoPor: z.enum(['usuarioPppoe', 'ip', 'comentario']).nullable(),
  planBajadaMbps: z.number().nullable(),
  planSubidaMbps: z.number().nullable(),
});
export type InventoryEntry = z.infer<typeof inventoryEntrySchema>;

const inventoryContractSchema = z.object({
  idContrato: z.number().int(),
  no: z.number().int(),
  nombre: z.string(),
  usuarioPppoe: z.string(),
  ipCliente: z.string(),
  plan: z.string().nullable(),
  planBajadaMbps: z.number().nullable(),
  planSubidaMbps: z.number().nullable(),
});
export type InventoryOnlyInAirlink = z.infer<typeof inventoryContractSchema>;

export const routerInventorySchema = z.object({
  idRouter: z.number().int(),
  modoAprovisionamiento: provisioningModeSchema,
  leidoEn: z.string(),
  vinculados: z.array(inventoryEntrySchema),
  velocidadDistinta: z.array(inventoryEntrySchema),
  soloEnRouter: z.array(inventoryEntrySchema),
  soloEnAirlink: z.array(inventoryContractSchema),
});
export type RouterInventory = z.infer<typeof routerInventorySchema>;

export const adoptInputSchema = z.object({
  vinculos: z
    .array(
      z.union([
        z.object({ idContrato: jsonId('Elige un contrato'), usuarioPppoe: z.string().min(1) }),
        z.object({ idContrato: jsonId('Elige un contrato'), ip: z.string().min(1) }),
      ]),
    )
    .min(1, 'Elige al menos una entrada para adoptar'),
});
export type AdoptInput = z.infer<typeof adoptInputSchema>;

export const adoptResultSchema = z.object({ adoptados: z.number().int(), mensaje: z.string() });

export const liveSpeedSchema = z.object({
  estado: z.enum(['en_linea', 'sin_sesion']),
  bajadaBps: z.number(),
  subidaBps: z.number(),
  limiteBajadaMbps: z.number().nullable(),
  limiteSubidaMbps: z.number().nullable(),
  leidoEn: z.string(),
});
export type LiveSpeed = z.infer<typeof liveSpeedSchema>;

export const routerEventSchema = z.object({
  id: z.number().int(),
  idContrato: z.number().int().nullable(),
  accion: z.string(),
  estado: z.enum(['aplicado', 'pendiente', 'error']),
  mensaje: z.string(),
  fecha: z.string(),
});
export type RouterEvent = z.infer<typeof routerEventSchema>;
