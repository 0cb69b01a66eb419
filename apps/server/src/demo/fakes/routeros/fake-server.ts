import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import tls from 'node:tls';
import {
  SentenceDecoder,
  encodeSentence,
  parseSentence,
  type ParsedSentence,
} from '../../../integrations/routeros/protocol';
import { FAKE_ROUTER_CERT_PEM, FAKE_ROUTER_KEY_PEM } from './tls-fixture';
import { parseRouterSpeed } from '@airlink/domain';
import { parseVersion } from '../../../integrations/routeros/values';

/*
 * A loopback MikroTik router speaking the binary API (docs/protocols/routeros.md):
 * login (plaintext for >= 6.43, MD5 challenge before), tags, interleaved replies, `!trap` + `!done`,
 * `!fatal`, `!empty` only when emulating >= 7.18, `/cancel`, print queries and `.proplist`, add/set/remove.
 * State lives in memory and can be read back by tests; hooks make it hang, drop, split or fail.
 */

export interface FakeSecretSeed {
  name: string;
  password: string;
  profile?: string;
  service?: string;
  disabled?: boolean;
  comment?: string;
}
export interface FakeActiveSeed {
  name: string;
  address: string;
  callerId?: string;
  service?: string;
  /** Session age at start. */
  uptimeSeconds?: number;
  /** What the customer would use without a limit (bit/s); the session's traffic is this capped by its profile. */
  demandDownBps?: number;
  demandUpBps?: number;
}
export interface FakeProfileSeed {
  name: string;
  rateLimit?: string;
  comment?: string;
}
export interface FakeQueueSeed {
  name: string;
  target: string;
  /** `upload/download`, `k`/`M` accepted; stored as bit/s. */
  maxLimit?: string;
  comment?: string;
}
export interface FakeAddressListSeed {
  list: string;
  address: string;
  comment?: string;
  timeout?: string;
  disabled?: boolean;
  dynamic?: boolean;
}
export interface FakeInterfaceSeed {
  name: string;
  type?: string;
  running?: boolean;
  disabled?: boolean;
  /** Average rates; counters grow by these and monitor-traffic reports them with some wobble. */
  rxBitsPerSecond?: number;
  txBitsPerSecond?: number;
  rxByte?: bigint;
  txByte?: bigint;
}
export interface FakeLeaseSeed {
  address: string;
  macAddress: string;
  hostName?: string;
  status?: string;
  server?: string;
  dynamic?: boolean;
  comment?: string;
  expiresAfter?: string;
}
export interface FakeRouterOsSeed {
  /** PPP profiles besides the built-in `default` and `default-encryption`. */
  profiles?: FakeProfileSeed[];
  queues?: FakeQueueSeed[];
  secrets?: FakeSecretSeed[];
  active?: FakeActiveSeed[];
  addressLists?: FakeAddressListSeed[];
  interfaces?: FakeInterfaceSeed[];
  leases?: FakeLeaseSeed[];
}

export interface FakeRouterOsOptions {
  host?: string;
  /** Plain API port; 0 (default) picks a free one. */
  port?: number;
  /**
   * Also listen for api-ssl: self-signed certificate from tls-fixture.ts unless key/cert are given, or
   * `anonymous` (no certificate, anonymous DH suites only, like a router whose api-ssl has none assigned).
   */
  tls?: boolean | { port?: number; key?: string; cert?: string; anonymous?: boolean };
  /** RouterOS version to emulate, e.g. `7.18.2` (default; sends `!empty`) or `6.49.17` (does not). */
  version?: string;
  identity?: string;
  boardName?: string;
  /** API users. Default admin / admin. A `readOnly` user's writes are refused ('not enough permissions'). */
  users?: { name: string; password: string; readOnly?: boolean }[];
  seed?: FakeRouterOsSeed;
  /** Interval of streaming monitor-traffic (without `=once=`). Default 1000 ms. */
  monitorIntervalMs?: number;
  /**
   * When set, a removed PPP session comes back (new id) after this delay; while its secret is disabled the CPE's
   * dial is refused and tried again after the same delay.
   */
  redialAfterMs?: number;
}

export type CommandMatch = string | RegExp | ((words: readonly string[]) => boolean);

export interface FakeCommandLogEntry {
  /** Words as received, `=password=` values masked. */
  words: string[];
  tag?: string;
}

export interface FakeRouterOsState {
  identity: string;
  version: string;
  secrets: {
    id: string;
    name: string;
    password: string;
    profile: string;
    service: string;
    disabled: boolean;
    comment: string;
  }[];
  active: { id: string; name: string; address: string; callerId: string; service: string }[];
  profiles: { id: string; name: string; rateLimit: string; comment: string }[];
  queues: {
    id: string;
    name: string;
    target: string;
    maxLimit: string;
    burstLimit: string;
    burstThreshold: string;
    burstTime: string;
    comment: string;
    dynamic: boolean;
  }[];
  addressLists: { id: string; list: string; address: string; comment: string; disabled: boolean; dynamic: boolean }[];
  interfaces: {
    id: string;
    name: string;
    type: string;
    running: boolean;
    disabled: boolean;
    rxByte: bigint;
    txByte: bigint;
  }[];
  leases: {
    id: string;
    address: string;
    macAddress: string;
    hostName: string;
    status: string;
    dynamic: boolean;
    comment: string;
  }[];
}

type Row = Record<string, string>;

interface Table {
  rows: Row[];
  nextId: number;
}

interface IfaceCounters {
  rxBps: number;
  txBps: number;
  rxBase: bigint;
  txBase: bigint;
  since: number;
  phase: number;
}

interface Hook {
  match: CommandMatch;
  action: 'hang' | 'close' | 'fatal' | 'trap' | 'delay';
  delayMs?: number;
  message?: string;
  category?: number;
  once: boolean;
}

interface Session {
  socket: net.Socket;
  decoder: SentenceDecoder;
  user: string | null;
  challenge: string | null;
  streams: Map<string, NodeJS.Timeout>;
  out: Buffer[];
  flushing: boolean;
}

const PATHS = {
  profile: '/ppp/profile',
  queue: '/queue/simple',
  secret: '/ppp/secret',
  active: '/ppp/active',
  addressList: '/ip/firewall/address-list',
  interface: '/interface',
  lease: '/ip/dhcp-server/lease',
} as const;

const BOOLEAN_PROPS = new Set(['disabled', 'dynamic', 'running', 'blocked', 'radius']);

function normaliseValue(key: string, value: string): string {
  if (BOOLEAN_PROPS.has(key)) {
    if (value === 'yes' || value === 'true') return 'true';
    if (value === 'no' || value === 'false') return 'false';
  }
  return value;
}

function formatDuration(totalSeconds: number): string {
  let s = Math.max(0, Math.floor(totalSeconds));
  const parts: string[] = [];
  for (const [unit, size] of [
    ['w', 604_800],
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
  ] as const) {
    const n = Math.floor(s / size);
    s -= n * size;
    if (n) parts.push(`${n}${unit}`);
  }
  if (s || parts.length === 0) parts.push(`${s}s`);
  return parts.join('');
}

function matches(match: CommandMatch, words: readonly string[]): boolean {
  if (typeof match === 'string') return words[0] === match;
  if (match instanceof RegExp) return match.test(words[0] ?? '');
  return match(words);
}

/** Normalises an address-list address for comparison (10.0.0.1/32 == 10.0.0.1). */
function sameAddress(a: string, b: string): boolean {
  const norm = (x: string) => x.trim().toLowerCase().replace(/\/32$/, '');
  return norm(a) === norm(b);
}

function compare(a: string, b: string): number {
  if (/^-?\d+$/.test(a) && /^-?\d+$/.test(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Evaluates `?` query words over one row (docs/protocols/routeros.md "What the client sends"). Exported for its own tests. */
export function rowMatchesQueries(row: Row, queries: readonly string[]): boolean {
  const stack: boolean[] = [];
  const pop = () => (stack.length ? stack.pop()! : true);
  const at = (i: number) => (i < stack.length ? stack[stack.length - 1 - i]! : true);
  for (const q of queries) {
    const body = q.slice(1);
    if (body.startsWith('#')) {
      const ops = body.slice(1);
      for (let i = 0; i < ops.length; i++) {
        const c = ops[i]!;
        if (c === '!') stack.push(!pop());
        else if (c === '&') {
          const a = pop();
          const b = pop();
          stack.push(a && b);
        } else if (c === '|') {
          const a = pop();
          const b = pop();
          stack.push(a || b);
        } else if (c === '.') {
          stack.push(at(0));
        } else if (/\d/.test(c)) {
          let j = i;
          while (j + 1 < ops.length && /\d/.test(ops[j + 1]!)) j++;
          const idx = Number(ops.slice(i, j + 1));
          const value = at(idx);
          if (j + 1 >= ops.length) stack.splice(0, stack.length, value);
          else {
            stack.push(value);
            if (ops[j + 1] === '.') j++; // a dot after an index does nothing
          }
          i = j;
        }
      }
      continue;
    }
    if (body.startsWith('-')) {
      stack.push(row[body.slice(1)] === undefined);
      continue;
    }
    const op = body[0] === '<' || body[0] === '>' ? body[0] : null;
    let rest = op ? body.slice(1) : body;
    if (!op && rest.startsWith('=')) rest = rest.slice(1);
    const eq = rest.indexOf('=');
    if (eq === -1) {
      stack.push(row[rest] !== undefined);
      continue;
    }
    const key = rest.slice(0, eq);
    const value = rest.slice(eq + 1);
    const actual = row[key];
    if (op === '<') stack.push(actual !== undefined && compare(actual, value) < 0);
    else if (op === '>') stack.push(actual !== undefined && compare(actual, value) > 0);
    else stack.push((actual ?? '') === normaliseValue(key, value));
  }
  return stack.every(Boolean);
}

export interface FakeRouterOs {
  host: string;
  port: number;
  /** api-ssl port when tls was asked for. */
  tlsPort?: number;
  /** PEM of the api-ssl certificate (pass as `ca` to verify it) and its SHA-256 fingerprint. */
  tlsCertificatePem?: string;
  tlsFingerprint256?: string;
  /** Emulated version; change it at any time (affects `!empty` and the login style of new logins). */
  version: string;
  /** Currently open client connections. */
  readonly openConnections: number;
  /** Connections accepted since start. */
  readonly acceptedConnections: number;
  /** Successful logins since start. */
  readonly logins: number;
  /** Every command received (passwords masked), oldest first (the newest 5000). */
  readonly commandLog: readonly FakeCommandLogEntry[];
  /** Commands received since start (the log keeps only the newest). */
  readonly commandCount: number;

  /** A deep copy of the router's state. */
  snapshot(): FakeRouterOsState;
  addressList(list: string): FakeRouterOsState['addressLists'];
  secret(name: string): FakeRouterOsState['secrets'][number] | undefined;
  activeSessions(name?: string): FakeRouterOsState['active'];
  profile(name: string): FakeRouterOsState['profiles'][number] | undefined;
  queue(name: string): FakeRouterOsState['queues'][number] | undefined;
  addProfile(seed: FakeProfileSeed): string;
  /** Changes made on the router by someone else (drift): raw property values of one row. */
  setRow(kind: 'profile' | 'secret' | 'queue', id: string, values: Record<string, string>): void;
  removeRow(kind: 'profile' | 'secret' | 'queue', id: string): void;

  /** Direct state changes (to simulate drift made on the router by someone else). */
  setIdentity(name: string): void;
  setUserPassword(name: string, password: string): void;
  addSecret(seed: FakeSecretSeed): string;
  addActiveSession(seed: FakeActiveSeed): string;
  addAddressListEntry(seed: FakeAddressListSeed): string;
  setInterfaceRate(name: string, rxBitsPerSecond: number, txBitsPerSecond: number): void;
  /** Counters back to zero (as after a reboot or a manual reset). */
  resetCounters(name: string): void;

  /** Commands matching stop being answered (the router hangs mid-command). Default: every command. */
  hangOn(match?: CommandMatch, opts?: { once?: boolean }): void;
  /** The connection is dropped (no reply) when a matching command arrives. */
  closeOn(match?: CommandMatch, opts?: { once?: boolean }): void;
  /** `!fatal <reason>` then close, when a matching command arrives. */
  fatalOn(match?: CommandMatch, reason?: string, opts?: { once?: boolean }): void;
  /** `!trap` + `!done` instead of running a matching command (e.g. a router refusing writes). */
  trapOn(match: CommandMatch, message: string, category?: number, opts?: { once?: boolean }): void;
  /** Answer matching commands only after this delay (later commands may finish first). */
  delayOn(match: CommandMatch, ms: number, opts?: { once?: boolean }): void;
  clearHooks(): void;
  /** Split every reply into writes of at most this many bytes (null: one write per reply). */
  splitReplies(chunkBytes: number | null): void;
  /** Sends `!fatal <reason>` on every open connection and closes them. */
  fatalAll(reason?: string): void;
  /** Drops every open connection without a word. */
  dropAll(): void;

  stop(): Promise<void>;
}

/** Starts a fake router on loopback. */
export async function startFakeRouterOs(opts: FakeRouterOsOptions = {}): Promise<FakeRouterOs> {
  const host = opts.host ?? '127.0.0.1';
  const startedAt = Date.now();
  const userList = opts.users ?? [{ name: 'admin', password: 'admin' }];
  const users = new Map(userList.map((u) => [u.name, u.password]));
  const readOnlyUsers = new Set(userList.filter((u) => u.readOnly).map((u) => u.name));
  const monitorIntervalMs = opts.monitorIntervalMs ?? 1000;
  let identity = opts.identity ?? 'MikroTik';
  const boardName = opts.boardName ?? 'CCR2004-16G-2S+';
  let version = opts.version ?? '7.18.2';
  let hooks: Hook[] = [];
  let chunkBytes: number | null = null;
  let accepted = 0;
  let logins = 0;
  let commandCount = 0;
  const commandLog: FakeCommandLogEntry[] = [];
  const sessions = new Set<Session>();
  const timers = new Set<NodeJS.Timeout>();

  const tables = new Map<string, Table>();
  for (const p of Object.values(PATHS)) tables.set(p, { rows: [], nextId: 1 });
  // Dynamic PPP sessions get ids in another range, as on a real router.
  tables.get(PATHS.active)!.nextId = 0x80000001;
  const counters = new Map<string, IfaceCounters>();
  const activeSince = new Map<string, number>();

  const table = (path: string) => tables.get(path)!;
  const insert = (path: string, row: Row): string => {
    const t = table(path);
    const id = `*${(t.nextId++).toString(16).toUpperCase()}`;
    t.rows.push({ '.id': id, ...row });
    return id;
  };
  const clean = (row: Record<string, string | undefined>): Row =>
    Object.fromEntries(Object.entries(row).filter((e): e is [string, string] => e[1] !== undefined));

  const api = {
    addSecret(s: FakeSecretSeed): string {
      return insert(
        PATHS.secret,
        clean({
          name: s.name,
          password: s.password,
          profile: s.profile ?? 'default',
          service: s.service ?? 'pppoe',
          disabled: String(s.disabled ?? false),
          comment: s.comment,
        }),
      );
    },
    addActiveSession(s: FakeActiveSeed): string {
      const id = insert(
        PATHS.active,
        clean({
          name: s.name,
          address: s.address,
          'caller-id': s.callerId ?? '',
          service: s.service ?? 'pppoe',
          encoding: '',
          'session-id': `0x${randomBytes(4).toString('hex').toUpperCase()}`,
          radius: 'false',
        }),
      );
      activeSince.set(id, Date.now() - (s.uptimeSeconds ?? 0) * 1000);
      sessionUp(s);
      return id;
    },
    addAddressListEntry(s: FakeAddressListSeed): string {
      return insert(
        PATHS.addressList,
        clean({
          list: s.list,
          address: s.address,
          comment: s.comment,
          timeout: s.timeout,
          'creation-time': new Date().toISOString().slice(0, 19).replace('T', ' '),
          dynamic: String(s.dynamic ?? false),
          disabled: String(s.disabled ?? false),
        }),
      );
    },
  };

  /** Bit/s from a `k`/`M`/plain value pair `up/down` to the integers a queue prints. */
  const bpsPair = (text: string | undefined): string | undefined => {
    if (text === undefined) return undefined;
    const parts = text.split('/');
    const nums = parts.map((p) => (/^\d+(\.\d+)?[kM]?$/.test(p) ? String(rateBps(p)) : p));
    return (nums.length === 1 ? [nums[0], nums[0]] : nums).join('/');
  };
  const rateBps = (p: string) => Math.round(parseFloat(p) * (p.endsWith('M') ? 1e6 : p.endsWith('k') ? 1e3 : 1));
  /** Demand of each static queue's customer (bit/s), capped by its max-limit when read. */
  const DEFAULT_DEMAND = { down: 40_000_000, up: 8_000_000 };
  const demand = new Map<string, { down: number; up: number }>();

  /**
   * A PPP login: the `<pppoe-NAME>` interface and, when the secret's profile has a rate-limit, the dynamic
   * queue, both with the limit the profile has now (later profile changes do not reach a running session).
   */
  const sessionUp = (s: FakeActiveSeed) => {
    const iface = `<pppoe-${s.name}>`;
    const secret = table(PATHS.secret).rows.find((r) => r.name === s.name);
    const profile = secret ? table(PATHS.profile).rows.find((r) => r.name === secret.profile) : undefined;
    const limit = parseRouterSpeed(profile?.['rate-limit'] ?? '');
    const want = { down: s.demandDownBps ?? DEFAULT_DEMAND.down, up: s.demandUpBps ?? DEFAULT_DEMAND.up };
    demand.set(s.name, want);
    const down = limit ? Math.min(want.down, limit.downBps) : want.down;
    const up = limit ? Math.min(want.up, limit.upBps) : want.up;
    // The wobble of rateNow goes 15 % over the average: keep the average under the cap.
    addInterface({ name: iface, type: 'pppoe-in', rxBitsPerSecond: up * 0.85, txBitsPerSecond: down * 0.85 });
    if (limit)
      insert(PATHS.queue, {
        name: iface,
        target: iface,
        'max-limit': `${limit.upBps}/${limit.downBps}`,
        'burst-limit': '0/0',
        'burst-threshold': '0/0',
        'burst-time': '0s/0s',
        dynamic: 'true',
        disabled: 'false',
      });
  };
  const sessionDown = (name: string) => {
    const iface = `<pppoe-${name}>`;
    table(PATHS.interface).rows = table(PATHS.interface).rows.filter((r) => r.name !== iface);
    table(PATHS.queue).rows = table(PATHS.queue).rows.filter((r) => r.name !== iface);
    counters.delete(iface);
  };

  const addInterface = (s: FakeInterfaceSeed) => {
    const id = insert(
      PATHS.interface,
      clean({
        name: s.name,
        type: s.type ?? 'ether',
        running: String(s.running ?? true),
        disabled: String(s.disabled ?? false),
        mtu: '1500',
      }),
    );
    counters.set(s.name, {
      rxBps: s.rxBitsPerSecond ?? 0,
      txBps: s.txBitsPerSecond ?? 0,
      rxBase: s.rxByte ?? 0n,
      txBase: s.txByte ?? 0n,
      since: Date.now(),
      phase: counters.size,
    });
    return id;
  };

  const seed = opts.seed ?? {};
  table(PATHS.profile).nextId = 0;
  for (const p of [{ name: 'default' }, ...(seed.profiles ?? []), { name: 'default-encryption' }])
    insert(PATHS.profile, clean({ name: p.name, 'rate-limit': p.rateLimit, comment: p.comment }));
  table(PATHS.profile).rows.at(-1)!['.id'] = '*FFFFFFFE';
  for (const q of seed.queues ?? [])
    insert(PATHS.queue, {
      name: q.name,
      target: q.target,
      'max-limit': bpsPair(q.maxLimit ?? '0/0')!,
      'burst-limit': '0/0',
      'burst-threshold': '0/0',
      'burst-time': '0s/0s',
      comment: q.comment ?? '',
      dynamic: 'false',
      disabled: 'false',
    });
  for (const i of seed.interfaces ?? [
    { name: 'ether1', rxBitsPerSecond: 48_000_000, txBitsPerSecond: 9_000_000 },
    { name: 'ether2', rxBitsPerSecond: 9_000_000, txBitsPerSecond: 47_000_000 },
  ])
    addInterface(i);
  for (const s of seed.secrets ?? []) api.addSecret(s);
  for (const a of seed.active ?? []) api.addActiveSession(a);
  for (const e of seed.addressLists ?? []) api.addAddressListEntry(e);
  for (const l of seed.leases ?? []) {
    insert(
      PATHS.lease,
      clean({
        address: l.address,
        'mac-address': l.macAddress,
        'active-address': l.status === 'waiting' ? undefined : l.address,
        'active-mac-address': l.status === 'waiting' ? undefined : l.macAddress,
        'host-name': l.hostName,
        status: l.status ?? 'bound',
        'expires-after': l.expiresAfter ?? (l.dynamic === false ? undefined : '9m58s'),
        server: l.server ?? 'dhcp1',
        dynamic: String(l.dynamic ?? true),
        disabled: 'false',
        comment: l.comment,
      }),
    );
  }

  /** Current rate of an interface: its average with a slow wobble (±15 %). */
  const rateNow = (c: IfaceCounters, now: number) => {
    const wobble = 1 + 0.15 * Math.sin(now / 7000 + c.phase);
    return { rx: Math.round(c.rxBps * wobble), tx: Math.round(c.txBps * wobble) };
  };
  const bytesNow = (c: IfaceCounters, now: number) => {
    const secs = BigInt(Math.max(0, now - c.since));
    return {
      rx: c.rxBase + (BigInt(Math.round(c.rxBps)) * secs) / 8000n,
      tx: c.txBase + (BigInt(Math.round(c.txBps)) * secs) / 8000n,
    };
  };

  /** A queue's current rate `up/down`: a session's interface, or a static customer's demand under max-limit. */
  const queueRate = (r: Row, now: number): string => {
    const c = counters.get(r.target ?? '');
    if (c) {
      const x = rateNow(c, now);
      return `${x.rx}/${x.tx}`;
    }
    const [up, down] = (r['max-limit'] ?? '0/0').split('/').map(Number);
    const want = demand.get(r.name!) ?? DEFAULT_DEMAND;
    const wobble = 0.85 + 0.1 * Math.sin(now / 7000);
    const cap = (w: number, l: number | undefined) => Math.round((l ? Math.min(w, l) : w) * wobble);
    return `${cap(want.up, up)}/${cap(want.down, down)}`;
  };

  /**
   * Rows as `print` shows them, computed fields included; `wanted` (a print's `.proplist`) leaves out the computed
   * fields nobody asked for, so printing thousands of sessions by name stays quick.
   */
  const view = (path: string, wanted?: ReadonlySet<string>): Row[] => {
    const now = Date.now();
    const computes = (field: string) => !wanted || wanted.has(field);
    return table(path).rows.map((r) => {
      const row = { ...r };
      if (path === PATHS.secret) delete row.password; // shown only to full-policy users; AirLink never reads it
      if (path === PATHS.active && computes('uptime'))
        row.uptime = formatDuration((now - (activeSince.get(r['.id']!) ?? now)) / 1000);
      if (path === PATHS.queue && computes('rate')) row.rate = queueRate(r, now);
      if (path === PATHS.interface) {
        const c = counters.get(r.name!);
        if (c) {
          const b = bytesNow(c, now);
          row['rx-byte'] = b.rx.toString();
          row['tx-byte'] = b.tx.toString();
          row['rx-packet'] = (b.rx / 900n).toString();
          row['tx-packet'] = (b.tx / 900n).toString();
        }
      }
      return row;
    });
  };

  // ---- output -------------------------------------------------------------------------------------

  const flush = (s: Session) => {
    if (s.flushing) return;
    s.flushing = true;
    const step = () => {
      const next = s.out.shift();
      if (!next || s.socket.destroyed) {
        s.flushing = false;
        return;
      }
      s.socket.write(next);
      setImmediate(step);
    };
    step();
  };

  const send = (s: Session, sentences: string[][]) => {
    if (s.socket.destroyed) return;
    const bytes = Buffer.concat(sentences.map((w) => encodeSentence(w)));
    if (chunkBytes === null && !s.flushing) {
      s.socket.write(bytes);
      return;
    }
    const size = chunkBytes ?? bytes.length;
    for (let i = 0; i < bytes.length; i += size) s.out.push(bytes.subarray(i, i + size));
    flush(s);
  };

  const withTag = (words: string[], tag: string | undefined) =>
    tag !== undefined && tag !== '' ? [...words, `.tag=${tag}`] : words;
  const done = (tag?: string, attrs: Row = {}) =>
    withTag(['!done', ...Object.entries(attrs).map(([k, v]) => `=${k}=${v}`)], tag);
  const trap = (message: string, tag?: string, category?: number) =>
    withTag(['!trap', ...(category !== undefined ? [`=category=${category}`] : []), `=message=${message}`], tag);
  const re = (row: Row, tag?: string) => withTag(['!re', ...Object.entries(row).map(([k, v]) => `=${k}=${v}`)], tag);

  const fatal = (s: Session, reason: string) => {
    send(s, [['!fatal', reason]]);
    const end = () => (s.flushing ? setImmediate(end) : s.socket.end());
    end();
  };

  // ---- commands -----------------------------------------------------------------------------------

  const newEmpty = () => {
    const v = parseVersion(version);
    return !!v && (v.major > 7 || (v.major === 7 && v.minor >= 18));
  };
  const legacyLogin = () => {
    const v = parseVersion(version);
    return !!v && (v.major < 6 || (v.major === 6 && v.minor < 43));
  };

  const printRows = (rows: Row[], cmd: ParsedSentence): string[][] => {
    const proplist = cmd.attributes['.proplist']?.split(',').filter(Boolean);
    const out: string[][] = [];
    for (const row of rows) {
      if (!rowMatchesQueries(row, cmd.queries)) continue;
      const shown = proplist
        ? Object.fromEntries(proplist.filter((k) => row[k] !== undefined).map((k) => [k, row[k]!]))
        : row;
      out.push(re(shown, cmd.tag));
    }
    if (out.length === 0 && newEmpty()) out.push(withTag(['!empty'], cmd.tag));
    out.push(done(cmd.tag));
    return out;
  };

  const findById = (path: string, id: string | undefined) => table(path).rows.find((r) => r['.id'] === id);
  const noSuchItem = (tag?: string) => [trap('no such item (4)', tag), done(tag)];

  const tableCommand = (path: string, verb: string, cmd: ParsedSentence): string[][] | null => {
    const tag = cmd.tag;
    const attrs = Object.fromEntries(
      Object.entries(cmd.attributes)
        .filter(([k]) => !k.startsWith('.'))
        .map(([k, v]) => [k, normaliseValue(k, v)]),
    );
    if (verb === 'print' || verb === 'getall') {
      const proplist = cmd.attributes['.proplist']?.split(',').filter(Boolean);
      // A query may test a computed field: then every field is computed.
      const queried = cmd.queries.some((q) => /^\?[-<>]?(uptime|rate)(=|$)/.test(q));
      return printRows(view(path, proplist && !queried ? new Set(proplist) : undefined), cmd);
    }
    if (verb === 'remove') {
      const ids = (cmd.attributes['.id'] ?? '').split(',').filter(Boolean);
      if (ids.length === 0 || ids.some((id) => !findById(path, id))) return noSuchItem(tag);
      const t = table(path);
      for (const id of ids) {
        const row = findById(path, id)!;
        if (path === PATHS.profile && row.name?.startsWith('default'))
          return [trap('failure: cannot remove default profile', tag), done(tag)];
        if (path === PATHS.queue && row.dynamic === 'true')
          return [trap('failure: can not remove dynamic queue', tag), done(tag)];
        t.rows = t.rows.filter((r) => r !== row);
        if (path === PATHS.active) {
          sessionDown(row.name!);
          scheduleRedial(row);
        }
      }
      return [done(tag)];
    }
    if (verb === 'set') {
      const row = findById(path, cmd.attributes['.id']);
      if (!row) return noSuchItem(tag);
      if (path === PATHS.active) return [trap('failure: cannot change active connections', tag, 1), done(tag)];
      if ('dynamic' in attrs) return [trap('failure: dynamic is read-only', tag, 1), done(tag)];
      if (path === PATHS.queue && row.dynamic === 'true')
        return [trap('failure: can not change dynamic', tag), done(tag)];
      const refused = refuseReferences(path, attrs, row);
      if (refused) return [trap(refused, tag), done(tag)];
      Object.assign(row, path === PATHS.queue ? queueAttrs(attrs) : attrs);
      return [done(tag)];
    }
    if (verb === 'add') {
      if (path === PATHS.addressList) {
        if (!attrs.list || !attrs.address) return [trap('failure: list and address must be set', tag, 1), done(tag)];
        const dup = table(path).rows.some((r) => r.list === attrs.list && sameAddress(r.address ?? '', attrs.address!));
        if (dup) return [trap('failure: already have such entry', tag), done(tag)];
        const id = api.addAddressListEntry({
          list: attrs.list,
          address: attrs.address,
          comment: attrs.comment,
          timeout: attrs.timeout,
          disabled: attrs.disabled === 'true',
        });
        return [done(tag, { ret: id })];
      }
      if (path === PATHS.secret) {
        if (!attrs.name) return [trap('failure: name must be set', tag, 1), done(tag)];
        if (table(path).rows.some((r) => r.name === attrs.name)) {
          return [trap('failure: secret with the same name already exists', tag), done(tag)];
        }
        const refused = refuseReferences(path, attrs);
        if (refused) return [trap(refused, tag), done(tag)];
        const id = api.addSecret({
          name: attrs.name,
          password: attrs.password ?? '',
          profile: attrs.profile,
          service: attrs.service,
          disabled: attrs.disabled === 'true',
          comment: attrs.comment,
        });
        if (attrs['remote-address']) findById(path, id)!['remote-address'] = attrs['remote-address'];
        return [done(tag, { ret: id })];
      }
      if (path === PATHS.profile || path === PATHS.queue) {
        if (!attrs.name) return [trap('failure: name must be set', tag, 1), done(tag)];
        if (table(path).rows.some((r) => r.name === attrs.name))
          return [trap('failure: already have such name', tag), done(tag)];
        if (path === PATHS.queue && !attrs.target) return [trap('failure: target must be set', tag, 1), done(tag)];
        const row =
          path === PATHS.queue
            ? {
                'max-limit': '0/0',
                'burst-limit': '0/0',
                'burst-threshold': '0/0',
                'burst-time': '0s/0s',
                comment: '',
                ...queueAttrs(attrs),
                dynamic: 'false',
                disabled: 'false',
              }
            : attrs;
        return [done(tag, { ret: insert(path, row) })];
      }
      if (path === PATHS.lease) {
        if (!attrs.address || !attrs['mac-address'])
          return [trap('failure: address and mac-address must be set', tag, 1), done(tag)];
        const id = insert(PATHS.lease, {
          server: 'all',
          status: 'waiting',
          dynamic: 'false',
          disabled: 'false',
          ...attrs,
        });
        return [done(tag, { ret: id })];
      }
    }
    return null;
  };

  /** A secret's profile must exist (the router's words when it does not). */
  const refuseReferences = (path: string, attrs: Row, row?: Row): string | null => {
    if (path === PATHS.secret && attrs.profile !== undefined) {
      if (!table(PATHS.profile).rows.some((p) => p.name === attrs.profile))
        return 'input does not match any value of profile';
    }
    if ((path === PATHS.profile || path === PATHS.queue) && attrs.name !== undefined && attrs.name !== row?.name) {
      if (table(path).rows.some((r) => r.name === attrs.name)) return 'failure: already have such name';
    }
    return null;
  };
  /** Queue limits are stored as bit/s integers (`5M/20M` prints `5000000/20000000`). */
  const queueAttrs = (attrs: Row): Row => {
    const out = { ...attrs };
    for (const k of ['max-limit', 'burst-limit', 'burst-threshold', 'limit-at']) if (out[k]) out[k] = bpsPair(out[k])!;
    return out;
  };

  const scheduleRedial = (row: Row) => {
    if (opts.redialAfterMs === undefined) return;
    const t = setTimeout(() => {
      timers.delete(t);
      const secret = table(PATHS.secret).rows.find((r) => r.name === row.name);
      if (!secret) return; // the customer is gone from the router: nothing dials any more
      // A refused redial is tried again, as a PPPoE client keeps dialing: enabling the secret brings the session back.
      if (secret.disabled === 'true') return scheduleRedial(row);
      if (table(PATHS.active).rows.some((r) => r.name === row.name)) return;
      api.addActiveSession({
        name: row.name!,
        address: row.address!,
        callerId: row['caller-id'],
        service: row.service,
      });
    }, opts.redialAfterMs);
    timers.add(t);
  };

  const monitorRows = (names: string[], tag?: string): string[][] => {
    const now = Date.now();
    return names.map((name) => {
      const r = rateNow(counters.get(name)!, now);
      return re(
        {
          name,
          'rx-packets-per-second': String(Math.round(r.rx / 7200)),
          'rx-bits-per-second': String(r.rx),
          'fp-rx-packets-per-second': '0',
          'fp-rx-bits-per-second': '0',
          'rx-drops-per-second': '0',
          'rx-errors-per-second': '0',
          'tx-packets-per-second': String(Math.round(r.tx / 7200)),
          'tx-bits-per-second': String(r.tx),
          'fp-tx-packets-per-second': '0',
          'fp-tx-bits-per-second': '0',
          'tx-drops-per-second': '0',
          'tx-queue-drops-per-second': '0',
          'tx-errors-per-second': '0',
        },
        tag,
      );
    });
  };

  const handle = (s: Session, words: string[], delayed = false) => {
    const cmd = parseSentence(words);
    const tag = cmd.tag;
    if (!delayed) commandCount++;
    if (!delayed)
      commandLog.push({
        words: words
          .filter((w) => !w.startsWith('.tag='))
          .map((w) => (w.startsWith('=password=') ? '=password=***' : w)),
        tag,
      });
    if (commandLog.length > 5000) commandLog.splice(0, commandLog.length - 5000);

    const hook = delayed ? undefined : hooks.find((h) => matches(h.match, words));
    if (hook) {
      if (hook.once) hooks = hooks.filter((h) => h !== hook);
      if (hook.action === 'delay') {
        const t = setTimeout(() => {
          timers.delete(t);
          if (!s.socket.destroyed) handle(s, words, true);
        }, hook.delayMs);
        timers.add(t);
        return;
      }
      if (hook.action === 'hang') return;
      if (hook.action === 'close') return void s.socket.destroy();
      if (hook.action === 'fatal') return fatal(s, hook.message ?? 'session terminated on request');
      return send(s, [trap(hook.message ?? 'failure', tag, hook.category), done(tag)]);
    }

    if (cmd.word === '/login') {
      if (legacyLogin()) {
        const response = cmd.attributes.response;
        if (response === undefined || !s.challenge) {
          s.challenge = randomBytes(16).toString('hex');
          return send(s, [done(tag, { ret: s.challenge })]);
        }
        const pw = users.get(cmd.attributes.name ?? '');
        const expected =
          pw === undefined
            ? null
            : '00' +
              createHash('md5')
                .update(Buffer.concat([Buffer.from([0]), Buffer.from(pw, 'utf8'), Buffer.from(s.challenge, 'hex')]))
                .digest('hex');
        s.challenge = null;
        if (expected === null || expected !== response) return send(s, [trap('cannot log in', tag), done(tag)]);
      } else {
        const pw = users.get(cmd.attributes.name ?? '');
        if (pw === undefined || pw !== cmd.attributes.password) {
          return send(s, [trap('invalid user name or password (6)', tag), done(tag)]);
        }
      }
      s.user = cmd.attributes.name!;
      logins++;
      return send(s, [done(tag)]);
    }
    if (!s.user) return send(s, [trap('not logged in', tag), done(tag)]);

    if (cmd.word === '/quit') return fatal(s, 'session terminated on request');
    if (cmd.word === '/cancel') {
      const target = cmd.attributes.tag;
      const out: string[][] = [];
      for (const [t, timer] of s.streams) {
        if (target !== undefined && t !== target) continue;
        clearInterval(timer);
        s.streams.delete(t);
        out.push(trap('interrupted', t, 2), done(t));
      }
      out.push(done(tag));
      return send(s, out);
    }

    const slash = cmd.word.lastIndexOf('/');
    const path = cmd.word.slice(0, slash);
    const verb = cmd.word.slice(slash + 1);
    if (readOnlyUsers.has(s.user) && ['add', 'set', 'remove'].includes(verb))
      return send(s, [trap('not enough permissions (9)', tag), done(tag)]);

    if (path === '/system/identity') {
      if (verb === 'print' || verb === 'getall') return send(s, printRows([{ name: identity }], cmd));
      if (verb === 'set' && cmd.attributes.name) {
        identity = cmd.attributes.name;
        return send(s, [done(tag)]);
      }
    }
    if (path === '/system/resource' && (verb === 'print' || verb === 'getall')) {
      const row: Row = {
        uptime: formatDuration((Date.now() - startedAt) / 1000 + 3 * 86_400 + 4 * 3600),
        version: `${version} (stable)`,
        'build-time': '2025-02-26 10:31:12',
        'free-memory': '3774545920',
        'total-memory': '4294967296',
        cpu: 'ARM64',
        'cpu-count': '4',
        'cpu-frequency': '1700',
        'cpu-load': String(3 + Math.floor(Math.random() * 10)),
        'free-hdd-space': '96137216',
        'total-hdd-space': '134217728',
        'architecture-name': 'arm64',
        'board-name': boardName,
        platform: 'MikroTik',
      };
      return send(s, printRows([row], cmd));
    }
    if (path === PATHS.interface && verb === 'monitor-traffic') {
      const names = (cmd.attributes.interface ?? '').split(',').filter(Boolean);
      const unknown = names.length === 0 || names.some((n) => !counters.has(n));
      if (unknown) return send(s, [trap('input does not match any value of interface', tag, 1), done(tag)]);
      if ('once' in cmd.attributes) return send(s, [...monitorRows(names, tag), done(tag)]);
      send(s, monitorRows(names, tag));
      const timer = setInterval(() => send(s, monitorRows(names, tag)), monitorIntervalMs);
      s.streams.set(tag ?? '', timer);
      return;
    }
    if (
      [...tables.keys()].includes(path) &&
      (path !== PATHS.active || verb === 'print' || verb === 'getall' || verb === 'remove')
    ) {
      if (path !== PATHS.interface || verb === 'print' || verb === 'getall') {
        const out = tableCommand(path, verb, cmd);
        if (out) return send(s, out);
      }
    }
    const known = [...tables.keys(), '/system/identity', '/system/resource'].includes(path);
    return send(s, [trap(known ? 'no such command' : 'no such command prefix', tag, 0), done(tag)]);
  };

  // ---- sockets ------------------------------------------------------------------------------------

  const onSocket = (socket: net.Socket) => {
    accepted++;
    socket.setNoDelay(true);
    const s: Session = {
      socket,
      decoder: new SentenceDecoder(),
      user: null,
      challenge: null,
      streams: new Map(),
      out: [],
      flushing: false,
    };
    sessions.add(s);
    socket.on('data', (chunk: Buffer) => {
      let sentences: string[][];
      try {
        sentences = s.decoder.push(chunk);
      } catch {
        socket.destroy();
        return;
      }
      for (const words of sentences) {
        if (socket.destroyed) return;
        handle(s, words);
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      for (const t of s.streams.values()) clearInterval(t);
      sessions.delete(s);
    });
  };

  const plain = net.createServer(onSocket);
  await new Promise<void>((resolve, reject) => {
    plain.once('error', reject);
    plain.listen(opts.port ?? 0, host, () => resolve());
  });
  let secure: tls.Server | undefined;
  let certPem: string | undefined;
  if (opts.tls) {
    const t = typeof opts.tls === 'object' ? opts.tls : {};
    if (t.anonymous) {
      // api-ssl without a certificate: anonymous Diffie-Hellman only.
      secure = tls.createServer({ ciphers: 'aNULL:@SECLEVEL=0', maxVersion: 'TLSv1.2', dhparam: 'auto' }, onSocket);
    } else {
      certPem = t.cert ?? FAKE_ROUTER_CERT_PEM;
      secure = tls.createServer({ key: t.key ?? FAKE_ROUTER_KEY_PEM, cert: certPem }, onSocket);
    }
    secure.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve, reject) => {
      secure!.once('error', reject);
      secure!.listen(t.port ?? 0, host, () => resolve());
    });
  }

  const pick = <T>(path: string, map: (r: Row) => T): T[] => view(path).map(map);

  const fake: FakeRouterOs = {
    host,
    port: (plain.address() as AddressInfo).port,
    tlsPort: secure ? (secure.address() as AddressInfo).port : undefined,
    tlsCertificatePem: certPem,
    tlsFingerprint256: certPem ? new X509Certificate(certPem).fingerprint256 : undefined,
    get version() {
      return version;
    },
    set version(v: string) {
      version = v;
    },
    get openConnections() {
      return sessions.size;
    },
    get acceptedConnections() {
      return accepted;
    },
    get logins() {
      return logins;
    },
    get commandCount() {
      return commandCount;
    },
    commandLog,

    snapshot(): FakeRouterOsState {
      const bool = (v: string | undefined) => v === 'true';
      return {
        identity,
        version,
        secrets: table(PATHS.secret).rows.map((r) => ({
          id: r['.id']!,
          name: r.name ?? '',
          password: r.password ?? '',
          profile: r.profile ?? '',
          service: r.service ?? '',
          disabled: bool(r.disabled),
          comment: r.comment ?? '',
        })),
        profiles: pick(PATHS.profile, (r) => ({
          id: r['.id']!,
          name: r.name ?? '',
          rateLimit: r['rate-limit'] ?? '',
          comment: r.comment ?? '',
        })),
        queues: pick(PATHS.queue, (r) => ({
          id: r['.id']!,
          name: r.name ?? '',
          target: r.target ?? '',
          maxLimit: r['max-limit'] ?? '',
          burstLimit: r['burst-limit'] ?? '',
          burstThreshold: r['burst-threshold'] ?? '',
          burstTime: r['burst-time'] ?? '',
          comment: r.comment ?? '',
          dynamic: bool(r.dynamic),
        })),
        active: pick(PATHS.active, (r) => ({
          id: r['.id']!,
          name: r.name ?? '',
          address: r.address ?? '',
          callerId: r['caller-id'] ?? '',
          service: r.service ?? '',
        })),
        addressLists: pick(PATHS.addressList, (r) => ({
          id: r['.id']!,
          list: r.list ?? '',
          address: r.address ?? '',
          comment: r.comment ?? '',
          disabled: bool(r.disabled),
          dynamic: bool(r.dynamic),
        })),
        interfaces: pick(PATHS.interface, (r) => ({
          id: r['.id']!,
          name: r.name ?? '',
          type: r.type ?? '',
          running: bool(r.running),
          disabled: bool(r.disabled),
          rxByte: BigInt(r['rx-byte'] ?? '0'),
          txByte: BigInt(r['tx-byte'] ?? '0'),
        })),
        leases: pick(PATHS.lease, (r) => ({
          id: r['.id']!,
          address: r.address ?? '',
          macAddress: r['mac-address'] ?? '',
          hostName: r['host-name'] ?? '',
          status: r.status ?? '',
          dynamic: bool(r.dynamic),
          comment: r.comment ?? '',
        })),
      };
    },
    addressList(list) {
      return fake.snapshot().addressLists.filter((e) => e.list === list);
    },
    secret(name) {
      return fake.snapshot().secrets.find((e) => e.name === name);
    },
    activeSessions(name) {
      return fake.snapshot().active.filter((e) => name === undefined || e.name === name);
    },
    profile(name) {
      return fake.snapshot().profiles.find((e) => e.name === name);
    },
    queue(name) {
      return fake.snapshot().queues.find((e) => e.name === name);
    },
    addProfile(p) {
      return insert(PATHS.profile, clean({ name: p.name, 'rate-limit': p.rateLimit, comment: p.comment }));
    },
    setRow(kind, id, values) {
      const row = findById(PATHS[kind], id);
      if (!row) throw new Error(`fake router has no ${kind} ${id}`);
      Object.assign(row, kind === 'queue' ? queueAttrs(values) : values);
    },
    removeRow(kind, id) {
      const t = table(PATHS[kind]);
      t.rows = t.rows.filter((r) => r['.id'] !== id);
    },

    setIdentity(name) {
      identity = name;
    },
    setUserPassword(name, password) {
      users.set(name, password);
    },
    addSecret: api.addSecret,
    addActiveSession: api.addActiveSession,
    addAddressListEntry: api.addAddressListEntry,
    setInterfaceRate(name, rx, tx) {
      const c = counters.get(name);
      if (!c) throw new Error(`fake router has no interface ${name}`);
      const now = Date.now();
      const b = bytesNow(c, now);
      Object.assign(c, { rxBase: b.rx, txBase: b.tx, since: now, rxBps: rx, txBps: tx });
    },
    resetCounters(name) {
      const c = counters.get(name);
      if (!c) throw new Error(`fake router has no interface ${name}`);
      Object.assign(c, { rxBase: 0n, txBase: 0n, since: Date.now() });
    },

    hangOn(match = () => true, o = {}) {
      hooks.push({ match, action: 'hang', once: o.once ?? false });
    },
    closeOn(match = () => true, o = {}) {
      hooks.push({ match, action: 'close', once: o.once ?? false });
    },
    fatalOn(match = () => true, reason = 'session terminated on request', o = {}) {
      hooks.push({ match, action: 'fatal', message: reason, once: o.once ?? false });
    },
    trapOn(match, message, category, o = {}) {
      hooks.push({ match, action: 'trap', message, category, once: o.once ?? false });
    },
    delayOn(match, ms, o = {}) {
      hooks.push({ match, action: 'delay', delayMs: ms, once: o.once ?? false });
    },
    clearHooks() {
      hooks = [];
    },
    splitReplies(n) {
      chunkBytes = n === null ? null : Math.max(1, Math.floor(n));
    },
    fatalAll(reason = 'session terminated on request') {
      for (const s of sessions) fatal(s, reason);
    },
    dropAll() {
      for (const s of sessions) s.socket.destroy();
    },

    async stop() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const s of sessions) s.socket.destroy();
      await Promise.all(
        [plain, secure]
          .filter((x): x is net.Server => Boolean(x))
          .map((srv) => new Promise<void>((r) => srv.close(() => r()))),
      );
    },
  };
  return fake;
}

/**
 * Seed data for the demo: `customers` PPPoE customers named `${prefix}0001`…, most of them online, with
 * DHCP leases for their radios, a WAN and a LAN interface and a couple of entries already in the
 * suspension list. Deterministic for a given prefix and count.
 */
export function buildDemoRouterSeed(opts: {
  prefix?: string;
  customers: number;
  /** Second octet of the customers' 10.x.y.z addresses (one per router keeps them apart). */
  subnet?: number;
  suspensionList?: string;
  wanMbps?: number;
  /**
   * A router that provisions plans: each customer's secret (by name) with its plan's profile and AirLink's
   * comment, and the plans' profiles. Customers not listed keep the operator's old profiles.
   */
  provisioned?: { profiles: FakeProfileSeed[]; accounts: Map<string, { profile: string; comment: string }> };
  /** Secrets of customers AirLink does not know ('solo en router' in the inventory). */
  orphans?: number;
}): FakeRouterOsSeed {
  const prefix = opts.prefix ?? 'cli';
  const subnet = opts.subnet ?? 20;
  const list = opts.suspensionList ?? 'airlink-cortados';
  const wan = (opts.wanMbps ?? 300) * 1024 * 1024;
  const secrets: FakeSecretSeed[] = [];
  const active: FakeActiveSeed[] = [];
  const leases: FakeLeaseSeed[] = [];
  const addressLists: FakeAddressListSeed[] = [];
  for (let i = 1; i <= opts.customers; i++) {
    const name = `${prefix}${String(i).padStart(4, '0')}`;
    const address = `10.${subnet}.${Math.floor(i / 250)}.${(i % 250) + 2}`;
    const mac =
      `04:18:D6:${subnet.toString(16).padStart(2, '0')}:${((i >> 8) & 0xff).toString(16).padStart(2, '0')}:${(i & 0xff).toString(16).padStart(2, '0')}`.toUpperCase();
    const suspended = i % 17 === 0;
    const account = opts.provisioned?.accounts.get(name);
    secrets.push({
      name,
      password: `pw-${name}`,
      profile: account?.profile ?? (i % 3 === 0 ? '20M' : '10M'),
      disabled: suspended,
      comment: account?.comment ?? `contrato ${i}`,
    });
    if (suspended) addressLists.push({ list, address, comment: `contrato ${i}` });
    else if (i % 9 !== 0) active.push({ name, address, callerId: mac, uptimeSeconds: (i * 7919) % 1_000_000 });
    leases.push({
      address: `192.168.${subnet}.${(i % 250) + 2}`,
      macAddress: mac,
      hostName: `radio-${name}`,
      server: 'radios',
    });
  }
  for (let i = 1; i <= (opts.orphans ?? 0); i++)
    secrets.push({
      name: `antiguo${subnet}-${i}`,
      password: `pw-antiguo-${i}`,
      profile: '10M',
      comment: `cliente de antes ${i}`,
    });
  return {
    // The operator's own profiles, from before AirLink (the secrets point at them), and the plans' ones.
    profiles: [
      { name: '10M', rateLimit: '5M/10M' },
      { name: '20M', rateLimit: '5M/20M' },
      ...(opts.provisioned?.profiles ?? []),
    ],
    secrets,
    active,
    leases,
    addressLists,
    interfaces: [
      {
        name: 'ether1',
        type: 'ether',
        rxBitsPerSecond: wan * 0.6,
        txBitsPerSecond: wan * 0.12,
        rxByte: 9_876_543_210_000n,
        txByte: 1_234_567_890_000n,
      },
      { name: 'ether2', type: 'ether', rxBitsPerSecond: wan * 0.11, txBitsPerSecond: wan * 0.58 },
      { name: 'bridge-clientes', type: 'bridge', rxBitsPerSecond: wan * 0.1, txBitsPerSecond: wan * 0.55 },
    ],
  };
}
