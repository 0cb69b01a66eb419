import { z } from '../zod';

/**
 * What the router did about a contract's cut or reconnection (docs/network.md "Contracts on routers"): `pendiente` while the
 * router work runs, `aplicado` only once the router confirmed every step, `error` with the router's Spanish
 * message otherwise. Null for a contract without a router.
 */
export const NETWORK_STATES = ['aplicado', 'pendiente', 'error'] as const;
export type NetworkState = (typeof NETWORK_STATES)[number];
export const networkStateSchema = z.enum(NETWORK_STATES);

/** The panel's text for a contract's network state. */
export function networkStateLabel(estadoRed: NetworkState | null, cortado: boolean): string {
  if (estadoRed === null) return 'Sin router asignado';
  if (estadoRed === 'pendiente') return cortado ? 'Cortando en el router…' : 'Reconectando en el router…';
  if (estadoRed === 'error') return cortado ? 'El router no aplicó el corte' : 'El router no aplicó la reconexión';
  return cortado ? 'Cortado en el router' : 'Activo en el router';
}

/**
 * Whether the router must hold a contract cut: a cut contract, and a cancelled one (its service ended), are
 * cut on the router; Reconectar and a reconnection payment never apply to a cancelled contract.
 */
export function mustBeCutOnRouter(contract: { cortado: boolean; activo: boolean }): boolean {
  return contract.cortado || !contract.activo;
}

/** A contract's service as the router must hold it. */
export interface RouterTarget {
  cortado: boolean;
  /** The customer's IP (`ipCliente`); empty when the contract has none. */
  ip: string;
  /** The PPPoE secret's name (`usuarioPppoe`); empty when the customer is not on PPPoE. */
  pppoeUser: string;
}

/** Where a contract's service lives: its router, IP and PPPoE user. */
export interface RouterPlacement {
  routerId: number;
  ip: string;
  pppoeUser: string;
}

/**
 * What the old router must give back when a cut contract moves to another router, IP or PPPoE user: the
 * part of the old placement the new one does not take over, as an active target (the old IP out of the
 * suspension list, the old PPPoE secret enabled). Null when the contract was not cut on the router (it left
 * nothing behind) or the new placement holds everything the old one did.
 */
export function releaseTarget(
  before: RouterPlacement | null,
  wasCut: boolean,
  after: RouterPlacement | null,
): RouterTarget | null {
  if (!before || !wasCut) return null;
  const sameRouter = after !== null && after.routerId === before.routerId;
  const ip = sameRouter && after.ip === before.ip ? '' : before.ip;
  const pppoeUser = sameRouter && after.pppoeUser === before.pppoeUser ? '' : before.pppoeUser;
  if (!ip && !pppoeUser) return null;
  return { cortado: false, ip, pppoeUser };
}

/** What the router holds for that customer, as read from it. */
export interface RouterObserved {
  /** Entries of the IP in the router's suspension list (0 when the contract has no IP). */
  listEntries: number;
  /** The PPPoE secret; null when the contract has no user or the router has no such secret. */
  secret: { disabled: boolean } | null;
  /** Active PPP sessions of the user. */
  activeSessions: number;
}

/** One change the router needs. Order matters: a cut disables the secret before it drops the sessions. */
export type RouterStep = 'addToList' | 'removeFromList' | 'disableSecret' | 'enableSecret' | 'dropSessions';

export const ROUTER_STEP_LABELS: Record<RouterStep, string> = {
  addToList: 'IP agregada a la lista de suspensión',
  removeFromList: 'IP quitada de la lista de suspensión',
  disableSecret: 'usuario PPPoE deshabilitado',
  enableSecret: 'usuario PPPoE habilitado',
  dropSessions: 'sesión PPPoE activa desconectada',
};

/** Why a contract cannot be applied on its router at all (nothing to act on). */
export function routerTargetProblem(t: RouterTarget): string | null {
  if (!t.ip && !t.pppoeUser) return 'El contrato tiene router pero no IP del cliente ni usuario PPPoE.';
  return null;
}

/** The router's PPPoE secret is missing: a Spanish reason (the cut is not done). */
export function missingSecretMessage(user: string): string {
  return `El usuario PPPoE ${user} no existe en el router.`;
}

/**
 * The cut/reconnect plan (docs/network.md "Contracts on routers"): the steps that take the router from `observed` to what
 * `target` requires. Cut: the IP is in the suspension list, the PPPoE secret is disabled and has no active
 * session. Active: the IP is in no entry of the list and the secret is enabled (sessions come back by
 * themselves when the customer's radio redials). Empty when the router already holds that: applying it
 * twice changes nothing. A missing secret is not a step (see `missingSecretMessage`).
 */
export function routerPlan(target: RouterTarget, observed: RouterObserved): RouterStep[] {
  const steps: RouterStep[] = [];
  if (target.cortado) {
    if (target.ip && observed.listEntries === 0) steps.push('addToList');
    if (target.pppoeUser && observed.secret && !observed.secret.disabled) steps.push('disableSecret');
    if (target.pppoeUser && observed.activeSessions > 0) steps.push('dropSessions');
  } else {
    if (target.ip && observed.listEntries > 0) steps.push('removeFromList');
    if (target.pppoeUser && observed.secret?.disabled) steps.push('enableSecret');
  }
  return steps;
}

/** The comment a cut leaves on the address-list entry: the contract number (its id until authorized). */
export function suspensionComment(contract: { id: number; no: number }): string {
  return contract.no > 0 ? `AirLink contrato ${contract.no}` : `AirLink cliente ${contract.id}`;
}

/** POST /api/routercontrol/reconciliar: what the pass found and did. */
export const reconcileSummarySchema = z.object({
  routers: z.number().int(),
  contratos: z.number().int(),
  corregidos: z.number().int().describe('Contracts whose router state was repaired'),
  errores: z.number().int().describe('Contracts that could not be checked or repaired'),
  correcciones: z.array(z.object({ idContrato: z.number().int(), pasos: z.array(z.string()) })),
  fallas: z.array(
    z.object({ idContrato: z.number().int().nullable(), idRouter: z.number().int(), mensaje: z.string() }),
  ),
  mensaje: z.string(),
});
export type ReconcileSummary = z.infer<typeof reconcileSummarySchema>;

/** The summary's sentence. */
export function reconcileMessage(
  s: Pick<ReconcileSummary, 'routers' | 'contratos' | 'corregidos' | 'errores'>,
): string {
  const base = `Se revisaron ${s.contratos} ${s.contratos === 1 ? 'contrato' : 'contratos'} en ${s.routers} ${s.routers === 1 ? 'router' : 'routers'}`;
  if (s.corregidos === 0 && s.errores === 0) return `${base}: todo coincide con el router.`;
  const parts = [];
  if (s.corregidos > 0) parts.push(`${s.corregidos} ${s.corregidos === 1 ? 'corregido' : 'corregidos'}`);
  if (s.errores > 0) parts.push(`${s.errores} con error`);
  return `${base}: ${parts.join(', ')}.`;
}

/** Push-hub event sent when a contract's router state changes (the panel refreshes its alert). */
export const CONTRACT_NETWORK_EVENT = 'ContractNetworkState';
export interface ContractNetworkEvent {
  id: number;
  cortado: boolean;
  estadoRed: NetworkState | null;
  estadoRedMensaje: string | null;
  estadoRedFecha: string | null;
}
