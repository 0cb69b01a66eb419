import { z } from '../zod';
import { jsonId, lineText } from '../http/input';
import { isIpv4 } from '../network/ip';
import { mbpsToBps, parseRouterSpeed, sameSpeed, type RouterSpeed } from './plans';

/**
 * How a router carries plans (docs/network.md "Plans on the router"): `pppoe` a PPP profile per plan and a
 * secret per customer, `cola` a simple queue per customer IP, `ninguno` cut and reconnect only.
 */
export const PROVISIONING_MODES = ['pppoe', 'cola', 'ninguno'] as const;
export type ProvisioningMode = (typeof PROVISIONING_MODES)[number];
export const provisioningModeSchema = z.enum(PROVISIONING_MODES, {
  error: 'El modo de aprovisionamiento es pppoe, cola o ninguno',
});

export const PROVISIONING_MODE_LABELS: Record<ProvisioningMode, string> = {
  pppoe: 'PPPoE (perfil por plan)',
  cola: 'Cola simple por IP',
  ninguno: 'Ninguno (solo cortar y reconectar)',
};

/** The simple queue of a contract: named after its number (`airlink-0042`), its id until authorized. */
export function queueNameOf(c: { id: number; no: number }): string {
  return c.no > 0 ? `airlink-${String(c.no).padStart(4, '0')}` : `airlink-c${c.id}`;
}

/** A queue's target for one customer IP. */
export function queueTargetOf(ip: string): string {
  return `${ip}/32`;
}

/** The IP of a queue target (`10.0.0.5/32` → `10.0.0.5`); '' for anything else (several, interfaces). */
export function ipOfTarget(target: string): string {
  const first = target.split(',')[0]?.trim() ?? '';
  const ip = first.replace(/\/32$/, '');
  return isIpv4(ip) ? ip : '';
}

// ---- inventory (docs/network.md "Inventory and adoption") --------------------------------------------------

export interface InventoryContract {
  id: number;
  no: number;
  nombre: string;
  usuarioPppoe: string;
  ipCliente: string;
  /** What AirLink writes in the secret's comment (the display id). */
  comentario: string;
  plan: { id: number; nombre: string; bajadaMbps: number; subidaMbps: number } | null;
}

export interface InventorySecret {
  name: string;
  profile: string;
  remoteAddress: string;
  comment: string;
  disabled: boolean;
}

export interface InventoryQueue {
  name: string;
  target: string;
  maxLimit: string;
  comment: string;
}

export interface InventoryRouterState {
  secrets: InventorySecret[];
  /** Profiles by name with their `rate-limit`. */
  profiles: { name: string; rateLimit: string }[];
  /** Static simple queues (the dynamic `<pppoe-…>` ones are sessions, not entries). */
  queues: InventoryQueue[];
  /** Names of the PPP users with an active session. */
  active: string[];
}

export const inventoryEntrySchema = z.object({
  tipo: z.enum(['pppoe', 'cola']),
  nombre: z.string().describe('Secret name or queue name'),
  ip: z.string(),
  perfil: z.string().describe('PPP profile (empty for a queue)'),
  comentario: z.string(),
  deshabilitado: z.boolean(),
  enLinea: z.boolean(),
  bajadaMbps: z.number().nullable().describe("The router's speed; null without a limit"),
  subidaMbps: z.number().nullable(),
  idContrato: z.number().int().nullable(),
  contrato: z.string().nullable().describe("The linked contract's customer name"),
  vinculadoPor: z.enum(['usuarioPppoe', 'ip', 'comentario']).nullable(),
  planBajadaMbps: z.number().nullable(),
  planSubidaMbps: z.number().nullable(),
});
export type InventoryEntry = z.infer<typeof inventoryEntrySchema>;

export const inventoryContractSchema = z.object({
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

const toMbps = (bps: number) => Math.round(bps / 1000) / 1000;

/**
 * Classifies what a router holds against the contracts AirLink places on it. A router entry (a PPP secret or
 * a static simple queue) is linked to a contract by PPPoE user (secret name), then by IP (the secret's
 * `remote-address`, the queue's target), then by comment (the contract's display id, or the queue's name
 * after the contract's number); each contract links to one entry. Linked entries whose speed differs from the
 * plan go to `velocidadDistinta`. Linear in the number of entries and contracts.
 */
export function classifyInventory(
  contracts: readonly InventoryContract[],
  router: InventoryRouterState,
  queueNames: (c: InventoryContract) => string,
): Omit<RouterInventory, 'idRouter' | 'modoAprovisionamiento' | 'leidoEn'> {
  const byUser = new Map<string, InventoryContract>();
  const byIp = new Map<string, InventoryContract>();
  const byComment = new Map<string, InventoryContract>();
  for (const c of contracts) {
    if (c.usuarioPppoe && !byUser.has(c.usuarioPppoe)) byUser.set(c.usuarioPppoe, c);
    if (c.ipCliente && !byIp.has(c.ipCliente)) byIp.set(c.ipCliente, c);
    if (c.comentario && !byComment.has(c.comentario)) byComment.set(c.comentario, c);
    const q = queueNames(c);
    if (!byComment.has(q)) byComment.set(q, c);
  }
  const profiles = new Map(router.profiles.map((p) => [p.name, parseRouterSpeed(p.rateLimit)]));
  const online = new Set(router.active);
  const linked = new Set<number>();
  const out: ReturnType<typeof classifyInventory> = {
    vinculados: [],
    velocidadDistinta: [],
    soloEnRouter: [],
    soloEnAirlink: [],
  };

  const place = (
    base: Omit<
      InventoryEntry,
      'idContrato' | 'contrato' | 'vinculadoPor' | 'planBajadaMbps' | 'planSubidaMbps' | 'bajadaMbps' | 'subidaMbps'
    >,
    speed: RouterSpeed | null,
    candidates: [InventoryEntry['vinculadoPor'], InventoryContract | undefined][],
  ) => {
    const hit = candidates.find(([, c]) => c !== undefined && !linked.has(c.id));
    const entry: InventoryEntry = {
      ...base,
      bajadaMbps: speed ? toMbps(speed.downBps) : null,
      subidaMbps: speed ? toMbps(speed.upBps) : null,
      idContrato: null,
      contrato: null,
      vinculadoPor: null,
      planBajadaMbps: null,
      planSubidaMbps: null,
    };
    if (!hit) return out.soloEnRouter.push(entry);
    const [by, c] = hit as [InventoryEntry['vinculadoPor'], InventoryContract];
    linked.add(c.id);
    Object.assign(entry, {
      idContrato: c.id,
      contrato: c.nombre,
      vinculadoPor: by,
      planBajadaMbps: c.plan?.bajadaMbps ?? null,
      planSubidaMbps: c.plan?.subidaMbps ?? null,
    });
    if (c.plan && !sameSpeed(speed, c.plan)) out.velocidadDistinta.push(entry);
    else out.vinculados.push(entry);
  };

  for (const s of router.secrets) {
    place(
      {
        tipo: 'pppoe',
        nombre: s.name,
        ip: s.remoteAddress,
        perfil: s.profile,
        comentario: s.comment,
        deshabilitado: s.disabled,
        enLinea: online.has(s.name),
      },
      profiles.get(s.profile) ?? null,
      [
        ['usuarioPppoe', byUser.get(s.name)],
        ['ip', s.remoteAddress ? byIp.get(s.remoteAddress) : undefined],
        ['comentario', s.comment ? byComment.get(s.comment) : undefined],
      ],
    );
  }
  for (const q of router.queues) {
    const ip = ipOfTarget(q.target);
    place(
      {
        tipo: 'cola',
        nombre: q.name,
        ip,
        perfil: '',
        comentario: q.comment,
        deshabilitado: false,
        enLinea: false,
      },
      parseRouterSpeed(q.maxLimit),
      [
        ['ip', ip ? byIp.get(ip) : undefined],
        ['comentario', byComment.get(q.name) ?? (q.comment ? byComment.get(q.comment) : undefined)],
      ],
    );
  }
  for (const c of contracts) {
    if (linked.has(c.id)) continue;
    out.soloEnAirlink.push({
      idContrato: c.id,
      no: c.no,
      nombre: c.nombre,
      usuarioPppoe: c.usuarioPppoe,
      ipCliente: c.ipCliente,
      plan: c.plan?.nombre ?? null,
      planBajadaMbps: c.plan?.bajadaMbps ?? null,
      planSubidaMbps: c.plan?.subidaMbps ?? null,
    });
  }
  return out;
}

/** POST /api/MikrotikRouters/{id}/adoptar: router entries to link to contracts (and take over). */
export const adoptInputSchema = z
  .object({
    vinculos: z
      .array(
        z.union(
          [
            z
              .object({
                idContrato: jsonId('Elige un contrato'),
                usuarioPppoe: lineText({ error: 'El usuario PPPoE debe ser texto' })
                  .min(1, 'El usuario PPPoE es obligatorio')
                  .max(100, 'El usuario PPPoE: máximo 100 caracteres'),
              })
              .strict(),
            z
              .object({
                idContrato: jsonId('Elige un contrato'),
                ip: lineText({ error: 'La IP debe ser texto' }).refine((v) => isIpv4(v), 'IP inválida'),
              })
              .strict(),
          ],
          { error: 'Cada vínculo lleva idContrato y usuarioPppoe, o idContrato e ip' },
        ),
        { error: 'vinculos debe ser una lista' },
      )
      .min(1, 'Elige al menos una entrada para adoptar')
      .max(5000, 'Como máximo 5000 vínculos a la vez'),
  })
  .strict();
export type AdoptInput = z.infer<typeof adoptInputSchema>;

export const adoptResultSchema = z.object({
  adoptados: z.number().int(),
  mensaje: z.string(),
});
export type AdoptResult = z.infer<typeof adoptResultSchema>;

/** GET /api/contratos/{id}/velocidad: the customer's rate now, from the router, with the plan's limit. */
export const liveSpeedSchema = z.object({
  estado: z.enum(['en_linea', 'sin_sesion']),
  bajadaBps: z.number(),
  subidaBps: z.number(),
  limiteBajadaMbps: z.number().nullable(),
  limiteSubidaMbps: z.number().nullable(),
  leidoEn: z.string(),
});
export type LiveSpeed = z.infer<typeof liveSpeedSchema>;

/** A router's log of what provisioning and reconciliation did (GET /api/MikrotikRouters/{id}/eventos). */
export const routerEventSchema = z.object({
  id: z.number().int(),
  idContrato: z.number().int().nullable(),
  accion: z.string(),
  estado: z.enum(['aplicado', 'pendiente', 'error']),
  mensaje: z.string(),
  fecha: z.string(),
});
export type RouterEvent = z.infer<typeof routerEventSchema>;

/** Bits per second at most the plan allows (the fake router's traffic and tests). */
export function planCapBps(plan: { bajadaMbps: number; subidaMbps: number }): RouterSpeed {
  return { downBps: mbpsToBps(plan.bajadaMbps), upBps: mbpsToBps(plan.subidaMbps) };
}
