import { capitalizedWithoutSpaces } from '@airlink/domain';
import type * as schema from '../../db/schema';
import type { Customer } from './build-customers';
import { USER_IDS, nextMac, type DemoContext, type Insert } from './context';
import { addDays, localDateTime } from './dates';
import { SITES } from './places';

export interface NetworkResult {
  sites: Array<Insert<typeof schema.sites> & { id: number }>;
  routers: Array<Insert<typeof schema.routers> & { id: number }>;
  devices: Array<Insert<typeof schema.devices> & { id: number }>;
}

export const CUSTOMER_DEVICES = 150;

/** airOS customer radios, by how common they are in the network. */
const CPE_PRODUCTS: ReadonlyArray<readonly [{ name: string; code: string; ac: boolean }, number]> = [
  [{ name: 'LiteBeam 5AC Gen2', code: 'LBE', ac: true }, 35],
  [{ name: 'NanoStation 5AC loco', code: 'NS', ac: true }, 25],
  [{ name: 'PowerBeam 5AC', code: 'PBE', ac: true }, 10],
  [{ name: 'NanoBeam 5AC Gen2', code: 'NBE', ac: true }, 10],
  [{ name: 'LiteBeam M5', code: 'LBM', ac: false }, 10],
  [{ name: 'NanoStation loco M5', code: 'NSM', ac: false }, 10],
];

/** Access points per site (sector antennas), no customer. */
const SECTORS = ['Norte', 'Sur'] as const;

const ROUTERS = [
  {
    id: 1,
    siteId: 1,
    hostname: 'RB-Tizayuca-Core',
    model: 'MikroTik CCR2004-16G-2S+',
    ip: '10.1.0.1',
    lat: 19.8389,
    lon: -98.9803,
  },
  {
    id: 2,
    siteId: 2,
    hostname: 'RB-Pachuca-Core',
    model: 'MikroTik RB4011iGS+',
    ip: '10.2.0.1',
    lat: 20.1007,
    lon: -98.7512,
  },
  {
    id: 3,
    siteId: 3,
    hostname: 'RB-ElTuzo',
    model: 'MikroTik RB5009UG+S+',
    ip: '10.3.0.1',
    lat: 20.0601,
    lon: -98.7929,
  },
  {
    id: 4,
    siteId: 8,
    hostname: 'RB-Zempoala',
    model: 'MikroTik hEX S',
    ip: '10.8.0.1',
    lat: 19.9148,
    lon: -98.6702,
  },
] as const;

/** The API user of the demo's fake routers. */
export const DEMO_ROUTER_USER = 'airlink';
/** The demo's fake routers listen on 18729, 18730, … (RouterOS's 8728 is often taken or privileged). */
export function demoRouterPort(routerId: number): number {
  return 18728 + routerId;
}
/** The i-th customer (from 1) of a demo router: PPPoE user and IP as buildDemoRouterSeed makes them. */
export function demoRouterCustomer(routerId: number, i: number): { usuarioPppoe: string; ipCliente: string } {
  return {
    usuarioPppoe: `cli${String(i).padStart(4, '0')}`,
    ipCliente: `10.${demoRouterSubnet(routerId)}.${Math.floor(i / 250)}.${(i % 250) + 2}`,
  };
}
/** Second octet of a demo router's customer addresses (buildDemoRouterSeed's `subnet`). */
/**
 * The demo routers' traffic follows their customers: at the evening peak each PPPoE client downloads about
 * this many Mbps (the seeded history and the fake routers' WAN alike).
 */
export const DEMO_PEAK_MBPS_PER_CLIENT = 1.5;

/** WAN size of a demo router's fake: buildDemoRouterSeed sends 60 % of it downstream on ether1. */
export function demoRouterWanMbps(customers: number): number {
  return Math.max(1, Math.round((customers * DEMO_PEAK_MBPS_PER_CLIENT) / 0.6));
}

export function demoRouterSubnet(routerId: number): number {
  return 20 + routerId;
}

/**
 * Every active contract is served by its site's router, numbered in contract order: its PPPoE user and IP
 * are the ones the router's fake holds (demoRouterCustomer), so Cortar works on a fresh clone.
 */
function assignRouters(customers: readonly Customer[]): void {
  const count = new Map<number, number>();
  for (const c of customers) {
    if (c.profile === 'cancelled' || !c.row.activo) continue;
    const router = ROUTERS.find((r) => r.siteId === c.community.siteId);
    if (!router) continue;
    const i = (count.get(router.id) ?? 0) + 1;
    count.set(router.id, i);
    Object.assign(c.row, { routerId: router.id, ...demoRouterCustomer(router.id, i) });
  }
}

/** Sites, routers, customer radios with a minute of history each, and a day of router traffic. */
export function buildNetwork(ctx: DemoContext, customers: readonly Customer[]): NetworkResult {
  assignRouters(customers);
  const rng = ctx.rng.fork('network');
  const macRng = ctx.rng.fork('network-macs');
  const created = localDateTime(addDays(ctx.today, -1000), 10);

  const sites = SITES.map((s) => ({
    id: s.id,
    nombre: s.nombre,
    lat: s.lat,
    lon: s.lon,
    // Local fake controllers in the demo (one port per site); the password stays unset.
    url: `http://127.0.0.1:${9080 + s.id}`,
    idSite: s.id,
    username: 'ubnt',
    passwordEnc: null,
    idUsuario: USER_IDS.admin,
    createdAt: created,
    updatedAt: created,
  }));

  // Loopback fake routers in the demo (demo/routers.ts starts them and seals their password).
  const routers = ROUTERS.map((r) => ({
    id: r.id,
    siteId: r.siteId,
    host: '127.0.0.1',
    username: DEMO_ROUTER_USER,
    passwordEnc: null,
    port: demoRouterPort(r.id),
    trafficInterface: 'ether1',
    database: '',
    table: '',
    column: '',
    value: '',
    hostname: r.hostname,
    ip: r.ip,
    latitude: r.lat,
    longitude: r.lon,
    additionalInfo: r.model,
    additionalInfo2: 'RouterOS 7.18',
    additionalInfo3: 'PPPoE y colas simples',
    activo: true,
    // Plans on the router (issue 23): the core routers carry a PPP profile per plan; Zempoala only cuts.
    provisioningMode: r.id === 4 ? ('ninguno' as const) : ('pppoe' as const),
    createdAt: created,
    updatedAt: created,
  }));

  const devices: NetworkResult['devices'] = [];
  const nextHost = new Map<number, number>();
  const ipFor = (siteId: number) => {
    const n = nextHost.get(siteId) ?? 0;
    nextHost.set(siteId, n + 1);
    return `10.${siteId}.${1 + Math.floor(n / 250)}.${2 + (n % 250)}`;
  };

  // Sector access points of each site.
  for (const site of SITES) {
    SECTORS.forEach((sector, i) => {
      devices.push({
        id: devices.length + 1,
        guid: rng.uuid(),
        hwaddr: nextMac(ctx, macRng),
        hostname: `AP-${site.code}-${sector}`,
        ipaddr: `10.${site.id}.0.${10 + i}`,
        siteid: site.id,
        product: 'Rocket 5AC Prism',
        contratoId: null,
        lanTxBytes: rng.int(5, 60) * 1_000_000_000_000,
        lastStatsTime: new Date(ctx.now.getTime() - rng.int(1, 4) * 60_000),
        borrado: false,
        idUsuario: USER_IDS.tecnico,
        createdAt: created,
        updatedAt: created,
      });
    });
  }

  const candidates = rng
    .shuffle(customers.filter((c) => c.profile !== 'pending' && c.profile !== 'cancelled'))
    .slice(0, CUSTOMER_DEVICES)
    .sort((a, b) => a.row.id - b.row.id);
  for (const c of candidates) {
    const product = rng.weighted(CPE_PRODUCTS);
    const site = SITES.find((s) => s.id === c.community.siteId) ?? SITES[0];
    if (!site) continue;
    const label = capitalizedWithoutSpaces(c.label);
    const place = capitalizedWithoutSpaces(c.community.comunidad);
    const id = devices.length + 1;
    const since = localDateTime(c.row.fechaContratacion, 13);
    const stale = rng.chance(0.06);
    devices.push({
      id,
      guid: rng.uuid(),
      hwaddr: c.row.mac ?? nextMac(ctx, macRng),
      hostname: `${product.code}-${label}-${place}`.slice(0, 40),
      ipaddr: ipFor(site.id),
      siteid: site.id,
      product: product.name,
      contratoId: c.row.id,
      lanTxBytes: rng.int(2, 900) * 1_000_000_000 + rng.int(0, 999_999_999),
      lastStatsTime: stale
        ? new Date(ctx.now.getTime() - rng.int(2, 20) * 86_400_000)
        : new Date(ctx.now.getTime() - rng.int(1, 10) * 60_000),
      borrado: false,
      idUsuario: USER_IDS.tecnico,
      createdAt: since,
      updatedAt: since,
    });
  }

  return { sites, routers, devices };
}
