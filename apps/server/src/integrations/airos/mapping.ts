/**
 * Pure rules that turn airOS `status.cgi` (and, on airOS 6, `iflist.cgi`) answers into AirLink's device
 * stats (docs/network.md "Readings of a radio"). The LAN speed codes, their labels and the negated signal
 * are shared with the web, so they live in packages/domain (network/airos-display.ts).
 */
import { LAN_SPEED } from '@airlink/domain';

export type AirosFamily = 6 | 8;

/** Interface MACs of one radio, upper case with colons; null when the radio does not list that interface. */
export interface AirosMacs {
  eth0: string | null;
  br0: string | null;
  /** The wireless interface: `ath0` (airOS 6 and 8), or `wlan0` where a firmware names it so. */
  wlan: string | null;
}

/** One stats shape for airOS 6 and airOS 8. Values are from the polled radio's point of view. */
export interface AirosStats {
  family: AirosFamily;
  /** `host.fwversion`, e.g. "v8.7.17" or "v6.3.16". */
  firmwareVersion: string;
  hostname: string;
  /** `host.devmodel`, trimmed (airOS 6 pads it with a space). */
  model: string;
  /** airOS 8 `sta-ptp` / `ap-ptmp`…, airOS 6 `sta` / `ap`. */
  wirelessMode: string | null;
  essid: string | null;
  /** Seconds since boot. */
  uptime: number;
  /** dBm (negative); null when not associated, and on a multipoint access point (each station has its own). */
  signal: number | null;
  /** Percent. airOS 6: `ccq` / 10; airOS 8: the station's `dl_linkscore` (0–100, shown as 'Calidad'). */
  ccq: number | null;
  /**
   * kbps. airOS 6: `rxrate` Mbps × 1000; airOS 8 station: airMAX `dl_capacity`; airOS 8 access point: its
   * own `wireless.polling.ul_capacity` (what it receives), never a station's.
   */
  wlanRxRate: number | null;
  /** kbps. airOS 6: `txrate` Mbps × 1000; airOS 8 station: `ul_capacity`; access point: `polling.dl_capacity`. */
  wlanTxRate: number | null;
  /** The spec's LAN speed code (see lanSpeedCode). */
  lanSpeed: number;
  /** eth0 byte counters (airOS 8: status.cgi; airOS 6: iflist.cgi); null when the radio did not give them. */
  lanRxBytes: number | null;
  lanTxBytes: number | null;
  macs: AirosMacs;
  /** The MAC python-airos uses as the device's own: br0, else eth0, else the wireless one. */
  primaryMac: string | null;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number.parseFloat(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
};
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const truthy = (v: unknown): boolean => v === true || v === 1 || v === '1';

/**
 * A MAC in any common notation (`68:d7:9a:99:fb:ff`, `68-D7-9A-99-FB-FF`, `68d7.9a99.fbff`, `68D79A99FBFF`)
 * as upper case with colons; null when it is not 12 hex digits (or is all zeros, as `lo` reports).
 */
export function normalizeMac(input: string | null | undefined): string | null {
  if (!input) return null;
  const hex = input.trim().replace(/[\s:.-]/g, '');
  if (!/^[0-9a-fA-F]{12}$/.test(hex) || /^0+$/.test(hex)) return null;
  return hex.toUpperCase().match(/.{2}/g)!.join(':');
}

/**
 * LAN speed code from an interface status: not plugged → 1; 1000 full → 38; 100 full → 36; 100 half → 35;
 * 10 full → 34; 10 half → 32; anything else 0 (shown 'Desconocido'). `duplex` is a boolean on airOS 8 and
 * 1 (full) / 0 (half) / 255 (n/a) on airOS 6.
 */
export function lanSpeedCode(status: { plugged?: unknown; speed?: unknown; duplex?: unknown } | undefined): number {
  if (!status) return LAN_SPEED.unknown;
  if (!truthy(status.plugged)) return LAN_SPEED.unplugged;
  const speed = num(status.speed);
  const full = status.duplex === true || status.duplex === 1;
  const half = status.duplex === false || status.duplex === 0;
  if (speed === 1000 && full) return LAN_SPEED.gigabitFull;
  if (speed === 100 && full) return LAN_SPEED.hundredFull;
  if (speed === 100 && half) return LAN_SPEED.hundredHalf;
  if (speed === 10 && full) return LAN_SPEED.tenFull;
  if (speed === 10 && half) return LAN_SPEED.tenHalf;
  return LAN_SPEED.unknown;
}

function interfaces(list: unknown): Map<string, Json> {
  const byName = new Map<string, Json>();
  for (const item of arr(list)) {
    const i = obj(item);
    const name = i && str(i.ifname);
    if (i && name && !byName.has(name)) byName.set(name, i);
  }
  return byName;
}

function macsOf(byName: Map<string, Json>): AirosMacs {
  const mac = (name: string) => normalizeMac(str(byName.get(name)?.hwaddr));
  return { eth0: mac('eth0'), br0: mac('br0'), wlan: mac('ath0') ?? mac('wlan0') };
}

/** airOS 6 iflist.cgi gives `status` as an array of one object; status.cgi gives an object. */
const ifStatus = (i: Json | undefined): Json | undefined => obj(i?.status) ?? obj(arr(i?.status)[0]);

/** airOS 8 `ap-ptp` / `ap-ptmp`, airOS 6 `ap`: the radio is an access point, not a station. */
const isAccessPoint = (mode: string | null) => mode !== null && /^ap(-|$)/.test(mode);

/** Rounds to one decimal (CCQ 73.8 %). */
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * Maps one reading to the stats shape. `status` is the parsed `status.cgi`; `iflist` the parsed
 * `iflist.cgi` (airOS 6 only; its `stats` hold the byte counters). Throws nothing: missing fields are null.
 */
export function mapAirosStats(family: AirosFamily, status: Json, iflist?: Json | null): AirosStats {
  const host = obj(status.host) ?? {};
  const wireless = obj(status.wireless) ?? {};
  const byName = interfaces(status.interfaces);
  const eth0 = byName.get('eth0');
  const macs = macsOf(byName);
  const base = {
    family,
    firmwareVersion: str(host.fwversion) ?? '',
    hostname: str(host.hostname) ?? '',
    model: (str(host.devmodel) ?? '').trim(),
    wirelessMode: str(wireless.mode),
    essid: str(wireless.essid),
    uptime: num(host.uptime) ?? 0,
    lanSpeed: lanSpeedCode(ifStatus(eth0)),
    macs,
    primaryMac: macs.br0 ?? macs.eth0 ?? macs.wlan,
  };
  if (family === 8) {
    const sta = obj(arr(wireless.sta)[0]);
    const airmax = obj(sta?.airmax);
    const polling = obj(wireless.polling);
    const ethStatus = ifStatus(eth0);
    const counters = { lanRxBytes: num(ethStatus?.rx_bytes), lanTxBytes: num(ethStatus?.tx_bytes) };
    if (isAccessPoint(base.wirelessMode)) {
      // An access point's rates are its own: the link capacities of `wireless.polling`, where dl is the
      // AP → station direction on both ends of a link (fixtures v8-ap-ptp-loco5ac / v8-sta-ptp-loco5ac:
      // both report dl_capacity 647400), so the AP transmits dl and receives ul. Its signal and link score
      // are per station: only a point-to-point AP (one link) has them as its own.
      const ptp = base.wirelessMode === 'ap-ptp';
      const signal = ptp ? num(sta?.signal) : null;
      return {
        ...base,
        signal: signal === 0 ? null : signal,
        ccq: ptp ? num(sta?.dl_linkscore) : null,
        wlanRxRate: num(polling?.ul_capacity),
        wlanTxRate: num(polling?.dl_capacity),
        ...counters,
      };
    }
    const signal = num(sta?.signal);
    return {
      ...base,
      signal: signal === 0 ? null : signal,
      ccq: num(sta?.dl_linkscore),
      wlanRxRate: sta ? (num(airmax?.dl_capacity) ?? num(polling?.dl_capacity)) : null,
      wlanTxRate: sta ? (num(airmax?.ul_capacity) ?? num(polling?.ul_capacity)) : null,
      ...counters,
    };
  }
  const signal = num(wireless.signal);
  const ccq = num(wireless.ccq);
  const rx = num(wireless.rxrate);
  const tx = num(wireless.txrate);
  const listed = iflist ? interfaces(iflist.interfaces).get('eth0') : undefined;
  const stats = obj(listed?.stats);
  return {
    ...base,
    signal: signal === 0 ? null : signal,
    ccq: ccq === null ? null : oneDecimal(ccq / 10),
    wlanRxRate: rx === null ? null : Math.round(rx * 1000),
    wlanTxRate: tx === null ? null : Math.round(tx * 1000),
    lanRxBytes: num(stats?.rx_bytes),
    lanTxBytes: num(stats?.tx_bytes),
  };
}
