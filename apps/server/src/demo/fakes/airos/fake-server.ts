import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { normalizeMac } from '../../../integrations/airos/mapping';
import { createSelfSignedCertificate } from './self-signed';

/**
 * A loopback airOS "radio farm": one HTTPS port (self-signed certificate) serving any number of radios,
 * each selected by a path prefix `/d/<id>/` (requests without a prefix go to the first radio). It speaks
 * what the real web UI speaks (docs/protocols/airos.md): airOS 8 `POST /api/auth` → `AIROS_<mac>` cookie +
 * `X-CSRF-ID`, 403 on `status.cgi` without a valid session; airOS 6 `GET/POST /login.cgi` with the 302 flow,
 * `index.cgi`, `status.cgi` and `iflist.cgi`, a redirect to login.cgi without a session. Answers follow
 * real captures (python-airos fixtures); uptime and byte counters are derived from the clock, so they move
 * on every read and cost nothing between reads. Generated radios are created on first use (a few hundred
 * bytes each), so 20,000 radios fit in one process.
 */

export type FakeRadioBehaviour =
  /** Real answers. */
  | 'normal'
  /** `status.cgi` answers 200 with an HTML page (a captive portal, a proxy, a broken firmware). */
  | 'html'
  /** Every request is accepted and never answered (a radio on a dying link). */
  | 'hang'
  /** `status.cgi` answers truncated JSON. */
  | 'malformed'
  /** Every request's connection is closed without an answer. */
  | 'reset';

export interface FakeRadioSpec {
  /** Path-prefix id; explicit radios default to `r<index>`. */
  id?: string;
  family?: 6 | 8;
  username?: string;
  password?: string;
  hostname?: string;
  model?: string;
  firmware?: string;
  essid?: string;
  /** Interface MACs as the radio prints them (any notation: the fake echoes them unchanged). */
  macs?: { eth0?: string; ath0?: string; br0?: string };
  /** Received signal in dBm (the fake adds ±2 dBm of movement). */
  signal?: number;
  /** eth0 state; default plugged at 100 Mbps full duplex. */
  lan?: { plugged: boolean; speed: number; fullDuplex: boolean };
  /** Seconds since boot when the fake starts. */
  uptime?: number;
  /** airOS 8: refuse `status.cgi` without the `X-CSRF-ID` of the session (a wrong one is always refused). */
  requireCsrf?: boolean;
}

export interface FakeAirosOptions {
  host?: string;
  port?: number;
  /** Serve plain HTTP instead of HTTPS (cheaper for a bench). Default false. */
  plainHttp?: boolean;
  /** Radios with chosen properties. */
  radios?: FakeRadioSpec[];
  /** Also serve this many generated radios with ids "0" … "count-1". */
  count?: number;
  /** Firmware family of generated radios: 6, 8, or 'mixed' (every fourth one is airOS 6). Default 'mixed'. */
  generatedFamily?: 6 | 8 | 'mixed';
  /** Credentials of generated radios; default ubnt / ubnt. */
  username?: string;
  password?: string;
  /** Idle lifetime of a session; default 15 minutes. */
  sessionTtlMs?: number;
}

export interface FakeAirosRadio {
  readonly id: string;
  readonly family: 6 | 8;
  username: string;
  password: string;
  behaviour: FakeRadioBehaviour;
  lan: { plugged: boolean; speed: number; fullDuplex: boolean };
  /** Logins granted and `status.cgi` answers served with JSON. */
  readonly logins: number;
  readonly statusReads: number;
  /** Seconds since boot now. */
  uptime(): number;
  /** Uptime and counters start again from 0; sessions are lost. */
  reboot(): void;
  /** Drops every session (the next read gets 403 / a redirect to login.cgi). */
  expireSessions(): void;
}

export interface FakeAirosServer {
  /** Origin, e.g. https://127.0.0.1:40123 */
  url: string;
  /** PEM certificate of the server, to pin it (`ca`) instead of accepting any certificate. */
  cert: string;
  /** Base URL of one radio: `${url}/d/<id>/`. */
  urlOf(id: string): string;
  /** The radio's controls and counters (throws for an unknown id). */
  radio(id: string): FakeAirosRadio;
  /** Ids of the explicit radios, then "0" … "count-1". */
  ids(): string[];
  stop(): Promise<void>;
}

interface SessionState {
  authorised: boolean;
  csrf: string;
  expires: number;
}

const hex = (n: number) => randomBytes(n).toString('hex');
const pad2 = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');
const macFrom = (first: number, index: number) =>
  [first, 0xec, 0xda, (index >> 16) & 0xff, (index >> 8) & 0xff, index & 0xff].map(pad2).join(':');
/** Cheap deterministic 0..1 from an integer (no stored randomness per radio). */
const unit = (seed: number) => {
  const x = Math.sin(seed * 12.9898 + 78.233) * 43758.5453;
  return x - Math.floor(x);
};

class Radio implements FakeAirosRadio {
  username: string;
  password: string;
  behaviour: FakeRadioBehaviour = 'normal';
  lan: { plugged: boolean; speed: number; fullDuplex: boolean };
  logins = 0;
  statusReads = 0;
  readonly family: 6 | 8;
  private bootAt: number;
  private sessions: Map<string, SessionState> | null = null;
  private readonly seed: number;
  private readonly macs: { eth0: string; ath0: string; br0: string };

  constructor(
    readonly id: string,
    index: number,
    private readonly spec: FakeRadioSpec,
    private readonly ttlMs: number,
    defaults: { username: string; password: string; family: 6 | 8 },
  ) {
    this.seed = index + 1;
    this.family = spec.family ?? defaults.family;
    this.username = spec.username ?? defaults.username;
    this.password = spec.password ?? defaults.password;
    this.lan = { ...(spec.lan ?? { plugged: true, speed: 100, fullDuplex: true }) };
    const eth0 = spec.macs?.eth0 ?? macFrom(0xfc, index);
    const ath0 = spec.macs?.ath0 ?? macFrom(0xfe, index);
    this.macs = { eth0, ath0, br0: spec.macs?.br0 ?? (this.family === 8 ? ath0 : eth0) };
    const uptime = spec.uptime ?? 3_600 + Math.floor(unit(this.seed) * 40 * 86_400);
    this.bootAt = Date.now() - uptime * 1000;
  }

  uptime(): number {
    return Math.max(0, Math.floor((Date.now() - this.bootAt) / 1000));
  }

  reboot(): void {
    this.bootAt = Date.now();
    this.sessions = null;
  }

  expireSessions(): void {
    this.sessions = null;
  }

  get requireCsrf(): boolean {
    return this.spec.requireCsrf === true;
  }

  get cookieName(): string {
    return this.family === 8
      ? `AIROS_${(normalizeMac(this.macs.eth0) ?? 'UBNT').replace(/:/g, '')}`
      : 'AIROS_SESSIONID';
  }

  newSession(authorised: boolean): [string, SessionState] {
    const s: SessionState = { authorised, csrf: hex(16), expires: Date.now() + this.ttlMs };
    const token = hex(16);
    this.sessions ??= new Map();
    for (const [k, v] of this.sessions) if (v.expires < Date.now()) this.sessions.delete(k);
    this.sessions.set(token, s);
    return [token, s];
  }

  session(req: IncomingMessage): [string, SessionState] | null {
    const header = req.headers.cookie ?? '';
    for (const part of header.split(';')) {
      const eq = part.indexOf('=');
      if (eq < 0 || part.slice(0, eq).trim() !== this.cookieName) continue;
      const token = part.slice(eq + 1).trim();
      const s = this.sessions?.get(token);
      if (s && s.expires >= Date.now()) {
        s.expires = Date.now() + this.ttlMs;
        return [token, s];
      }
    }
    return null;
  }

  /** Byte counters: a per-radio rate × seconds since boot, so they only go down on reboot. */
  private counters() {
    const t = (Date.now() - this.bootAt) / 1000;
    const down = 20_000 + unit(this.seed * 7) * 400_000; // bytes/s towards the customer
    const up = down / (3 + unit(this.seed * 11) * 5);
    const lanTx = Math.floor(down * t);
    const lanRx = Math.floor(up * t);
    return { lanTx, lanRx, lanTxPk: Math.floor(lanTx / 900), lanRxPk: Math.floor(lanRx / 300) };
  }

  private signalNow(): number {
    const base = this.spec.signal ?? -48 - Math.floor(unit(this.seed * 3) * 30);
    return base + Math.round(Math.sin(Date.now() / 7_000 + this.seed) * 2);
  }

  statusJson(): object {
    this.statusReads++;
    return this.family === 8 ? this.status8() : this.status6();
  }

  private status8(): object {
    const uptime = this.uptime();
    const c = this.counters();
    const signal = this.signalNow();
    const linkscore = Math.max(5, Math.min(100, Math.round(100 + (signal + 50) * 2.2)));
    const capacity = Math.max(6_500, Math.round(linkscore * 2_300));
    const hostname = this.spec.hostname ?? `CPE-${this.id}`;
    const model = this.spec.model ?? 'LiteBeam 5AC';
    const ipOctet = (this.seed % 250) + 2;
    const eth = {
      plugged: this.lan.plugged,
      tx_bytes: c.lanTx,
      rx_bytes: c.lanRx,
      tx_packets: c.lanTxPk,
      rx_packets: c.lanRxPk,
      tx_errors: 0,
      rx_errors: 0,
      tx_dropped: 0,
      rx_dropped: 0,
      ipaddr: '0.0.0.0',
      speed: this.lan.plugged ? this.lan.speed : 0,
      duplex: this.lan.plugged && this.lan.fullDuplex,
      snr: [30, 30, 30, 30],
      cable_len: this.lan.plugged ? 12 : 0,
    };
    return {
      chain_names: [
        { number: 1, name: 'Chain 0' },
        { number: 2, name: 'Chain 1' },
      ],
      host: {
        hostname,
        device_id: hex(16),
        uptime,
        power_time: uptime,
        time: new Date().toISOString().slice(0, 19).replace('T', ' '),
        timestamp: Math.floor(Date.now() / 1000),
        fwversion: this.spec.firmware ?? 'v8.7.17',
        devmodel: model,
        netrole: 'bridge',
        loadavg: 0.097656,
        totalram: 63447040,
        freeram: 19419136,
        temperature: 0,
        cpuload: 18.181818,
        height: null,
      },
      genuine: '/images/genuine.png',
      services: { dhcpc: false, dhcpd: false, dhcp6d_stateful: false, pppoe: false, airview: 2 },
      firewall: { iptables: false, ebtables: false, ip6tables: false, eb6tables: false },
      portfw: false,
      wireless: {
        essid: this.spec.essid ?? 'AirLink-Sector',
        mode: 'sta-ptmp',
        ieeemode: '11ACVHT20',
        band: 2,
        compat_11n: 0,
        hide_essid: 0,
        apmac: '68:D7:9A:9A:08:BB',
        antenna_gain: 23,
        frequency: 5500,
        center1_freq: 5500,
        dfs: 1,
        distance: 1200,
        security: 'WPA2',
        noisef: -92,
        txpower: 5,
        aprepeater: false,
        rstatus: 5,
        chanbw: 20,
        rx_chainmask: 3,
        tx_chainmask: 3,
        nol_state: 0,
        nol_timeout: 0,
        cac_state: 0,
        cac_timeout: 0,
        rx_idx: 6,
        rx_nss: 2,
        tx_idx: 6,
        tx_nss: 2,
        throughput: { tx: 420, rx: 2_945 },
        service: { time: uptime, link: uptime },
        polling: {
          cb_capacity: capacity,
          dl_capacity: capacity,
          ul_capacity: Math.round(capacity * 0.8),
          use: 124,
          tx_use: 50,
          rx_use: 74,
          atpc_status: 0,
          fixed_frame: false,
          gps_sync: false,
          ff_cap_rep: false,
        },
        count: 1,
        sta: [
          {
            mac: '68:D7:9A:9A:08:BB',
            lastip: `10.0.0.1`,
            signal,
            rssi: signal + 96,
            noisefloor: -92,
            chainrssi: [signal + 95, signal + 93, 0],
            tx_idx: 6,
            rx_idx: 6,
            tx_nss: 2,
            rx_nss: 2,
            tx_latency: 2,
            distance: 1200,
            tx_packets: 0,
            tx_lretries: 0,
            tx_sretries: 0,
            uptime,
            dl_signal_expect: -50,
            ul_signal_expect: -50,
            cb_capacity_expect: 234000,
            dl_capacity_expect: 234000,
            ul_capacity_expect: 234000,
            dl_rate_expect: 8,
            ul_rate_expect: 8,
            dl_linkscore: linkscore,
            ul_linkscore: Math.max(5, linkscore - 3),
            dl_avg_linkscore: linkscore,
            ul_avg_linkscore: linkscore,
            stats: {
              rx_bytes: c.lanTx,
              rx_packets: c.lanTxPk,
              rx_pps: 40,
              tx_bytes: c.lanRx,
              tx_packets: c.lanRxPk,
              tx_pps: 12,
            },
            airmax: {
              actual_priority: 0,
              beam: 0,
              desired_priority: 0,
              cb_capacity: capacity,
              dl_capacity: capacity,
              ul_capacity: Math.round(capacity * 0.8),
              atpc_status: 0,
              rx: { usage: 74, cinr: 24 },
              tx: { usage: 50, cinr: 24 },
            },
            last_disc: 3,
            remote: {
              hostname: 'AP-Sector',
              platform: 'Rocket 5AC Prism',
              version: 'XC.qca955x.v8.7.17.48152.250106.1543',
              mode: 'ap-ptmp',
              netrole: 'bridge',
              signal: signal - 1,
              uptime: uptime + 86_400,
              ethlist: [{ ifname: 'eth0', enabled: true, plugged: true, duplex: true, speed: 1000, cable_len: 0 }],
              ipaddr: ['10.0.0.1'],
            },
          },
        ],
        sta_disconnected: [],
      },
      interfaces: [
        { ifname: 'eth0', hwaddr: this.macs.eth0, enabled: true, mtu: 1500, status: eth },
        {
          ifname: 'ath0',
          hwaddr: this.macs.ath0,
          enabled: true,
          mtu: 1500,
          status: { ...eth, plugged: false, tx_bytes: c.lanRx, rx_bytes: c.lanTx, speed: 0, duplex: false },
        },
        {
          ifname: 'br0',
          hwaddr: this.macs.br0,
          enabled: true,
          mtu: 1500,
          status: { ...eth, tx_bytes: 221427065, rx_bytes: 424139192, ipaddr: `10.20.${ipOctet}.2`, speed: 0 },
        },
      ],
      provmode: {},
      ntpclient: {},
      unms: { status: 0 },
    };
  }

  private status6(): object {
    const uptime = this.uptime();
    const signal = this.signalNow();
    const ccq = Math.max(100, Math.min(1000, Math.round(990 + (signal + 50) * 6)));
    const rate = signal > -60 ? 270 : signal > -70 ? 216 : 130;
    const duplex = this.lan.plugged ? (this.lan.fullDuplex ? 1 : 0) : 0;
    const iface = (ifname: string, hwaddr: string, status: object) => ({
      ifname,
      hwaddr,
      enabled: true,
      status,
      services: { dhcpc: false, dhcpd: false, pppoe: false },
    });
    return {
      host: {
        uptime,
        time: new Date().toISOString().slice(0, 19).replace('T', ' '),
        fwversion: this.spec.firmware ?? 'v6.3.16',
        fwprefix: 'XM',
        hostname: this.spec.hostname ?? `CPE-${this.id}`,
        devmodel: this.spec.model ?? 'NanoStation loco M5 ',
        netrole: 'bridge',
        totalram: 30220288,
        freeram: 8753152,
        cpuload: 100.0,
        cputotal: 197455604,
        cpubusy: 11150046,
      },
      wireless: {
        mode: 'sta',
        essid: this.spec.essid ?? 'AirLink-Sector-M',
        hide_essid: 0,
        apmac: '24:A4:3C:10:20:30',
        countrycode: 484,
        channel: 140,
        frequency: '5700 MHz',
        dfs: '0',
        opmode: '11naht40minus',
        antenna: 'Built in - 13 dBi',
        chains: '2X2',
        signal,
        rssi: signal + 96,
        noisef: -89,
        txpower: 2,
        ack: 28,
        distance: 600,
        ccq,
        txrate: String(rate),
        rxrate: String(Math.round(rate * 0.8)),
        security: 'WPA2',
        qos: 'No QoS',
        rstatus: 5,
        count: 1,
        cac_nol: 0,
        nol_chans: 0,
        polling: { enabled: 1, quality: 84, capacity: 55, priority: 0, noack: 0, airsync_mode: 0, atpc_status: 0 },
        stats: { rx_nwids: 0, rx_crypts: 0, rx_frags: 0, tx_retries: 0, missed_beacons: 0, err_other: 0 },
        wds: 1,
        aprepeater: 0,
        chwidth: 20,
        chanbw: 40,
        cwmmode: 0,
        rx_chainmask: 3,
        tx_chainmask: 3,
        chainrssi: [signal + 96, signal + 93, 0],
      },
      airview: { enabled: 0 },
      services: { dhcpc: 0, dhcpd: 0, pppoe: 0 },
      firewall: { iptables: 0, ebtables: 1, ip6tables: 0, eb6tables: 0 },
      genuine: '/images/genuine.png',
      unms: { status: 0, timestamp: '', link: '' },
      interfaces: [
        iface('lo', '00:00:00:00:00:00', { plugged: 1, speed: 0, duplex: 255 }),
        iface('eth0', this.macs.eth0, {
          plugged: this.lan.plugged ? 1 : 0,
          speed: this.lan.plugged ? this.lan.speed : 0,
          duplex,
        }),
        iface('wifi0', this.macs.ath0, { plugged: 1, speed: 0, duplex: 255 }),
        iface('ath0', this.macs.ath0, { plugged: 1, speed: 300, duplex: 255 }),
        iface('br0', this.macs.br0, { plugged: 1, speed: 0, duplex: 255 }),
      ],
    };
  }

  /** airOS 5/6 `iflist.cgi`: `status` is an array, byte counters in `stats`. */
  iflistJson(): object {
    const c = this.counters();
    const entry = (ifname: string, hwaddr: string, status: object, rx: number, tx: number) => ({
      ifname,
      hwaddr,
      enabled: true,
      mtu: 1500,
      ipv4: ifname === 'br0' ? { addr: `10.20.${(this.seed % 250) + 2}.2`, netmask: '255.255.255.0' } : undefined,
      status: [status],
      stats: {
        rx_packets: Math.floor(rx / 300),
        rx_bytes: rx,
        rx_errors: 0,
        tx_packets: Math.floor(tx / 900),
        tx_bytes: tx,
        tx_errors: 0,
      },
    });
    return {
      interfaces: [
        entry(
          'eth0',
          this.macs.eth0,
          {
            plugged: this.lan.plugged ? 1 : 0,
            speed: this.lan.plugged ? this.lan.speed : 0,
            duplex: this.lan.fullDuplex ? 1 : 0,
          },
          c.lanRx,
          c.lanTx,
        ),
        entry('ath0', this.macs.ath0, { plugged: 1, speed: 300, duplex: 255 }, c.lanTx, c.lanRx),
        entry('br0', this.macs.br0, { plugged: 1, speed: 0, duplex: 255 }, 424139192, 221427065),
      ],
    };
  }
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function loginPage(prefix: string, error: string | null): string {
  return `<!DOCTYPE html><html><head><title>Login</title><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head>
<body><form enctype="multipart/form-data" id="loginform" method="post" action="${esc(prefix)}/login.cgi">
<input type="hidden" name="uri" value="${esc(prefix)}/index.cgi" /><table><tr><td>Username:</td><td><input type="text" name="username" id="username"/></td></tr>
<tr><td>Password:</td><td><input type="password" name="password" id="password"/></td></tr>
${error ? `<tr><td colspan="2" class="error">${esc(error)}</td></tr>` : ''}<tr><td colspan="2"><input type="submit" value="Login" /></td></tr></table></form></body></html>`;
}

/** Fields of an urlencoded, JSON or multipart body (enough for username / password / uri). */
function formFields(req: IncomingMessage, body: string): Record<string, string> {
  const type = String(req.headers['content-type'] ?? '');
  if (type.includes('application/json')) {
    try {
      const v = JSON.parse(body) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]));
    } catch {
      return {};
    }
  }
  if (type.includes('multipart/form-data')) {
    const out: Record<string, string> = {};
    for (const m of body.matchAll(/name="([^"]+)"\r\n\r\n([\s\S]*?)\r\n--/g)) out[m[1]!] = m[2]!;
    return out;
  }
  return Object.fromEntries(new URLSearchParams(body));
}

export async function startFakeAirosServer(opts: FakeAirosOptions = {}): Promise<FakeAirosServer> {
  const host = opts.host ?? '127.0.0.1';
  const ttl = opts.sessionTtlMs ?? 15 * 60_000;
  const count = opts.count ?? 0;
  const generatedFamily = opts.generatedFamily ?? 'mixed';
  const defaults = { username: opts.username ?? 'ubnt', password: opts.password ?? 'ubnt' };
  const explicit = new Map<string, Radio>();
  (opts.radios ?? []).forEach((spec, i) => {
    const id = spec.id ?? `r${i}`;
    explicit.set(id, new Radio(id, 100_000 + i, spec, ttl, { ...defaults, family: spec.family ?? 8 }));
  });
  const generated = new Map<number, Radio>();
  const find = (id: string): Radio | undefined => {
    const r = explicit.get(id);
    if (r) return r;
    if (!/^\d+$/.test(id)) return undefined;
    const n = Number(id);
    if (n >= count) return undefined;
    let g = generated.get(n);
    if (!g) {
      const family = generatedFamily === 'mixed' ? (n % 4 === 3 ? 6 : 8) : generatedFamily;
      g = new Radio(id, n, {}, ttl, { ...defaults, family });
      generated.set(n, g);
    }
    return g;
  };
  const firstId = explicit.keys().next().value ?? (count > 0 ? '0' : undefined);

  const hung = new Set<ServerResponse>();

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'https://radio');
    const m = /^\/d\/([^/]+)(\/.*)?$/.exec(url.pathname);
    const id = m ? decodeURIComponent(m[1]!) : firstId;
    const prefix = m ? `/d/${m[1]}` : '';
    const path = m ? (m[2] ?? '/') : url.pathname;
    const radio = id === undefined ? undefined : find(id);
    if (!radio) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>404 - Not Found</body></html>');
      return;
    }
    if (radio.behaviour === 'hang') {
      hung.add(res);
      res.on('close', () => hung.delete(res));
      req.resume();
      return;
    }
    if (radio.behaviour === 'reset') {
      req.socket.destroy();
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 65_536) req.destroy();
    });
    req.on('end', () => route(radio, prefix, path, req, res, body));
  };

  const html = (res: ServerResponse, status: number, page: string, headers: Record<string, string | string[]> = {}) =>
    res.writeHead(status, { 'content-type': 'text/html', ...headers }).end(page);
  const json = (res: ServerResponse, value: object, headers: Record<string, string> = {}) =>
    res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
  const toLogin = (res: ServerResponse, prefix: string, path: string) =>
    res.writeHead(302, { location: `${prefix}/login.cgi?uri=${encodeURIComponent(prefix + path)}` }).end();

  function serveStatus(radio: Radio, res: ServerResponse) {
    if (radio.behaviour === 'html') {
      html(
        res,
        200,
        '<!DOCTYPE html><html><head><title>airOS</title></head><body><div id="main">Cargando…</div></body></html>',
      );
      return;
    }
    if (radio.behaviour === 'malformed') {
      const text = JSON.stringify(radio.statusJson());
      res.writeHead(200, { 'content-type': 'application/json' }).end(text.slice(0, Math.floor(text.length / 2)));
      return;
    }
    json(res, radio.statusJson());
  }

  function route(radio: Radio, prefix: string, path: string, req: IncomingMessage, res: ServerResponse, body: string) {
    const method = req.method ?? 'GET';
    const cookie = (token: string) =>
      `${radio.cookieName}=${token}; Path=/; HttpOnly${opts.plainHttp ? '' : '; Secure'}`;
    if (radio.family === 8) {
      if (path === '/api/auth' && method === 'POST') {
        const f = formFields(req, body);
        if (f.username !== radio.username || f.password !== radio.password) {
          res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Invalid credentials"}');
          return;
        }
        radio.logins++;
        const [token, s] = radio.newSession(true);
        json(res, { ok: true }, { 'set-cookie': cookie(token), 'x-csrf-id': s.csrf });
        return;
      }
      if (path === '/status.cgi' && method === 'GET') {
        const found = radio.session(req);
        const csrf = req.headers['x-csrf-id'];
        if (!found || (csrf !== undefined && csrf !== found[1].csrf) || (radio.requireCsrf && csrf === undefined)) {
          res.writeHead(403, { 'content-type': 'application/json' }).end('{"error":"Forbidden"}');
          return;
        }
        serveStatus(radio, res);
        return;
      }
      html(res, 404, '<html><body>404 - Not Found</body></html>');
      return;
    }
    // airOS 6 / 5
    if (path === '/login.cgi' && method === 'GET') {
      const [token] = radio.newSession(false);
      html(res, 200, loginPage(prefix, null), { 'set-cookie': cookie(token) });
      return;
    }
    if (path === '/login.cgi' && method === 'POST') {
      const found = radio.session(req);
      const f = formFields(req, body);
      if (!found || f.username !== radio.username || f.password !== radio.password) {
        html(res, 200, loginPage(prefix, 'Invalid credentials.'));
        return;
      }
      found[1].authorised = true;
      radio.logins++;
      res.writeHead(302, { location: f.uri || `${prefix}/index.cgi` }).end();
      return;
    }
    const found = radio.session(req);
    const authorised = found?.[1].authorised === true;
    if (path === '/index.cgi' || path === '/') {
      if (!authorised) return toLogin(res, prefix, '/index.cgi');
      html(res, 200, `<!DOCTYPE html><html><head><title>Main</title></head><body>airOS</body></html>`);
      return;
    }
    if (path === '/status.cgi') {
      if (!authorised) return toLogin(res, prefix, path);
      serveStatus(radio, res);
      return;
    }
    if (path === '/iflist.cgi') {
      if (!authorised) return toLogin(res, prefix, path);
      json(res, radio.iflistJson());
      return;
    }
    html(res, 404, '<html><body>404 - Not Found</body></html>');
  }

  const pem = opts.plainHttp ? null : createSelfSignedCertificate('UBNT');
  const server = pem ? https.createServer({ key: pem.key, cert: pem.cert }, handler) : http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `${pem ? 'https' : 'http'}://${host}:${port}`;
  return {
    url: origin,
    cert: pem?.cert ?? '',
    urlOf: (id) => `${origin}/d/${encodeURIComponent(id)}/`,
    radio: (id) => {
      const r = find(id);
      if (!r) throw new Error(`unknown fake radio ${id}`);
      return r;
    },
    ids: () => [...explicit.keys(), ...Array.from({ length: count }, (_, i) => String(i))],
    stop: () =>
      new Promise<void>((resolve) => {
        for (const res of hung) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
