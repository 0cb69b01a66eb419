import { type CommandOptions, type RouterOsReply } from './connection';
import { RouterOsProtocolError, RouterOsTrapError } from './errors';
import { RouterOsPool, type RouterOsPoolOptions } from './pool';
import { parseBool, parseCounter, parseDuration, parseIntOrNull } from './values';

export type RouterOsClientOptions = RouterOsPoolOptions;

export interface RouterResource {
  /** e.g. `7.18.2 (stable)`. */
  version: string;
  /** Raw uptime text and the same in seconds (null if unparseable). */
  uptime: string;
  uptimeSeconds: number | null;
  boardName: string;
  cpuLoad: number | null;
  freeMemory: number | null;
  totalMemory: number | null;
}

export interface AddressListEntry {
  id: string;
  list: string;
  address: string;
  comment: string;
  /** Remaining time for entries added with a timeout (they vanish on reboot); empty when permanent. */
  timeout: string;
  dynamic: boolean;
  disabled: boolean;
}

export interface PppSecret {
  id: string;
  name: string;
  profile: string;
  service: string;
  disabled: boolean;
  comment: string;
}

export interface PppProfile {
  id: string;
  name: string;
  rateLimit: string;
  comment: string;
}

/** A PPP secret with the fields provisioning writes (the password is never read). */
export interface PppSecretFull extends PppSecret {
  remoteAddress: string;
}

export interface SimpleQueue {
  id: string;
  name: string;
  target: string;
  /** `upload/download` of the target, as printed (bits per second on read). */
  maxLimit: string;
  burstLimit: string;
  burstThreshold: string;
  burstTime: string;
  /** Current rate `upload/download`. */
  rate: string;
  comment: string;
  dynamic: boolean;
  disabled: boolean;
}

/** Fields provisioning writes on a secret (only those given are sent). */
export interface PppSecretFields {
  password?: string;
  profile?: string;
  remoteAddress?: string;
  comment?: string;
  disabled?: boolean;
}

export interface SimpleQueueFields {
  name?: string;
  target?: string;
  maxLimit?: string;
  burstLimit?: string;
  burstThreshold?: string;
  burstTime?: string;
  comment?: string;
}

export interface PppActiveSession {
  id: string;
  name: string;
  /** Customer IP. */
  address: string;
  uptime: string;
  uptimeSeconds: number | null;
  /** CPE MAC for PPPoE. */
  callerId: string;
  service: string;
}

export interface RouterInterface {
  id: string;
  name: string;
  type: string;
  running: boolean;
  disabled: boolean;
  /** Byte counters since boot or reset (64-bit). */
  rxByte: bigint;
  txByte: bigint;
}

export interface InterfaceTraffic {
  name: string;
  rxBitsPerSecond: number;
  txBitsPerSecond: number;
  rxPacketsPerSecond: number;
  txPacketsPerSecond: number;
}

export interface DhcpLease {
  id: string;
  address: string;
  macAddress: string;
  activeAddress: string;
  activeMacAddress: string;
  hostName: string;
  /** `bound`, `waiting`, `offered`, … */
  status: string;
  expiresAfter: string;
  server: string;
  dynamic: boolean;
  comment: string;
}

const s = (row: Record<string, string>, key: string) => row[key] ?? '';

function secretWords(f: PppSecretFields): string[] {
  const words: string[] = [];
  if (f.password !== undefined) words.push(`=password=${f.password}`);
  if (f.profile !== undefined) words.push(`=profile=${f.profile}`);
  if (f.remoteAddress !== undefined) words.push(`=remote-address=${f.remoteAddress}`);
  if (f.comment !== undefined) words.push(`=comment=${f.comment}`);
  if (f.disabled !== undefined) words.push(`=disabled=${f.disabled ? 'yes' : 'no'}`);
  return words;
}

function queueWords(f: SimpleQueueFields): string[] {
  const pairs: [string, string | undefined][] = [
    ['name', f.name],
    ['target', f.target],
    ['max-limit', f.maxLimit],
    ['burst-limit', f.burstLimit],
    ['burst-threshold', f.burstThreshold],
    ['burst-time', f.burstTime],
    ['comment', f.comment],
  ];
  return pairs.filter((p): p is [string, string] => p[1] !== undefined).map(([k, v]) => `=${k}=${v}`);
}

function requireId(row: Record<string, string>, command: string): string {
  const id = row['.id'];
  if (!id) throw new RouterOsProtocolError(`${command}: row without .id`);
  return id;
}

/** Rejects ids that could smuggle extra words or select many items. */
function checkId(id: string): string {
  if (!/^\*[0-9A-Fa-f]+$/.test(id)) throw new TypeError(`not a RouterOS item id: ${id}`);
  return id;
}

const ADDRESS_LIST_PROPS = '.id,list,address,comment,timeout,dynamic,disabled';
const SECRET_PROPS = '.id,name,profile,service,disabled,comment,remote-address'; // never the password
const PROFILE_PROPS = '.id,name,rate-limit,comment';
const QUEUE_PROPS = '.id,name,target,max-limit,burst-limit,burst-threshold,burst-time,rate,comment,dynamic,disabled';
const ACTIVE_PROPS = '.id,name,address,uptime,caller-id,service';
const INTERFACE_PROPS = '.id,name,type,running,disabled,rx-byte,tx-byte';
const LEASE_PROPS =
  '.id,address,mac-address,active-address,active-mac-address,host-name,status,expires-after,server,dynamic,comment';

/**
 * The operations AirLink needs from one router, each returning typed data. Uses a small connection pool
 * (see RouterOsPool); all errors are RouterOsError subclasses with a Spanish message.
 */
export class RouterOsClient {
  private readonly pool: RouterOsPool;

  constructor(opts: RouterOsClientOptions) {
    this.pool = new RouterOsPool(opts);
  }

  /** Any command: `words[0]` is the path (`/ip/route/print`), the rest attribute / query words. */
  command(words: readonly string[], opts?: CommandOptions): Promise<RouterOsReply> {
    return this.pool.command(words, opts);
  }

  /** Open connections in the pool (diagnostics and tests). */
  get openConnections(): number {
    return this.pool.size;
  }

  close(): void {
    this.pool.close();
  }

  async identity(): Promise<string> {
    const r = await this.command(['/system/identity/print']);
    return s(r.rows[0] ?? {}, 'name');
  }

  async resource(): Promise<RouterResource> {
    const r = await this.command([
      '/system/resource/print',
      '=.proplist=uptime,version,board-name,cpu-load,free-memory,total-memory',
    ]);
    const row = r.rows[0];
    if (!row) throw new RouterOsProtocolError('/system/resource/print returned no row');
    return {
      version: s(row, 'version'),
      uptime: s(row, 'uptime'),
      uptimeSeconds: parseDuration(row.uptime),
      boardName: s(row, 'board-name'),
      cpuLoad: parseIntOrNull(row['cpu-load']),
      freeMemory: parseIntOrNull(row['free-memory']),
      totalMemory: parseIntOrNull(row['total-memory']),
    };
  }

  /** "Probar conexión": identity, version, uptime and board in one go. */
  async probe(): Promise<{ identity: string } & RouterResource> {
    const [identity, resource] = await Promise.all([this.identity(), this.resource()]);
    return { identity, ...resource };
  }

  /**
   * One RouterOS menu (`/ppp/secret`, `/queue/simple`, …): `print` with the menu's `.proplist` and query words,
   * each row read by `read`; `add` (the new id), `set` and `remove` by id. The typed operations below are built
   * on it, so every menu prints, adds, sets and removes the same way.
   */
  private menu<T>(path: string, props: string, read: (row: Record<string, string>, command: string) => T) {
    const print = `${path}/print`;
    return {
      print: async (query: readonly string[] = [], opts?: CommandOptions): Promise<T[]> => {
        const r = await this.command([print, `=.proplist=${props}`, ...query], opts);
        return r.rows.map((row) => read(row, print));
      },
      add: async (words: readonly string[]): Promise<string> =>
        (await this.command([`${path}/add`, ...words])).done.ret ?? '',
      set: async (id: string, words: readonly string[]): Promise<void> => {
        await this.command([`${path}/set`, `=.id=${checkId(id)}`, ...words]);
      },
      remove: async (id: string): Promise<void> => {
        await this.command([`${path}/remove`, `=.id=${checkId(id)}`]);
      },
    };
  }

  private readonly addressListMenu = this.menu('/ip/firewall/address-list', ADDRESS_LIST_PROPS, (row, command) => ({
    id: requireId(row, command),
    list: s(row, 'list'),
    address: s(row, 'address'),
    comment: s(row, 'comment'),
    timeout: s(row, 'timeout'),
    dynamic: parseBool(row.dynamic),
    disabled: parseBool(row.disabled),
  }));

  private readonly secretMenu = this.menu('/ppp/secret', SECRET_PROPS, (row, command): PppSecretFull => ({
    id: requireId(row, command),
    name: s(row, 'name'),
    profile: s(row, 'profile'),
    service: s(row, 'service'),
    disabled: parseBool(row.disabled),
    comment: s(row, 'comment'),
    remoteAddress: s(row, 'remote-address'),
  }));

  private readonly profileMenu = this.menu('/ppp/profile', PROFILE_PROPS, (row, command): PppProfile => ({
    id: requireId(row, command),
    name: s(row, 'name'),
    rateLimit: s(row, 'rate-limit'),
    comment: s(row, 'comment'),
  }));

  private readonly queueMenu = this.menu('/queue/simple', QUEUE_PROPS, (row, command): SimpleQueue => ({
    id: requireId(row, command),
    name: s(row, 'name'),
    target: s(row, 'target'),
    maxLimit: s(row, 'max-limit'),
    burstLimit: s(row, 'burst-limit'),
    burstThreshold: s(row, 'burst-threshold'),
    burstTime: s(row, 'burst-time'),
    rate: s(row, 'rate'),
    comment: s(row, 'comment'),
    dynamic: parseBool(row.dynamic),
    disabled: parseBool(row.disabled),
  }));

  private readonly activeMenu = this.menu('/ppp/active', ACTIVE_PROPS, (row, command): PppActiveSession => ({
    id: requireId(row, command),
    name: s(row, 'name'),
    address: s(row, 'address'),
    uptime: s(row, 'uptime'),
    uptimeSeconds: parseDuration(row.uptime),
    callerId: s(row, 'caller-id'),
    service: s(row, 'service'),
  }));

  /** Only the user names of the active sessions (the inventory's 'en línea'): one field per row to send. */
  private readonly activeNamesMenu = this.menu('/ppp/active', 'name', (row) => s(row, 'name'));

  readonly addressList = {
    list: (listName: string, address?: string): Promise<AddressListEntry[]> =>
      this.addressListMenu.print([`?list=${listName}`, ...(address !== undefined ? [`?address=${address}`] : [])]),

    /**
     * Adds `address` to the list. An existing entry (`failure: already have such entry`) counts as success:
     * the existing entry's id is returned with `alreadyPresent: true`.
     */
    add: async (
      listName: string,
      address: string,
      comment: string,
    ): Promise<{ id: string; alreadyPresent: boolean }> => {
      try {
        const id = await this.addressListMenu.add([`=list=${listName}`, `=address=${address}`, `=comment=${comment}`]);
        if (id) return { id, alreadyPresent: false };
      } catch (err) {
        if (!(err instanceof RouterOsTrapError && err.isAlreadyExists)) throw err;
        const existing = await this.addressList.list(listName, address);
        if (existing[0]) return { id: existing[0].id, alreadyPresent: true };
        throw err;
      }
      // A router that does not return the new id: read it back.
      const added = await this.addressList.list(listName, address);
      if (!added[0]) throw new RouterOsProtocolError('address-list add succeeded but the entry is not listed');
      return { id: added[0].id, alreadyPresent: false };
    },

    /** Removes one entry by id. An unknown id is a RouterOsTrapError with isNoSuchItem. */
    remove: (id: string): Promise<void> => this.addressListMenu.remove(id),

    /** Removes every entry of `address` in the list (a list can hold duplicates); returns how many. */
    removeAddress: async (listName: string, address: string): Promise<number> => {
      const entries = await this.addressList.list(listName, address);
      let removed = 0;
      for (const e of entries) {
        try {
          await this.addressList.remove(e.id);
          removed++;
        } catch (err) {
          if (!(err instanceof RouterOsTrapError && err.isNoSuchItem)) throw err;
        }
      }
      return removed;
    },
  };

  readonly pppSecrets = {
    /** The secret with that name, or null. The password is never read. */
    find: async (name: string): Promise<PppSecret | null> => {
      const [secret] = await this.secretMenu.print([`?name=${name}`]);
      if (!secret) return null;
      const { remoteAddress, ...rest } = secret;
      void remoteAddress;
      return rest;
    },

    setDisabled: (id: string, disabled: boolean): Promise<void> =>
      this.secretMenu.set(id, [`=disabled=${disabled ? 'yes' : 'no'}`]),

    /** Every secret (inventory), or those of one name. The password is never read. */
    list: (name?: string, opts?: CommandOptions): Promise<PppSecretFull[]> =>
      this.secretMenu.print(name !== undefined ? [`?name=${name}`] : [], opts),

    /** Adds a PPPoE secret; the new id. */
    add: (name: string, fields: PppSecretFields): Promise<string> =>
      this.secretMenu.add([`=name=${name}`, '=service=pppoe', ...secretWords(fields)]),

    set: (id: string, fields: PppSecretFields): Promise<void> => this.secretMenu.set(id, secretWords(fields)),

    remove: (id: string): Promise<void> => this.secretMenu.remove(id),
  };

  readonly pppProfiles = {
    /** Every profile, or the one of a name. */
    list: (name?: string, opts?: CommandOptions): Promise<PppProfile[]> =>
      this.profileMenu.print(name !== undefined ? [`?name=${name}`] : [], opts),

    add: (name: string, rateLimit: string, comment: string): Promise<string> =>
      this.profileMenu.add([`=name=${name}`, `=rate-limit=${rateLimit}`, '=only-one=yes', `=comment=${comment}`]),

    setRateLimit: (id: string, rateLimit: string): Promise<void> =>
      this.profileMenu.set(id, [`=rate-limit=${rateLimit}`]),
  };

  readonly queues = {
    /**
     * Simple queues of one name (`<pppoe-USER>` is a session's dynamic queue), or every static one
     * (`name` undefined: the inventory).
     */
    list: (name?: string, opts?: CommandOptions): Promise<SimpleQueue[]> =>
      this.queueMenu.print([name !== undefined ? `?name=${name}` : '?dynamic=false'], opts),

    add: (fields: SimpleQueueFields & { name: string; target: string }): Promise<string> =>
      this.queueMenu.add(queueWords(fields)),

    set: (id: string, fields: SimpleQueueFields): Promise<void> => this.queueMenu.set(id, queueWords(fields)),

    remove: (id: string): Promise<void> => this.queueMenu.remove(id),
  };

  readonly pppActive = {
    /** Active PPP sessions, all or only those of one user name. */
    list: (name?: string, opts?: CommandOptions): Promise<PppActiveSession[]> =>
      this.activeMenu.print(name !== undefined ? [`?name=${name}`] : [], opts),

    /** The user names of every active session (`=.proplist=name`: thousands of rows stay small). */
    names: (opts?: CommandOptions): Promise<string[]> => this.activeNamesMenu.print([], opts),

    /** Drops a session. Ids of sessions change on every redial: re-read before removing. */
    remove: (id: string): Promise<void> => this.activeMenu.remove(id),
  };

  readonly interfaces = {
    list: (): Promise<RouterInterface[]> =>
      this.menu('/interface', INTERFACE_PROPS, (row, command) => ({
        id: requireId(row, command),
        name: s(row, 'name'),
        type: s(row, 'type'),
        running: parseBool(row.running),
        disabled: parseBool(row.disabled),
        rxByte: parseCounter(row['rx-byte']),
        txByte: parseCounter(row['tx-byte']),
      })).print(),

    /** Current rate of one interface (`/interface/monitor-traffic =once=`). Bits per second. */
    traffic: async (name: string): Promise<InterfaceTraffic> => {
      const r = await this.command(['/interface/monitor-traffic', `=interface=${name}`, '=once=']);
      const row = r.rows.find((x) => x.name === name) ?? r.rows[0];
      if (!row) throw new RouterOsProtocolError(`monitor-traffic returned no row for ${name}`);
      const rx = parseIntOrNull(row['rx-bits-per-second']);
      const tx = parseIntOrNull(row['tx-bits-per-second']);
      if (rx === null || tx === null) throw new RouterOsProtocolError(`monitor-traffic row without rates for ${name}`);
      return {
        name: s(row, 'name') || name,
        rxBitsPerSecond: rx,
        txBitsPerSecond: tx,
        rxPacketsPerSecond: parseIntOrNull(row['rx-packets-per-second']) ?? 0,
        txPacketsPerSecond: parseIntOrNull(row['tx-packets-per-second']) ?? 0,
      };
    },
  };

  readonly dhcpLeases = {
    list: (): Promise<DhcpLease[]> =>
      this.menu('/ip/dhcp-server/lease', LEASE_PROPS, (row, command) => ({
        id: requireId(row, command),
        address: s(row, 'address'),
        macAddress: s(row, 'mac-address'),
        activeAddress: s(row, 'active-address'),
        activeMacAddress: s(row, 'active-mac-address'),
        hostName: s(row, 'host-name'),
        status: s(row, 'status'),
        expiresAfter: s(row, 'expires-after'),
        server: s(row, 'server'),
        dynamic: parseBool(row.dynamic),
        comment: s(row, 'comment'),
      })).print(),
  };
}
