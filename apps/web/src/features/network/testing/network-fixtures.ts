import type { Device, RadioCurrentStats, Router, Site } from '@airlink/domain';

const STAMP = '2026-11-20T16:00:00.000Z';

export function makeSite(id: number, overrides: Partial<Site> = {}): Site {
  return {
    id,
    nombre: `Torre ${id}`,
    lat: 20.1,
    lon: -98.7,
    url: `https://torre${id}.airlink.test`,
    idSite: id,
    username: 'ubnt',
    tienePassword: true,
    idUsuario: 1,
    routers: 0,
    devices: 0,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

export function makeRouter(id: number, overrides: Partial<Router> = {}): Router {
  return {
    id,
    siteId: 1,
    host: `10.0.${id}.1`,
    port: 8728,
    tls: false,
    username: 'admin',
    tienePassword: true,
    listaSuspension: 'airlink-cortados',
    interfazTrafico: 'ether1',
    database: '',
    table: '',
    column: '',
    value: '',
    hostname: `RB-${id}`,
    ip: `10.0.${id}.1`,
    latitude: null,
    longitude: null,
    additionalInfo: '',
    additionalInfo2: '',
    additionalInfo3: '',
    activo: true,
    modoAprovisionamiento: 'ninguno',
    contratos: 0,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

export function makeDevice(id: number, overrides: Partial<Device> = {}): Device {
  const ip = `10.20.0.${id}`;
  return {
    id,
    guid: `guid-${id}`,
    hwaddr: `AA:BB:CC:00:00:${String(id).padStart(2, '0')}`,
    hostname: `Radio ${id}`,
    ipaddr: ip,
    siteid: 1,
    product: 'LiteBeam 5AC',
    url: `https://${ip}`,
    urlPropia: false,
    username: '',
    tienePassword: false,
    lanTxBytes: 0,
    lastStatsTime: STAMP,
    lastSeen: STAMP,
    signal: -62,
    ccq: 91,
    online: true,
    idUsuario: 1,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

export function makeStats(id: number, overrides: Partial<RadioCurrentStats> = {}): RadioCurrentStats {
  return {
    id,
    ccq: 91,
    wlanRxRate: 130000,
    wlanTxRate: 117000,
    lanSpeed: 36,
    essid: 'AIRLINK-TORRE1',
    signal: -62,
    uptime: 3 * 86_400 + 4 * 3_600,
    lanRxBytes: 5 * 1024 ** 3,
    lanTxBytes: 1024 ** 3,
    hostname: 'AP-Torre1-Sur',
    model: 'LiteBeam 5AC',
    firmware: 'v8.7.17',
    lastStatsTime: STAMP,
    lastPollAt: STAMP,
    lastError: null,
    ...overrides,
  };
}
