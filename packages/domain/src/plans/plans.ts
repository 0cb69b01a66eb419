import { z } from '../zod';
import { SERVICE_TYPES } from '../catalog/service-types';
import { foldText } from '../format/text';
import { lineText, moneyInput } from '../http/input';

/**
 * Plans (docs/business-rules.md "Plans"): the spec's eight service types with their speeds. A plan's id is
 * the contract's `tipo`. Speeds are megabits per second in the router's units (1 M = 1,000,000 bit/s).
 */

/** Speeds a plan may have, each direction (docs/business-rules.md "Plans"). */
export const MIN_PLAN_MBPS = 0.064;
export const MAX_PLAN_MBPS = 10_000;
/** Longest burst averaging window accepted, in seconds. */
export const MAX_BURST_SECONDS = 3_600;
/** Largest monthly amount of a plan, in pesos (as a contract's). */
export const MAX_PLAN_AMOUNT = 100_000;

export interface Burst {
  bajadaMbps: number;
  subidaMbps: number;
  umbralBajadaMbps: number;
  umbralSubidaMbps: number;
  segundos: number;
}

export interface Plan {
  id: number;
  nombre: string;
  monto: number;
  bajadaMbps: number;
  subidaMbps: number;
  rafaga: Burst | null;
}

/** The 'up to N Mbps' of each family; the asymmetric plans upload 3→1, 6→2, 10→3, 20→5. */
const ASYMMETRIC_UPLOAD: Record<number, number> = { 3: 1, 6: 2, 10: 3, 20: 5 };
/** Download Mbps of each service type: 1–4 'hasta N Mbps', 5–8 the same families symmetric. */
const FAMILY_MBPS: Record<number, number> = { 1: 3, 2: 6, 3: 10, 4: 20, 5: 3, 6: 6, 7: 10, 8: 20 };

/** The plans a new database starts with, from the spec's service types. */
export const DEFAULT_PLANS: readonly Plan[] = SERVICE_TYPES.map((t) => {
  const down = FAMILY_MBPS[t.value]!;
  const symmetric = t.value >= 5;
  return {
    id: t.value,
    nombre: t.name,
    monto: t.monthly,
    bajadaMbps: down,
    subidaMbps: symmetric ? down : ASYMMETRIC_UPLOAD[down]!,
    rafaga: null,
  };
});

const RANGE_MESSAGE = (label: string) => `${label} va de 0.064 a 10,000 Mbps`;

const mbps = (label: string) =>
  z
    .number({ error: `${label} debe ser un número` })
    .refine((n) => Number.isFinite(n), `${label} debe ser un número`)
    .refine((n) => n >= MIN_PLAN_MBPS && n <= MAX_PLAN_MBPS, RANGE_MESSAGE(label))
    // Whole kilobits: the router takes `k` units at the finest.
    .refine((n) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6, `${label}: como máximo tres decimales`);

export const burstSchema = z
  .object({
    bajadaMbps: mbps('La ráfaga de bajada'),
    subidaMbps: mbps('La ráfaga de subida'),
    umbralBajadaMbps: mbps('El umbral de bajada'),
    umbralSubidaMbps: mbps('El umbral de subida'),
    segundos: z
      .number({ error: 'Los segundos de ráfaga deben ser un número' })
      .int('Los segundos de ráfaga deben ser un número entero')
      .min(1, 'Los segundos de ráfaga van de 1 a 3600')
      .max(MAX_BURST_SECONDS, 'Los segundos de ráfaga van de 1 a 3600'),
  })
  .strict();

/** PUT /api/planes/{id}: the plan as edited in Administración › Planes. */
export const planInputSchema = z
  .object({
    id: z.unknown().optional().describe('Ignorado: el id va en la ruta'),
    nombre: lineText({ error: 'El nombre es obligatorio' })
      .min(1, 'El nombre es obligatorio')
      .max(100, 'El nombre: máximo 100 caracteres'),
    monto: moneyInput('La mensualidad', {
      positive: true,
      max: MAX_PLAN_AMOUNT,
      maxMessage: 'La mensualidad no puede pasar de $100,000',
    }),
    bajadaMbps: mbps('La bajada'),
    subidaMbps: mbps('La subida'),
    rafaga: burstSchema.nullish().transform((v) => v ?? null),
  })
  .strict()
  .superRefine((p, ctx) => {
    for (const issue of burstProblems(p)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
export type PlanInput = z.infer<typeof planInputSchema>;

/**
 * What a burst must respect (the router's rule: the burst is used while the average stays under the threshold,
 * which sits at or under the rate): a burst rate above the plan's rate, a threshold above 0 and at most the rate.
 */
export function burstProblems(p: {
  bajadaMbps: number;
  subidaMbps: number;
  rafaga: Burst | null;
}): { path: string[]; message: string }[] {
  const b = p.rafaga;
  if (!b) return [];
  const out: { path: string[]; message: string }[] = [];
  if (b.bajadaMbps <= p.bajadaMbps)
    out.push({ path: ['rafaga', 'bajadaMbps'], message: 'La ráfaga de bajada debe ser mayor que la bajada del plan' });
  if (b.subidaMbps <= p.subidaMbps)
    out.push({ path: ['rafaga', 'subidaMbps'], message: 'La ráfaga de subida debe ser mayor que la subida del plan' });
  if (b.umbralBajadaMbps > p.bajadaMbps)
    out.push({
      path: ['rafaga', 'umbralBajadaMbps'],
      message: 'El umbral de bajada no puede pasar de la bajada del plan',
    });
  if (b.umbralSubidaMbps > p.subidaMbps)
    out.push({
      path: ['rafaga', 'umbralSubidaMbps'],
      message: 'El umbral de subida no puede pasar de la subida del plan',
    });
  return out;
}

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

// ---- the router's strings (docs/protocols/routeros.md "Plans on the router") ------------------------------

/** Mbps to bit/s (whole bits). */
export function mbpsToBps(mbps: number): number {
  return Math.round(mbps * 1_000_000);
}

/** A rate as RouterOS writes it: `20M`, `512k`, or plain bits. */
export function rateText(mbps: number): string {
  const bps = mbpsToBps(mbps);
  if (bps % 1_000_000 === 0) return `${bps / 1_000_000}M`;
  if (bps % 1_000 === 0) return `${bps / 1_000}k`;
  return String(bps);
}

/** `upload/download`: both RouterOS write formats put the customer's upload first. */
function pair(down: number, up: number): string {
  return `${rateText(up)}/${rateText(down)}`;
}

/**
 * The PPP profile's `rate-limit` of a plan: `rx/tx` from the router's side, that is the customer's
 * upload then download, with the burst groups (rate, threshold, time) when the plan has one.
 */
export function rateLimitOf(plan: Pick<Plan, 'bajadaMbps' | 'subidaMbps' | 'rafaga'>): string {
  const base = pair(plan.bajadaMbps, plan.subidaMbps);
  const b = plan.rafaga;
  if (!b) return base;
  return `${base} ${pair(b.bajadaMbps, b.subidaMbps)} ${pair(b.umbralBajadaMbps, b.umbralSubidaMbps)} ${b.segundos}/${b.segundos}`;
}

/** A simple queue's limits for a plan (`max-limit` and the burst fields, upload/download of the target). */
export interface QueueLimits {
  maxLimit: string;
  burstLimit: string;
  burstThreshold: string;
  burstTime: string;
}

export function queueLimitsOf(plan: Pick<Plan, 'bajadaMbps' | 'subidaMbps' | 'rafaga'>): QueueLimits {
  const b = plan.rafaga;
  return {
    maxLimit: pair(plan.bajadaMbps, plan.subidaMbps),
    burstLimit: b ? pair(b.bajadaMbps, b.subidaMbps) : '0/0',
    burstThreshold: b ? pair(b.umbralBajadaMbps, b.umbralSubidaMbps) : '0/0',
    burstTime: b ? `${b.segundos}s/${b.segundos}s` : '0s/0s',
  };
}

/** One RouterOS rate value (`20M`, `512k`, `5000000`, `1.5M`) in bit/s; null when unreadable. */
export function parseRate(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kKMG]?)\s*$/.exec(text);
  if (!m) return null;
  const factor = { '': 1, k: 1e3, K: 1e3, M: 1e6, G: 1e9 }[m[2]!]!;
  return Math.round(Number(m[1]) * factor);
}

/** Speeds as the router holds them, in bit/s of the customer's side. */
export interface RouterSpeed {
  downBps: number;
  upBps: number;
}

/**
 * The plan speed a `rate-limit` or `max-limit` gives (its first group, `upload[/download]`; a missing
 * download is the upload, as the router reads it). Null when empty or unreadable.
 */
export function parseRouterSpeed(text: string): RouterSpeed | null {
  const first = text.trim().split(/\s+/)[0] ?? '';
  if (!first) return null;
  const [upText, downText] = first.split('/');
  const up = parseRate(upText ?? '');
  const down = downText === undefined ? up : parseRate(downText);
  if (up === null || down === null || (up === 0 && down === 0)) return null;
  return { downBps: down, upBps: up };
}

/** True when the router's speed is the plan's (compared as numbers: the router may normalise the text). */
export function sameSpeed(router: RouterSpeed | null, plan: Pick<Plan, 'bajadaMbps' | 'subidaMbps'>): boolean {
  return (
    router !== null && router.downBps === mbpsToBps(plan.bajadaMbps) && router.upBps === mbpsToBps(plan.subidaMbps)
  );
}

/** `Residencial hasta 3 Mbps` → `residencial-hasta-3-mbps`. */
export function planSlug(nombre: string): string {
  return (
    foldText(nombre)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'plan'
  );
}

/** The PPP profile of a plan on every PPPoE router: `airlink-<plan id>-<slug>`. */
export function profileNameOf(plan: Pick<Plan, 'id' | 'nombre'>): string {
  return `airlink-${plan.id}-${planSlug(plan.nombre)}`;
}

/** True for a profile AirLink made for some plan (any name it had), so a renamed plan's old profile is known. */
export function planIdOfProfile(name: string): number | null {
  const m = /^airlink-(\d+)-/.exec(name);
  return m ? Number(m[1]) : null;
}

/** A `up/down` pair read as numbers (bit/s); a single value is both. */
function pairBps(text: string | undefined): [number, number] | null {
  if (text === undefined) return null;
  const [a, b] = text.split('/');
  const up = parseRate(a ?? '');
  const down = b === undefined ? up : parseRate(b);
  return up === null || down === null ? null : [up, down];
}

const samePair = (text: string | undefined, down: number, up: number) => {
  const p = pairBps(text);
  return p !== null && p[0] === mbpsToBps(up) && p[1] === mbpsToBps(down);
};

/**
 * True when a profile's `rate-limit` gives the plan (rate, and burst rate, threshold and time when the plan has
 * a burst; none otherwise), compared as numbers.
 */
export function rateLimitMatches(text: string, plan: Pick<Plan, 'bajadaMbps' | 'subidaMbps' | 'rafaga'>): boolean {
  const groups = text.trim().split(/\s+/);
  if (!samePair(groups[0], plan.bajadaMbps, plan.subidaMbps)) return false;
  const b = plan.rafaga;
  if (!b) return groups.slice(1, 3).every((g) => pairBps(g)?.every((n) => n === 0) ?? false);
  const time = groups[3]?.split('/').map((t) => parseInt(t, 10));
  return (
    samePair(groups[1], b.bajadaMbps, b.subidaMbps) &&
    samePair(groups[2], b.umbralBajadaMbps, b.umbralSubidaMbps) &&
    time !== undefined &&
    time.every((t) => t === b.segundos)
  );
}

/** True when a simple queue's limits are the plan's (`max-limit` and the burst fields, as numbers). */
export function queueLimitsMatch(
  q: { maxLimit: string; burstLimit: string; burstThreshold: string; burstTime: string },
  plan: Pick<Plan, 'bajadaMbps' | 'subidaMbps' | 'rafaga'>,
): boolean {
  if (!samePair(q.maxLimit, plan.bajadaMbps, plan.subidaMbps)) return false;
  const b = plan.rafaga;
  if (!b) return (pairBps(q.burstLimit || '0/0') ?? [1]).every((n) => n === 0);
  const time = q.burstTime.split('/').map((t) => parseInt(t, 10));
  return (
    samePair(q.burstLimit, b.bajadaMbps, b.subidaMbps) &&
    samePair(q.burstThreshold, b.umbralBajadaMbps, b.umbralSubidaMbps) &&
    time.every((t) => t === b.segundos)
  );
}
