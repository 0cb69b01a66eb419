import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lanSpeedCode, mapAirosStats, normalizeMac } from './mapping';

describe('normalizeMac', () => {
  it.each([
    ['68:d7:9a:99:fb:ff', '68:D7:9A:99:FB:FF'],
    ['68-D7-9A-99-FB-FF', '68:D7:9A:99:FB:FF'],
    ['68d7.9a99.fbff', '68:D7:9A:99:FB:FF'],
    ['68D79A99FBFF', '68:D7:9A:99:FB:FF'],
    [' 68:D7:9A:99:FB:FF ', '68:D7:9A:99:FB:FF'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeMac(input)).toBe(expected);
  });

  it.each([[''], [null], [undefined], ['00:00:00:00:00:00'], ['68:D7:9A:99:FB'], ['XX:XX:XX:XX:XX:XX']])(
    'rejects %s',
    (input) => {
      expect(normalizeMac(input)).toBeNull();
    },
  );
});

describe('lanSpeedCode', () => {
  it.each([
    [{ plugged: false, speed: 0, duplex: false }, 1],
    [{ plugged: 0, speed: 0, duplex: 0 }, 1],
    [{ plugged: true, speed: 1000, duplex: true }, 38],
    [{ plugged: true, speed: 100, duplex: true }, 36],
    [{ plugged: 1, speed: 100, duplex: 1 }, 36],
    [{ plugged: 1, speed: 100, duplex: 0 }, 35],
    [{ plugged: true, speed: 10, duplex: true }, 34],
    [{ plugged: 1, speed: 10, duplex: 0 }, 32],
    [{ plugged: true, speed: 1000, duplex: false }, 0],
    [{ plugged: 1, speed: 100, duplex: 255 }, 0],
    [undefined, 0],
  ])('%j → %i', (status, code) => {
    expect(lanSpeedCode(status)).toBe(code);
  });
});

/** Trimmed from python-airos fixtures/userdata/LiteBeam5AC_sta-ptp_30mhz.json (a real airOS 8.7.11 station). */
const v8Station = {
  host: { hostname: 'Harmonia_8a', uptime: 814515, fwversion: 'v8.7.11', devmodel: 'LiteBeam 5AC' },
  wireless: {
    essid: 'WirelessABC',
    mode: 'sta-ptp',
    polling: { cb_capacity: 51480, dl_capacity: 51480, ul_capacity: 51480 },
    sta: [
      {
        mac: '68:D7:9A:9A:08:BB',
        signal: -65,
        dl_linkscore: 22,
        ul_linkscore: 22,
        airmax: { cb_capacity: 51480, dl_capacity: 51480, ul_capacity: 41184 },
      },
    ],
  },
  interfaces: [
    {
      ifname: 'eth0',
      hwaddr: '68:D7:9A:99:FB:FF',
      enabled: true,
      status: { plugged: true, tx_bytes: 781260861753, rx_bytes: 179325389971, speed: 1000, duplex: true },
    },
    { ifname: 'ath0', hwaddr: '68:D7:9A:98:FB:FF', enabled: true, status: { plugged: false, speed: 0, duplex: false } },
    { ifname: 'br0', hwaddr: '68:D7:9A:98:FB:FF', enabled: true, status: { plugged: true, speed: 0, duplex: false } },
  ],
};

/** Trimmed from python-airos fixtures/userdata/NanoStation_loco_M5_v6.3.16_XM_sta.json (MACs filled in). */
const v6Station = {
  host: {
    uptime: 1974859,
    fwversion: 'v6.3.16',
    fwprefix: 'XM',
    hostname: 'NanoStation loco M5 Client',
    devmodel: 'NanoStation loco M5 ',
  },
  wireless: { mode: 'sta', essid: 'SOMETHING', signal: -46, ccq: 738, txrate: '243', rxrate: '180' },
  interfaces: [
    { ifname: 'lo', hwaddr: '00:00:00:00:00:00', enabled: true, status: { plugged: 1, speed: 0, duplex: 255 } },
    { ifname: 'eth0', hwaddr: '24:a4:3c:01:02:03', enabled: true, status: { plugged: 1, speed: 100, duplex: 1 } },
    { ifname: 'wifi0', hwaddr: '24:a4:3c:01:02:04', enabled: true, status: { plugged: 1, speed: 0, duplex: 255 } },
    { ifname: 'ath0', hwaddr: '24:a4:3c:01:02:04', enabled: true, status: { plugged: 1, speed: 300, duplex: 255 } },
    { ifname: 'br0', hwaddr: '24:a4:3c:01:02:03', enabled: true, status: { plugged: 1, speed: 0, duplex: 255 } },
  ],
};

const v6Iflist = {
  interfaces: [
    {
      ifname: 'eth0',
      hwaddr: '24:A4:3C:01:02:03',
      status: [{ plugged: 1, speed: 100, duplex: 1 }],
      stats: { rx_bytes: 123456789, tx_bytes: 987654321, rx_errors: 0, tx_errors: 0 },
    },
  ],
};

describe('mapAirosStats', () => {
  it('maps airOS 8: signal of the station, ccq = dl_linkscore, rates = airMAX capacity, eth0 counters', () => {
    expect(mapAirosStats(8, v8Station)).toEqual({
      family: 8,
      firmwareVersion: 'v8.7.11',
      hostname: 'Harmonia_8a',
      model: 'LiteBeam 5AC',
      wirelessMode: 'sta-ptp',
      essid: 'WirelessABC',
      uptime: 814515,
      signal: -65,
      ccq: 22,
      wlanRxRate: 51480,
      wlanTxRate: 41184,
      lanSpeed: 38,
      lanRxBytes: 179325389971,
      lanTxBytes: 781260861753,
      macs: { eth0: '68:D7:9A:99:FB:FF', br0: '68:D7:9A:98:FB:FF', wlan: '68:D7:9A:98:FB:FF' },
      primaryMac: '68:D7:9A:98:FB:FF',
    });
  });

  it('maps airOS 8 without an associated station to null radio values', () => {
    const alone = { ...v8Station, wireless: { ...v8Station.wireless, sta: [] } };
    const s = mapAirosStats(8, alone);
    expect([s.signal, s.ccq, s.wlanRxRate, s.wlanTxRate]).toEqual([null, null, null, null]);
  });

  it('maps airOS 6: ccq tenths to %, Mbps strings to kbps, bytes from iflist.cgi, trimmed model', () => {
    expect(mapAirosStats(6, v6Station, v6Iflist)).toEqual({
      family: 6,
      firmwareVersion: 'v6.3.16',
      hostname: 'NanoStation loco M5 Client',
      model: 'NanoStation loco M5',
      wirelessMode: 'sta',
      essid: 'SOMETHING',
      uptime: 1974859,
      signal: -46,
      ccq: 73.8,
      wlanRxRate: 180000,
      wlanTxRate: 243000,
      lanSpeed: 36,
      lanRxBytes: 123456789,
      lanTxBytes: 987654321,
      macs: { eth0: '24:A4:3C:01:02:03', br0: '24:A4:3C:01:02:03', wlan: '24:A4:3C:01:02:04' },
      primaryMac: '24:A4:3C:01:02:03',
    });
  });

  it('leaves airOS 6 byte counters null without iflist.cgi, and reads an unplugged LAN as 1', () => {
    const unplugged = {
      ...v6Station,
      interfaces: [{ ifname: 'eth0', hwaddr: 'YY:YY:YY:YY:YY:YY', status: { plugged: 0, speed: 0, duplex: 0 } }],
    };
    const s = mapAirosStats(6, unplugged, null);
    expect(s.lanSpeed).toBe(1);
    expect(s.lanRxBytes).toBeNull();
    expect(s.lanTxBytes).toBeNull();
    expect(s.macs.eth0).toBeNull();
  });
});

/**
 * Real `status.cgi` captures (values unchanged) from CoMPaTech/python-airos `fixtures/userdata/` (MIT; commit and file
 * names in fixtures/README.md).
 */
const capture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`./fixtures/${name}.json`, import.meta.url)), 'utf8')) as Record<
    string,
    unknown
  >;

describe('mapAirosStats on real captures', () => {
  it('airOS 8 station (NanoStation 5AC loco 8.7.17): identity, signal, link score and capacities of its AP link', () => {
    const s = mapAirosStats(8, capture('v8-sta-ptp-loco5ac'));
    expect(s).toMatchObject({
      hostname: 'NanoStation 5AC sta name',
      model: 'NanoStation 5AC loco',
      firmwareVersion: 'v8.7.17',
      wirelessMode: 'sta-ptp',
      signal: -58,
      ccq: 93,
      wlanRxRate: 647400,
      wlanTxRate: 526500,
      lanSpeed: 38,
    });
  });

  it("airOS 8 point-to-point AP (the same link's other end): its own polling capacities, dl transmitted", () => {
    const s = mapAirosStats(8, capture('v8-ap-ptp-loco5ac'));
    expect(s).toMatchObject({
      hostname: 'NanoStation 5AC ap name',
      model: 'NanoStation 5AC loco',
      firmwareVersion: 'v8.7.17',
      wirelessMode: 'ap-ptp',
      signal: -59,
      ccq: 100,
      // wireless.polling: dl_capacity 647400 (what the station receives, the AP sends), ul_capacity 540540.
      wlanTxRate: 647400,
      wlanRxRate: 540540,
    });
  });

  it("airOS 8 multipoint AP (NanoBeam 5AC 8.7.18): its own capacities, never its first station's; no signal", () => {
    const raw = capture('v8-ap-ptmp-nanobeam5ac');
    const s = mapAirosStats(8, raw);
    // Its first station's airMAX capacities are 168480 / 273000 and signal -52: none of them is the AP's.
    expect(s).toMatchObject({
      hostname: 'NanoBeam 5AC',
      model: 'NanoBeam 5AC',
      firmwareVersion: 'v8.7.18',
      wirelessMode: 'ap-ptmp',
      wlanTxRate: 124740,
      wlanRxRate: 223560,
      signal: null,
      ccq: null,
      lanSpeed: 38,
    });
  });

  it('airOS 6 station (NanoStation M5 6.3.16 XW): ccq tenths, Mbps strings, trimmed model', () => {
    const s = mapAirosStats(6, capture('v6-sta-nanostation-m5'));
    expect(s).toMatchObject({
      hostname: 'NanoStation M5',
      model: 'NanoStation M5',
      firmwareVersion: 'v6.3.16',
      wirelessMode: 'sta',
      signal: -64,
      ccq: 99.1,
      wlanRxRate: 216000,
      wlanTxRate: 270000,
      lanSpeed: 36,
    });
  });

  it("airOS 6 AP (NanoStation loco M5 6.3.16 XM): the AP's own wireless rates and CCQ", () => {
    const s = mapAirosStats(6, capture('v6-ap-loco-m5'));
    expect(s).toMatchObject({
      hostname: 'NanoStation loco M5 AP',
      model: 'NanoStation loco M5',
      firmwareVersion: 'v6.3.16',
      wirelessMode: 'ap',
      signal: -45,
      ccq: 87,
      wlanRxRate: 300000,
      wlanTxRate: 270000,
    });
  });
});
