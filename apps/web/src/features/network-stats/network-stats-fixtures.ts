import type { Device, RadioCurrentStats, RouterTrafficItem } from '@airlink/domain';

export const RADIO_MAC = 'AA:BB:CC:00:00:07';

export function makeDevice(overrides: Partial<Device> = {}): Device {
  return {
    id: 41,
    guid: '00000000-0000-4000-8000-000000000041',
    hwaddr: RADIO_MAC,
    hostname: 'cpe-ana',
    ipaddr: '10.1.0.41',
    siteid: 2,
    product: 'LiteBeam 5AC',
    url: 'https://10.1.0.41',
    urlPropia: false,
    username: '',
    tienePassword: false,
    lanTxBytes: 0,
    lastStatsTime: '2026-11-24T15:00:00Z',
    lastSeen: '2026-11-24T15:00:00Z',
    signal: -62,
    ccq: 91,
    online: true,
    idUsuario: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function makeRadioStats(overrides: Partial<RadioCurrentStats> = {}): RadioCurrentStats {
  return {
    id: 41,
    ccq: 91,
    wlanRxRate: 130000,
    wlanTxRate: 65000,
    lanSpeed: 36,
    essid: 'AirLink-Centro',
    signal: -62,
    uptime: 3 * 86_400 + 4 * 3_600,
    lanRxBytes: 1000,
    lanTxBytes: 2000,
    hostname: 'AP-Torre1-Sur',
    model: 'LiteBeam 5AC',
    firmware: 'v8.7.17',
    lastStatsTime: '2026-11-24T15:00:00Z',
    lastPollAt: '2026-11-24T15:00:00Z',
    lastError: null,
    ...overrides,
  };
}

export function makeTraffic(overrides: Partial<RouterTrafficItem> = {}): RouterTrafficItem {
  return {
    router: 4,
    name: 'RB-Tizayuca',
    hostLocation: 'Torre Centro',
    rxBitsPerSecond: 52_428_800,
    txBitsPerSecond: 10_485_760,
    totalConnections: 37,
    status: 'online',
    dateLastUpdate: '2026-11-24T15:00:00Z',
    lastError: null,
    ...overrides,
  };
}

/** A TSV series of `count` points; `value(i)` null for a bucket without data. */
export function makeTsv(count: number, value: (i: number) => number | null): string {
  const start = Date.UTC(2026, 10, 24, 14, 0);
  const lines = Array.from({ length: count }, (_, i) => {
    const v = value(i);
    return `${new Date(start + i * 60_000).toISOString()}\t${v === null ? '' : v}`;
  });
  return ['time\tvalue', ...lines].join('\n') + '\n';
}
