import { z } from '../zod';
import { pageQuerySchema } from '../http/errors';
import { jsonId, lineText, queryInt } from '../http/input';
import { macInput } from './mac';
import { isIpv4, IPV4_INVALID_MESSAGE, optionalHttpUrl } from './ip';
import { secretInput } from './secret';

const text = (label: string, max: number) =>
  lineText({ error: `${label} debe ser texto` })
    .max(max, `${label}: máximo ${max} caracteres`)
    .default('');

/**
 * POST and PUT /api/devices: the spec's device fields (docs/api-contract.md "Network: sites, routers, radios, cut on the router") plus `url` (management page; empty
 * means `https://{ipaddr}`) and the radio's own credentials (empty: it uses its site's). An empty password
 * on PUT keeps the stored one.
 */
export const deviceInputSchema = z.object({
  id: z.unknown().optional().describe('Ignorado: el id va en la ruta'),
  hwaddr: macInput(),
  ipaddr: text('La IP', 15).refine((v) => v === '' || isIpv4(v), IPV4_INVALID_MESSAGE),
  hostname: text('El nombre', 100),
  siteid: jsonId('Elige un site')
    .nullish()
    .transform((v) => v ?? null),
  product: text('El producto', 100),
  url: optionalHttpUrl('La URL'),
  username: text('El usuario', 100),
  password: secretInput(),
});
export type DeviceInput = z.infer<typeof deviceInputSchema>;

/** The management address of a radio: its own URL, else `https://{ipaddr}` (empty without an IP). */
export function deviceUrl(url: string, ipaddr: string): string {
  if (url) return url;
  return ipaddr ? `https://${ipaddr}` : '';
}

/** A radio as the API answers it: the password never, only whether it carries its own. */
export const deviceSchema = z.object({
  id: z.number().int(),
  guid: z.string(),
  hwaddr: z.string(),
  hostname: z.string(),
  ipaddr: z.string(),
  siteid: z.number().int().nullable(),
  product: z.string(),
  url: z.string().describe('Management address (own URL or https://{ipaddr})'),
  urlPropia: z.boolean().describe('Whether url was set for this radio'),
  username: z.string().describe("Own user name; empty: the site's"),
  tienePassword: z.boolean().describe('Whether the radio carries its own password'),
  lanTxBytes: z.number(),
  lastStatsTime: z.string().nullable(),
  lastSeen: z.string().nullable().describe('Last time the radio answered'),
  signal: z.number().nullable().describe('dBm of its last reading (negative; the web shows it negated); null: none'),
  ccq: z.number().nullable().describe("CCQ % of its last reading (airOS 8: the station's link score); null: none"),
  online: z.boolean().describe('Whether it answered within its last 3 polls (RADIO_ONLINE_POLLS)'),
  idUsuario: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;

/**
 * Sorts of GET /api/devices. `signal` sorts by dBm (ascending: the weakest first), `ccq` ascending puts the
 * worst links first, `lastSeen` ascending the longest silent; radios without a value go last either way.
 */
export const DEVICE_SORTS = [
  'id',
  'hwaddr',
  'hostname',
  'ipaddr',
  'siteid',
  'product',
  'lastSeen',
  'signal',
  'ccq',
] as const;

/** The online filter of Dispositivos. */
export const DEVICE_STATUSES = ['online', 'offline'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** A radio is online while it answered within its last RADIO_ONLINE_POLLS polls: one missed poll is no outage. */
export const RADIO_ONLINE_POLLS = 3;

/** The instant after which a radio's last answer counts as online (`now` minus RADIO_ONLINE_POLLS polls). */
export function radioOnlineSince(now: Date, pollSeconds: number): Date {
  return new Date(now.getTime() - RADIO_ONLINE_POLLS * pollSeconds * 1000);
}

/** GET /api/devices: server-paged, filtered by site and online status, searched by MAC, IP, name or product. */
export const deviceListQuerySchema = pageQuerySchema.extend({
  siteId: queryInt('El site debe ser un número', { min: 1 }).optional(),
  q: lineText().max(100, 'La búsqueda: máximo 100 caracteres').default(''),
  sort: z.enum(DEVICE_SORTS, { error: 'No se puede ordenar por esa columna' }).default('id'),
  status: z.enum(DEVICE_STATUSES, { error: 'Estado inválido: use online u offline' }).optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;
