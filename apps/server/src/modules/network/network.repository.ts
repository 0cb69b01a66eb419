import type { DisplayIdSource, NetworkState, Paged } from '@airlink/domain';
import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { paged, type Page } from '../../db/paging';
import { contractDisplayColumns, displayIdOf } from '../../db/contract-display';
import { contratos, devices, routerEventos, routers, sites } from '../../db/schema';

export type SiteRow = typeof sites.$inferSelect & { routers: number; devices: number };
export type RouterRow = typeof routers.$inferSelect & { contratos: number };
export type DeviceRow = typeof devices.$inferSelect;

export type SiteValues = Omit<typeof sites.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type RouterValues = Omit<typeof routers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type DeviceValues = Omit<typeof devices.$inferInsert, 'id' | 'guid' | 'createdAt' | 'updatedAt'>;

/** What the router work needs of a contract. */
export interface ContractNetworkRow {
  id: number;
  no: number;
  cortado: boolean;
  activo: boolean;
  routerId: number | null;
  usuarioPppoe: string;
  ipCliente: string;
  estadoRed: NetworkState | null;
  /** The plan (service type). */
  tipo: number;
  nombre: string;
  /** The display id: the comment of its PPPoE secret or queue. */
  comentario: string;
  passwordPppoeEnc: string | null;
}

/** One outcome of router work, for the router's page. */
export interface RouterEventValues {
  routerId: number;
  contratoId: number | null;
  accion: string;
  estado: NetworkState;
  mensaje: string;
  fecha: Date;
}

export interface DeviceFilter {
  siteId?: number;
  q: string;
  /** Online: answered at or after `since`; offline: before it, or never. */
  status?: { online: boolean; since: Date };
}

// Correlated counts written with explicit aliases: drizzle renders columns inside a sql template unqualified in
// a single-table select, so `site_id = id` inside the subquery compared the inner table's own columns.
const routerCount = sql<number>`(SELECT count(*)::int FROM routers r WHERE r.site_id = "sites"."id")`;
const deviceCount = sql<number>`(SELECT count(*)::int FROM devices d WHERE d.siteid = "sites"."id" AND NOT d.borrado)`;
const contractCount = sql<number>`(SELECT count(*)::int FROM contratos c WHERE c.router_id = "routers"."id")`;

const DEVICE_SORT = {
  id: devices.id,
  hwaddr: devices.hwaddr,
  hostname: devices.hostname,
  ipaddr: devices.ipaddr,
  siteid: devices.siteid,
  product: devices.product,
  lastSeen: devices.lastSeen,
  signal: devices.signal,
  ccq: devices.ccq,
} as const;

/** Sorts whose radios without a value go last in both directions. */
const NULLS_LAST_SORTS = new Set<keyof typeof DEVICE_SORT>(['lastSeen', 'signal', 'ccq']);

/** Sites, routers, radios and the network columns of contracts: the network area's only SQL. */
export class NetworkRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }

  // Sites

  async listSites(): Promise<SiteRow[]> {
    return this.db
      .select({ ...siteColumns(), routers: routerCount, devices: deviceCount })
      .from(sites)
      .orderBy(asc(sites.id));
  }

  async findSite(id: number, tx: Db = this.db): Promise<SiteRow | undefined> {
    const [row] = await tx
      .select({ ...siteColumns(), routers: routerCount, devices: deviceCount })
      .from(sites)
      .where(eq(sites.id, id));
    return row;
  }

  async insertSite(values: SiteValues, tx: Db = this.db): Promise<number> {
    const [row] = await tx.insert(sites).values(values).returning({ id: sites.id });
    return row!.id;
  }

  async updateSite(id: number, values: Partial<SiteValues>, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(sites)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(sites.id, id))
      .returning({ id: sites.id });
    return rows.length > 0;
  }

  /** Locks a site's row for the rest of the transaction; false when there is none. */
  async lockSite(id: number, tx: Db): Promise<boolean> {
    const [row] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, id)).for('update');
    return Boolean(row);
  }

  /** Deletes the site when nothing uses it; otherwise says what does (routers, radios). Run it in a transaction. */
  async deleteSite(id: number, tx: Db): Promise<{ deleted: boolean; routers: number; devices: number }> {
    const [site] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, id)).for('update');
    if (!site) return { deleted: false, routers: 0, devices: 0 };
    const [r] = await tx.select({ n: count() }).from(routers).where(eq(routers.siteId, id));
    const [d] = await tx
      .select({ n: count() })
      .from(devices)
      .where(and(eq(devices.siteid, id), eq(devices.borrado, false)));
    if ((r?.n ?? 0) > 0 || (d?.n ?? 0) > 0) return { deleted: false, routers: r?.n ?? 0, devices: d?.n ?? 0 };
    // Deleted radios keep their history but no longer hold the site.
    await tx.update(devices).set({ siteid: null }).where(eq(devices.siteid, id));
    await tx.delete(sites).where(eq(sites.id, id));
    return { deleted: true, routers: 0, devices: 0 };
  }

  async siteExists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: sites.id }).from(sites).where(eq(sites.id, id));
    return Boolean(row);
  }

  // Routers

  async listRouters(): Promise<RouterRow[]> {
    return this.db
      .select({ ...routerColumns(), contratos: contractCount })
      .from(routers)
      .orderBy(asc(routers.id));
  }

  async findRouter(id: number, tx: Db = this.db): Promise<RouterRow | undefined> {
    const [row] = await tx
      .select({ ...routerColumns(), contratos: contractCount })
      .from(routers)
      .where(eq(routers.id, id));
    return row;
  }

  async insertRouter(values: RouterValues, tx: Db = this.db): Promise<number> {
    const [row] = await tx.insert(routers).values(values).returning({ id: routers.id });
    return row!.id;
  }

  async updateRouter(id: number, values: Partial<RouterValues>, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(routers)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(routers.id, id))
      .returning({ id: routers.id });
    return rows.length > 0;
  }

  /** Locks a router's row for the rest of the transaction; false when there is none. */
  async lockRouter(id: number, tx: Db): Promise<boolean> {
    const [row] = await tx.select({ id: routers.id }).from(routers).where(eq(routers.id, id)).for('update');
    return Boolean(row);
  }

  /** Deletes the router when no contract points at it; otherwise answers how many do. Run it in a transaction. */
  async deleteRouter(id: number, tx: Db): Promise<{ deleted: boolean; found: boolean; contratos: number }> {
    const [router] = await tx.select({ id: routers.id }).from(routers).where(eq(routers.id, id)).for('update');
    if (!router) return { deleted: false, found: false, contratos: 0 };
    const [c] = await tx.select({ n: count() }).from(contratos).where(eq(contratos.routerId, id));
    if ((c?.n ?? 0) > 0) return { deleted: false, found: true, contratos: c?.n ?? 0 };
    await tx.delete(routers).where(eq(routers.id, id));
    return { deleted: true, found: true, contratos: 0 };
  }

  async routerExists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: routers.id }).from(routers).where(eq(routers.id, id));
    return Boolean(row);
  }

  // Devices (radios)

  async listDevices(
    filter: DeviceFilter,
    sort: keyof typeof DEVICE_SORT,
    dir: 'asc' | 'desc',
    page: Page,
  ): Promise<Paged<DeviceRow>> {
    const where = deviceWhere(filter);
    const by = dir === 'asc' ? asc : desc;
    const column = DEVICE_SORT[sort];
    const order = NULLS_LAST_SORTS.has(sort) ? sql`${column} ${sql.raw(dir)} NULLS LAST` : by(column);
    const { rows, total } = await paged(
      this.db.select().from(devices).where(where).orderBy(order, by(devices.id)).$dynamic(),
      page,
      () => this.db.select({ n: count() }).from(devices).where(where),
    );
    return { items: rows, total };
  }

  /** A radio that is not deleted; `lock` holds its row for the rest of the transaction. */
  async findDevice(id: number, tx: Db = this.db, lock = false): Promise<DeviceRow | undefined> {
    const query = tx
      .select()
      .from(devices)
      .where(and(eq(devices.id, id), eq(devices.borrado, false)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async findDeviceByMac(hwaddr: string, tx: Db = this.db): Promise<DeviceRow | undefined> {
    const [row] = await tx.select().from(devices).where(eq(devices.hwaddr, hwaddr));
    return row;
  }

  async insertDevice(values: DeviceValues, tx: Db = this.db): Promise<number> {
    const [row] = await tx.insert(devices).values(values).returning({ id: devices.id });
    return row!.id;
  }

  /** Updates a radio (also revives a deleted one: `borrado` in values). */
  async updateDevice(
    id: number,
    values: Partial<DeviceValues>,
    includeDeleted = false,
    tx: Db = this.db,
  ): Promise<boolean> {
    const rows = await tx
      .update(devices)
      .set({ ...values, updatedAt: new Date() })
      .where(includeDeleted ? eq(devices.id, id) : and(eq(devices.id, id), eq(devices.borrado, false)))
      .returning({ id: devices.id });
    return rows.length > 0;
  }

  // The network columns of contracts

  async contractNetwork(id: number, tx: Db = this.db): Promise<ContractNetworkRow | undefined> {
    const [row] = await tx.select(contractNetworkColumns()).from(contratos).where(eq(contratos.id, id));
    return row ? toNetworkRow(row) : undefined;
  }

  /** Every contract that has a router, by router (the reconciliation's work list). */
  async contractsWithRouter(routerId?: number, opts: { activeOnly?: boolean } = {}): Promise<ContractNetworkRow[]> {
    const where = and(
      routerId === undefined ? isNotNull(contratos.routerId) : eq(contratos.routerId, routerId),
      opts.activeOnly ? eq(contratos.activo, true) : undefined,
    );
    const rows = await this.db.select(contractNetworkColumns()).from(contratos).where(where).orderBy(asc(contratos.id));
    return rows.map(toNetworkRow);
  }

  /** Active contracts of a plan on routers that provision plans (a plan's speed changed). */
  async contractsOfPlanOnProvisioningRouters(planId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: contratos.id })
      .from(contratos)
      .innerJoin(routers, eq(routers.id, contratos.routerId))
      .where(and(eq(contratos.tipo, planId), eq(contratos.activo, true), sql`${routers.provisioningMode} <> 'ninguno'`))
      .orderBy(asc(contratos.id));
    return rows.map((r) => r.id);
  }

  /** Another active contract on the router that uses the PPPoE user or the IP: which one and by what. */
  async placementTaken(
    routerId: number,
    exceptId: number | null,
    user: string,
    ip: string,
    tx: Db = this.db,
  ): Promise<{ id: number; by: 'usuarioPppoe' | 'ip' } | null> {
    const same: SQL[] = [];
    if (user) same.push(eq(contratos.usuarioPppoe, user));
    if (ip) same.push(eq(contratos.ipCliente, ip));
    if (same.length === 0) return null;
    const [row] = await tx
      .select({ id: contratos.id, usuarioPppoe: contratos.usuarioPppoe })
      .from(contratos)
      .where(
        and(
          eq(contratos.routerId, routerId),
          eq(contratos.activo, true),
          exceptId === null ? undefined : sql`${contratos.id} <> ${exceptId}`,
          or(...same),
        ),
      )
      .orderBy(asc(contratos.id))
      .limit(1);
    if (!row) return null;
    return { id: row.id, by: user && row.usuarioPppoe === user ? 'usuarioPppoe' : 'ip' };
  }

  /** Stores a generated PPPoE password unless the contract has one already. */
  async storePppoePassword(id: number, sealed: string): Promise<void> {
    await this.db
      .update(contratos)
      .set({ passwordPppoeEnc: sealed })
      .where(and(eq(contratos.id, id), isNull(contratos.passwordPppoeEnc)));
  }

  /** Links a contract to a router entry (adoption): router, and the PPPoE user or the IP; router work pending. */
  async adopt(
    id: number,
    routerId: number,
    link: { usuarioPppoe?: string; ipCliente?: string },
    at: Date,
    tx: Db,
  ): Promise<void> {
    await tx
      .update(contratos)
      .set({
        routerId,
        ...link,
        estadoRed: 'pendiente',
        estadoRedMensaje: null,
        estadoRedFecha: at,
        version: sql`${contratos.version} + 1`,
        updatedAt: at,
      })
      .where(eq(contratos.id, id));
  }

  async lockContract(id: number, tx: Db): Promise<ContractNetworkRow | undefined> {
    const [row] = await tx.select(contractNetworkColumns()).from(contratos).where(eq(contratos.id, id)).for('update');
    return row ? toNetworkRow(row) : undefined;
  }

  async recordEvents(events: RouterEventValues[]): Promise<void> {
    if (events.length === 0) return;
    await this.db.insert(routerEventos).values(
      events.map((e) => ({
        routerId: e.routerId,
        contratoId: e.contratoId,
        accion: e.accion,
        estado: e.estado,
        mensaje: e.mensaje,
        fecha: e.fecha,
      })),
    );
  }

  /** The newest events of a router. */
  async routerEvents(routerId: number, limit: number) {
    return this.db
      .select()
      .from(routerEventos)
      .where(eq(routerEventos.routerId, routerId))
      .orderBy(desc(routerEventos.id))
      .limit(limit);
  }

  /** Router ids that serve some contract. */
  async routersInUse(): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ id: contratos.routerId })
      .from(contratos)
      .where(isNotNull(contratos.routerId));
    return rows.map((r) => r.id!).sort((a, b) => a - b);
  }

  /**
   * Stores what the router did, but only while the contract still wants what was applied (`cortado`) and
   * still points at that router: a later cut or reconnection's own run writes its own outcome.
   */
  async setNetworkState(
    id: number,
    applied: { cortado: boolean; routerId: number },
    state: NetworkState,
    message: string | null,
    at: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(contratos)
      .set({ estadoRed: state, estadoRedMensaje: message, estadoRedFecha: at })
      .where(
        and(eq(contratos.id, id), eq(contratos.cortado, applied.cortado), eq(contratos.routerId, applied.routerId)),
      )
      .returning({ id: contratos.id });
    return rows.length > 0;
  }

  /** Marks a contract's router work as started (inside the cut/reconnect/payment transaction). */
  async markPending(id: number, at: Date, tx: Db): Promise<void> {
    await tx
      .update(contratos)
      .set({ estadoRed: 'pendiente', estadoRedMensaje: null, estadoRedFecha: at })
      .where(and(eq(contratos.id, id), isNotNull(contratos.routerId)));
  }

  /** Clears the state of a contract that no longer has a router. */
  async clearNetworkState(id: number): Promise<void> {
    await this.db
      .update(contratos)
      .set({ estadoRed: null, estadoRedMensaje: null, estadoRedFecha: null })
      .where(and(eq(contratos.id, id), isNull(contratos.routerId)));
  }
}

function siteColumns() {
  return {
    id: sites.id,
    nombre: sites.nombre,
    lat: sites.lat,
    lon: sites.lon,
    url: sites.url,
    idSite: sites.idSite,
    username: sites.username,
    passwordEnc: sites.passwordEnc,
    idUsuario: sites.idUsuario,
    createdAt: sites.createdAt,
    updatedAt: sites.updatedAt,
  };
}

function routerColumns() {
  const { ...cols } = routers;
  return {
    id: cols.id,
    siteId: cols.siteId,
    host: cols.host,
    username: cols.username,
    passwordEnc: cols.passwordEnc,
    port: cols.port,
    tls: cols.tls,
    suspensionList: cols.suspensionList,
    trafficInterface: cols.trafficInterface,
    database: cols.database,
    table: cols.table,
    column: cols.column,
    value: cols.value,
    hostname: cols.hostname,
    ip: cols.ip,
    latitude: cols.latitude,
    longitude: cols.longitude,
    additionalInfo: cols.additionalInfo,
    additionalInfo2: cols.additionalInfo2,
    additionalInfo3: cols.additionalInfo3,
    activo: cols.activo,
    provisioningMode: cols.provisioningMode,
    createdAt: cols.createdAt,
    updatedAt: cols.updatedAt,
  };
}

function contractNetworkColumns() {
  return {
    id: contratos.id,
    no: contratos.no,
    cortado: contratos.cortado,
    activo: contratos.activo,
    routerId: contratos.routerId,
    usuarioPppoe: contratos.usuarioPppoe,
    ipCliente: contratos.ipCliente,
    estadoRed: contratos.estadoRed,
    tipo: contratos.tipo,
    passwordPppoeEnc: contratos.passwordPppoeEnc,
    display: contractDisplayColumns,
  };
}

function toNetworkRow(
  r: Omit<ContractNetworkRow, 'comentario' | 'nombre'> & { display: DisplayIdSource },
): ContractNetworkRow {
  const { display, ...rest } = r;
  return { ...rest, nombre: display.nombre, comentario: displayIdOf(display) };
}

function deviceWhere(filter: DeviceFilter): SQL {
  const parts: SQL[] = [eq(devices.borrado, false)];
  if (filter.siteId !== undefined) parts.push(eq(devices.siteid, filter.siteId));
  if (filter.status)
    parts.push(
      filter.status.online
        ? gte(devices.lastSeen, filter.status.since)
        : or(isNull(devices.lastSeen), lt(devices.lastSeen, filter.status.since))!,
    );
  for (const word of filter.q.split(/\s+/).filter(Boolean)) {
    const pattern = containsPattern(word);
    parts.push(
      or(
        ilike(devices.hwaddr, pattern),
        ilike(devices.ipaddr, pattern),
        ilike(devices.hostname, pattern),
        ilike(devices.product, pattern),
      )!,
    );
  }
  return and(...parts)!;
}
