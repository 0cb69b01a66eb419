import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import tls from 'node:tls';
import { SentenceDecoder, encodeSentence, parseSentence, type ParsedSentence } from '../../../integrations/routeros/protocol';
import { FAKE_ROUTER_CERT_PEM, FAKE_ROUTER_KEY_PEM } from './tls-fixture';
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
  /** API users. Default admin / admin. */
  users?: { name: string; password: string }[];
  seed?: FakeRouterOsSeed;
  /** Interval of streaming monitor-traffic (without `=once=`). Default 1000 ms. */
  monitorIntervalMs?: number;
  /** When set, a removed PPP session comes back (new id) after this delay unless its secret is disabled. */
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
  /** Every command received (passwords masked), oldest first. */
  readonly commandLog: readonly FakeCommandLogEntry[];

  /** A deep copy of the router's state. */
  snapshot(): FakeRouterOsState;
  addressList(list: string): FakeRouterOsState['addressLists'];
  secret(name: string): FakeRouterOsState['secrets'][number] | undefined;
  activeSessions(name?: string): FakeRouterOsState['active'];

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
  const users = new Map((opts.users ?? [{ name: 'admin', password: 'admin' }]).map((u) => [u.name, u.password]));
  const monitorIntervalMs = opts.monitorIntervalMs ?? 1000;
  let identity = opts.identity ?? 'MikroTik';
  const boardName = opts.boardName ?? 'CCR2004-16G-2S+';
  let version = opts.version ?? '7.18.2';
  let hooks: Hook[] = [];
  let chunkBytes: number | null = null;
  let accepted = 0;
  let logins = 0;
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

  /** Rows as `print` shows them, computed fields included. */
  const view = (path: string): Row[] => {
    const now = Date.now();
    return table(path).rows.map((r) => {
      const row = { ...r };
      if (path === PATHS.secret) delete row.password; // shown only to full-policy users; AirLink never reads it
      if (path === PATHS.active) row.uptime = formatDuration((now - (activeSince.get(r['.id']!) ?? now)) / 1000);
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
    if (verb === 'print' || verb === 'getall') return printRows(view(path), cmd);
    if (verb === 'remove') {
      const ids = (cmd.attributes['.id'] ?? '').split(',').filter(Boolean);
      if (ids.length === 0 || ids.some((id) => !findById(path, id))) return noSuchItem(tag);
      const t = table(path);
      for (const id of ids) {
        const row = findById(path, id)!;
        t.rows = t.rows.filter((r) => r !== row);
        if (path === PATHS.active) scheduleRedial(row);
      }
      return [done(tag)];
    }
    if (verb === 'set') {
      const row = findById(path, cmd.attributes['.id']);
      if (!row) return noSuchItem(tag);
      if (path === PATHS.active) return [trap('failure: cannot change active connections', tag, 1), done(tag)];
      if ('dynamic' in attrs) return [trap('failure: dynamic is read-only', tag, 1), done(tag)];
      Object.assign(row, attrs);
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
        const id = api.addSecret({
          name: attrs.name,
          password: attrs.password ?? '',
          profile: attrs.profile,
          service: attrs.service,
          disabled: attrs.disabled === 'true',
          comment: attrs.comment,
        });
        return [done(tag, { ret: id })];
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

  const scheduleRedial = (row: Row) => {
    if (opts.redialAfterMs === undefined) return;
    const t = setTimeout(() => {
      timers.delete(t);
      const secret = table(PATHS.secret).rows.find((r) => r.name === row.name);
      if (!secret || secret.disabled === 'true') return; // the CPE's redial is refused
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
    secrets.push({
      name,
      password: `pw-${name}`,
      profile: i % 3 === 0 ? '20M' : '10M',
      disabled: suspended,
      comment: `contrato ${i}`,
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
  return {
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
