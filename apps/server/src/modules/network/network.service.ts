import { createHash, timingSafeEqual } from 'node:crypto';
import {
  deviceUrl,
  describeChanges,
  PASSWORD_AGAIN_FIELD_MESSAGE,
  RADIO_PASSWORD_AGAIN_MESSAGE,
  radioPasswordNeed,
  ROUTER_PASSWORD_AGAIN_MESSAGE,
  routerNeedsPasswordAgain,
  radioOnlineSince,
  routerPort,
  SITE_PASSWORD_AGAIN_MESSAGE,
  SITE_PASSWORD_MISMATCH_MESSAGE,
  type ChangeFields,
  type Device,
  type DeviceInput,
  type DeviceListQuery,
  type Paged,
  type Router,
  type RouterInput,
  type RouterProbe,
  type Site,
  type SiteInput,
} from '@airlink/domain';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { SecretBoxError, type SecretBox } from '../../lib/secret-box';
import { RouterOsError } from '../../integrations/routeros/errors';
import type { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.service';
import type { SettingsService } from '../settings/settings.service';
import type { DeviceRow, NetworkRepository, RouterRow, SiteRow } from './network.repository';
import { RouterClients } from './router-clients';
import { reasonOf, type RouterControlService } from './router-control.service';

const NO_SITE = 'El site no existe.';
const NO_ROUTER = 'El router no existe.';
const NO_DEVICE = 'El dispositivo no existe.';
const UNKNOWN_SITE = { siteId: ['El site elegido no existe'] };

// The words of the audit rows (describeChanges): the labels of the forms; a password only as changed.
const SITE_FIELDS: ChangeFields<SiteRow> = {
  nombre: 'Nombre',
  url: 'URL',
  idSite: 'Id del site',
  lat: 'Latitud',
  lon: 'Longitud',
  username: 'Usuario',
  passwordEnc: { label: 'Contraseña', secret: true },
};
const ROUTER_FIELDS: ChangeFields<RouterRow> = {
  hostname: 'Nombre',
  siteId: 'Site',
  host: 'Host',
  port: 'Puerto',
  tls: 'TLS',
  username: 'Usuario',
  passwordEnc: { label: 'Contraseña', secret: true },
  suspensionList: 'Lista de suspensión',
  trafficInterface: 'Interfaz de tráfico',
  provisioningMode: 'Modo de aprovisionamiento',
  ip: 'IP',
  latitude: 'Latitud',
  longitude: 'Longitud',
  database: 'Base de datos',
  table: 'Tabla',
  column: 'Columna',
  value: 'Valor',
  additionalInfo: 'Información adicional',
  additionalInfo2: 'Información adicional 2',
  additionalInfo3: 'Información adicional 3',
  activo: 'Activo',
};
const DEVICE_FIELDS: ChangeFields<DeviceRow> = {
  hwaddr: 'MAC',
  hostname: 'Nombre',
  ipaddr: 'IP',
  siteid: 'Site',
  product: 'Producto',
  url: 'URL de administración',
  username: 'Usuario',
  passwordEnc: { label: 'Contraseña', secret: true },
};

/** Equal texts, compared in constant time (a typed password against a stored one). */
function sameSecret(a: string, b: string): boolean {
  const digest = (v: string) => createHash('sha256').update(v, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

function toSite(r: SiteRow): Site {
  return {
    id: r.id,
    nombre: r.nombre,
    lat: r.lat,
    lon: r.lon,
    url: r.url,
    idSite: r.idSite,
    username: r.username,
    tienePassword: r.passwordEnc !== null,
    idUsuario: r.idUsuario,
    routers: r.routers,
    devices: r.devices,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function toRouter(r: RouterRow): Router {
  return {
    id: r.id,
    siteId: r.siteId,
    host: r.host,
    port: r.port,
    tls: r.tls,
    username: r.username,
    tienePassword: r.passwordEnc !== null,
    listaSuspension: r.suspensionList,
    interfazTrafico: r.trafficInterface,
    database: r.database,
    table: r.table,
    column: r.column,
    value: r.value,
    hostname: r.hostname,
    ip: r.ip,
    latitude: r.latitude,
    longitude: r.longitude,
    additionalInfo: r.additionalInfo,
    additionalInfo2: r.additionalInfo2,
    additionalInfo3: r.additionalInfo3,
    activo: r.activo,
    modoAprovisionamiento: r.provisioningMode,
    contratos: r.contratos,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function toDevice(r: DeviceRow, onlineSince: Date): Device {
  return {
    id: r.id,
    guid: r.guid,
    hwaddr: r.hwaddr,
    hostname: r.hostname,
    ipaddr: r.ipaddr,
    siteid: r.siteid,
    product: r.product,
    url: deviceUrl(r.url, r.ipaddr),
    urlPropia: r.url !== '',
    username: r.username,
    tienePassword: r.passwordEnc !== null,
    lanTxBytes: r.lanTxBytes,
    lastStatsTime: iso(r.lastStatsTime),
    lastSeen: iso(r.lastSeen),
    signal: r.signal,
    ccq: r.ccq,
    online: r.lastSeen !== null && r.lastSeen.getTime() >= onlineSince.getTime(),
    idUsuario: r.idUsuario,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * Sites, routers and radios (issue 12 part 2): CRUD with passwords sealed by the secret box and never
 * answered (only `tienePassword`); an empty password on edit keeps the stored one, except where the stored
 * one would go to a new address (issue 22 part 3: a router's host, port or TLS, a radio's URL or IP), which
 * needs it typed again. Deleting what is in use is refused with a Spanish 409. Every create, edit and delete
 * writes an audit row with what changed (issue 22 part 6).
 */
export class NetworkService {
  constructor(
    private readonly repo: NetworkRepository,
    private readonly secrets: SecretBox,
    private readonly routerControl: RouterControlService,
    private readonly settings: Pick<SettingsService, 'suspensionList'>,
    private readonly audit: AuditService,
    private readonly radios: { pollSeconds: number; now?: () => Date } = { pollSeconds: 60 },
  ) {}

  /** The audit row of a change: both states without secrets (only `tienePassword`) and the lines of what changed. */
  private async record<Row extends object>(
    tx: Db,
    actor: AuthUser,
    change: { action: 'create' | 'update' | 'delete'; entity: 'site' | 'router' | 'device'; id: number },
    rows: { before: Row | null; after: Row | null },
    fields: ChangeFields<Row>,
    toPublic: (row: Row) => unknown,
  ): Promise<void> {
    await this.audit.record(
      {
        actor,
        action: change.action,
        entity: change.entity,
        entityId: change.id,
        before: rows.before ? toPublic(rows.before) : null,
        after: rows.after ? toPublic(rows.after) : null,
        changes: describeChanges(rows.before, rows.after, fields),
      },
      tx,
    );
  }

  /** A radio that answered at or after this instant is online (domain rule radioOnlineSince). */
  private onlineSince(): Date {
    return radioOnlineSince(this.radios.now?.() ?? new Date(), this.radios.pollSeconds);
  }

  private device(r: DeviceRow): Device {
    return toDevice(r, this.onlineSince());
  }

  /** Sealed value of a typed password, or undefined to keep the stored one. */
  private sealed(password: string): string | undefined {
    return password === '' ? undefined : this.secrets.seal(password);
  }

  // Sites

  async listSites(): Promise<Site[]> {
    return (await this.repo.listSites()).map(toSite);
  }

  async getSite(id: number): Promise<Site> {
    const row = await this.repo.findSite(id);
    if (!row) throw notFound(NO_SITE);
    return toSite(row);
  }

  async createSite(actor: AuthUser, input: SiteInput): Promise<Site> {
    const site = await this.repo.transaction(async (tx) => {
      const id = await this.repo.insertSite(
        {
          nombre: input.nombre,
          lat: input.lat,
          lon: input.lon,
          url: input.url,
          idSite: input.idSite,
          username: input.username,
          passwordEnc: this.sealed(input.password) ?? null,
          idUsuario: actor.id,
        },
        tx,
      );
      const after = (await this.repo.findSite(id, tx))!;
      await this.record(
        tx,
        actor,
        { action: 'create', entity: 'site', id },
        { before: null, after },
        SITE_FIELDS,
        toSite,
      );
      return after;
    });
    return toSite(site);
  }

  async updateSite(actor: AuthUser, id: number, input: SiteInput): Promise<Site> {
    const passwordEnc = this.sealed(input.password);
    const site = await this.repo.transaction(async (tx) => {
      const before = (await this.repo.lockSite(id, tx)) ? await this.repo.findSite(id, tx) : undefined;
      if (!before) throw notFound(NO_SITE);
      await this.repo.updateSite(
        id,
        {
          nombre: input.nombre,
          lat: input.lat,
          lon: input.lon,
          url: input.url,
          idSite: input.idSite,
          username: input.username,
          idUsuario: actor.id,
          ...(passwordEnc ? { passwordEnc } : {}),
        },
        tx,
      );
      const after = (await this.repo.findSite(id, tx))!;
      await this.record(tx, actor, { action: 'update', entity: 'site', id }, { before, after }, SITE_FIELDS, toSite);
      return after;
    });
    return toSite(site);
  }

  async deleteSite(actor: AuthUser, id: number): Promise<void> {
    const r = await this.repo.transaction(async (tx) => {
      const before = await this.repo.findSite(id, tx);
      const result = await this.repo.deleteSite(id, tx);
      if (result.deleted && before)
        await this.record(
          tx,
          actor,
          { action: 'delete', entity: 'site', id },
          { before, after: null },
          SITE_FIELDS,
          toSite,
        );
      return result;
    });
    if (r.deleted) return;
    if (r.routers === 0 && r.devices === 0) throw notFound(NO_SITE);
    const uses = [
      r.routers > 0 ? `${r.routers} ${r.routers === 1 ? 'router' : 'routers'}` : null,
      r.devices > 0 ? `${r.devices} ${r.devices === 1 ? 'dispositivo' : 'dispositivos'}` : null,
    ].filter(Boolean);
    throw conflict(
      'site_in_use',
      `No se puede eliminar el site: lo usan ${uses.join(' y ')}. Muévelos a otro site primero.`,
    );
  }

  // Routers

  async listRouters(): Promise<Router[]> {
    return (await this.repo.listRouters()).map(toRouter);
  }

  async getRouter(id: number): Promise<Router> {
    const row = await this.repo.findRouter(id);
    if (!row) throw notFound(NO_ROUTER);
    return toRouter(row);
  }

  async routerExists(id: number): Promise<boolean> {
    return this.repo.routerExists(id);
  }

  /** Another active contract on the router with that PPPoE user or IP (the customers' 409). */
  placementTaken(routerId: number, exceptId: number | null, user: string, ip: string, tx?: Db) {
    return this.repo.placementTaken(routerId, exceptId, user, ip, tx);
  }

  private async routerValues(input: RouterInput) {
    if (input.siteId !== null && !(await this.repo.siteExists(input.siteId)))
      throw badRequest('El site elegido no existe.', UNKNOWN_SITE);
    return {
      siteId: input.siteId,
      host: input.host,
      port: routerPort(input.port, input.tls),
      tls: input.tls,
      username: input.username,
      // A router that names no list gets the one Administración configures (default airlink-cortados).
      suspensionList: input.listaSuspension || (await this.settings.suspensionList()),
      trafficInterface: input.interfazTrafico,
      // Absent on PUT: the stored mode stays (a client that does not know the field never turns plans off).
      ...(input.modoAprovisionamiento ? { provisioningMode: input.modoAprovisionamiento } : {}),
      database: input.database,
      table: input.table,
      column: input.column,
      value: input.value,
      hostname: input.hostname,
      ip: input.ip,
      latitude: input.latitude,
      longitude: input.longitude,
      additionalInfo: input.additionalInfo,
      additionalInfo2: input.additionalInfo2,
      additionalInfo3: input.additionalInfo3,
      activo: input.activo,
    };
  }

  async createRouter(actor: AuthUser, input: RouterInput): Promise<Router> {
    const values = await this.routerValues(input);
    const router = await this.repo.transaction(async (tx) => {
      const id = await this.repo.insertRouter(
        { provisioningMode: 'ninguno', ...values, passwordEnc: this.sealed(input.password) ?? null },
        tx,
      );
      const after = (await this.repo.findRouter(id, tx))!;
      await this.record(
        tx,
        actor,
        { action: 'create', entity: 'router', id },
        { before: null, after },
        ROUTER_FIELDS,
        toRouter,
      );
      return after;
    });
    return toRouter(router);
  }

  /**
   * Saves a router. Its stored password never goes to another host, port or TLS mode: moving the router
   * there without typing the password again is a 400 (checked on the locked row, so no concurrent edit slips
   * an address change past the check).
   */
  async updateRouter(actor: AuthUser, id: number, input: RouterInput): Promise<Router> {
    const values = await this.routerValues(input);
    const passwordEnc = this.sealed(input.password);
    const router = await this.repo.transaction(async (tx) => {
      const before = (await this.repo.lockRouter(id, tx)) ? await this.repo.findRouter(id, tx) : undefined;
      if (!before) throw notFound(NO_ROUTER);
      if (
        routerNeedsPasswordAgain(
          { host: before.host, port: before.port, tls: before.tls, tienePassword: before.passwordEnc !== null },
          { host: values.host, port: values.port, tls: values.tls, password: input.password },
        )
      )
        throw badRequest(ROUTER_PASSWORD_AGAIN_MESSAGE, { password: [PASSWORD_AGAIN_FIELD_MESSAGE] });
      await this.repo.updateRouter(id, { ...values, ...(passwordEnc ? { passwordEnc } : {}) }, tx);
      const after = (await this.repo.findRouter(id, tx))!;
      await this.record(
        tx,
        actor,
        { action: 'update', entity: 'router', id },
        { before, after },
        ROUTER_FIELDS,
        toRouter,
      );
      return after;
    });
    // Address, port or credentials may have changed: the pool reconnects with the new ones.
    this.routerControl.forgetRouter(id);
    return toRouter(router);
  }

  async deleteRouter(actor: AuthUser, id: number): Promise<void> {
    const r = await this.repo.transaction(async (tx) => {
      const before = await this.repo.findRouter(id, tx);
      const result = await this.repo.deleteRouter(id, tx);
      if (result.deleted && before)
        await this.record(
          tx,
          actor,
          { action: 'delete', entity: 'router', id },
          { before, after: null },
          ROUTER_FIELDS,
          toRouter,
        );
      return result;
    });
    if (!r.found) throw notFound(NO_ROUTER);
    if (!r.deleted)
      throw conflict(
        'router_in_use',
        `No se puede eliminar el router: ${r.contratos} ${r.contratos === 1 ? 'contrato lo usa' : 'contratos lo usan'}. Asígnalos a otro router primero.`,
      );
    this.routerControl.forgetRouter(id);
  }

  /** Connects with the stored settings and reads identity, version and uptime; a Spanish reason otherwise. */
  async probeRouter(id: number): Promise<RouterProbe> {
    const row = await this.repo.findRouter(id);
    if (!row) throw notFound(NO_ROUTER);
    // Its own connection, not the pool: a test must not reuse a connection opened with old settings.
    let client;
    try {
      client = RouterClients.open(row, this.secrets, this.routerControl.clients.currentTimeouts);
    } catch (err) {
      if (err instanceof SecretBoxError) return { ok: false, error: 'sealed_password', message: reasonOf(err) };
      throw err;
    }
    try {
      const p = await client.probe();
      return {
        ok: true,
        identity: p.identity,
        version: p.version,
        uptime: p.uptime,
        uptimeSeconds: p.uptimeSeconds,
        boardName: p.boardName,
      };
    } catch (err) {
      if (err instanceof RouterOsError) {
        this.routerControl.logDetail(err, { routerId: row.id });
        return { ok: false, error: err.code, message: err.message };
      }
      throw err;
    } finally {
      client.close();
    }
  }

  // Devices

  async listDevices(query: DeviceListQuery): Promise<Paged<Device>> {
    const since = this.onlineSince();
    const status = query.status ? { online: query.status === 'online', since } : undefined;
    const page = await this.repo.listDevices({ siteId: query.siteId, q: query.q, status }, query.sort, query.dir, {
      page: query.page,
      pageSize: query.pageSize,
    });
    return { items: page.items.map((r) => toDevice(r, since)), total: page.total };
  }

  private async deviceValues(input: DeviceInput) {
    if (input.siteid !== null && !(await this.repo.siteExists(input.siteid)))
      throw badRequest('El site elegido no existe.', { siteid: ['El site elegido no existe'] });
    return {
      hwaddr: input.hwaddr,
      ipaddr: input.ipaddr,
      hostname: input.hostname,
      siteid: input.siteid,
      product: input.product,
      url: input.url,
      username: input.username,
    };
  }

  private macTaken(hwaddr: string) {
    return conflict('mac_taken', `Ya existe un dispositivo con la MAC ${hwaddr}.`, {
      hwaddr: ['Esta MAC ya está registrada'],
    });
  }

  /**
   * The sealed password a radio's save stores of its own, after the rule that a stored password never goes to
   * a new address (domain `radioPasswordNeed`): a radio with its own password moved to another URL or IP needs
   * it typed again (and stores the typed one); a radio on its site's password that would take it somewhere it
   * was not confirmed for (new radio, other address, other site) needs the site's password typed, which is
   * checked against the site's and not stored on the radio. `undefined`: keep what is stored.
   */
  private async devicePassword(
    tx: Db,
    before: DeviceRow | null,
    input: DeviceInput,
  ): Promise<string | null | undefined> {
    const site = input.siteid === null ? undefined : await this.repo.findSite(input.siteid, tx);
    const need = radioPasswordNeed(
      before && {
        url: before.url,
        ipaddr: before.ipaddr,
        siteid: before.siteid,
        username: before.username,
        ownPassword: before.passwordEnc !== null,
      },
      { url: input.url, ipaddr: input.ipaddr, siteid: input.siteid, username: input.username },
      Boolean(site?.passwordEnc),
    );
    if (need === 'own' && input.password === '')
      throw badRequest(RADIO_PASSWORD_AGAIN_MESSAGE, { password: [PASSWORD_AGAIN_FIELD_MESSAGE] });
    if (need === 'site') {
      if (input.password === '')
        throw badRequest(SITE_PASSWORD_AGAIN_MESSAGE, { password: ['Escribe la contraseña del site'] });
      let stored: string;
      try {
        stored = this.secrets.open(site!.passwordEnc!);
      } catch (err) {
        if (err instanceof SecretBoxError)
          throw badRequest(`No se pudo abrir la contraseña guardada del site: ${err.message}`, {
            password: ['No se pudo comprobar la contraseña del site'],
          });
        throw err;
      }
      if (!sameSecret(input.password, stored))
        throw badRequest(`${SITE_PASSWORD_MISMATCH_MESSAGE}: escribe la del site «${site!.nombre}».`, {
          password: [SITE_PASSWORD_MISMATCH_MESSAGE],
        });
      // Confirmed: the radio keeps using its site's password, nothing of its own is stored.
      return before ? undefined : null;
    }
    const sealed = this.sealed(input.password);
    return before ? sealed : (sealed ?? null);
  }

  async createDevice(actor: AuthUser, input: DeviceInput): Promise<Device> {
    const values = { ...(await this.deviceValues(input)), idUsuario: actor.id };
    let row: DeviceRow;
    try {
      row = await this.repo.transaction(async (tx) => {
        const passwordEnc = (await this.devicePassword(tx, null, input)) ?? null;
        const existing = await this.repo.findDeviceByMac(values.hwaddr, tx);
        let id: number;
        if (existing && !existing.borrado) throw this.macTaken(values.hwaddr);
        if (existing) {
          // A deleted radio comes back with its history (the MAC is unique, deleted or not).
          await this.repo.updateDevice(existing.id, { ...values, passwordEnc, borrado: false }, true, tx);
          id = existing.id;
        } else {
          id = await this.repo.insertDevice({ ...values, passwordEnc }, tx);
        }
        const after = (await this.repo.findDevice(id, tx))!;
        await this.record(
          tx,
          actor,
          { action: 'create', entity: 'device', id },
          { before: null, after },
          DEVICE_FIELDS,
          (r) => this.device(r),
        );
        return after;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw this.macTaken(values.hwaddr);
      throw err;
    }
    return this.device(row);
  }

  async updateDevice(actor: AuthUser, id: number, input: DeviceInput): Promise<Device> {
    const values = { ...(await this.deviceValues(input)), idUsuario: actor.id };
    let row: DeviceRow;
    try {
      row = await this.repo.transaction(async (tx) => {
        const before = await this.repo.findDevice(id, tx, true);
        if (!before) throw notFound(NO_DEVICE);
        const passwordEnc = await this.devicePassword(tx, before, input);
        await this.repo.updateDevice(id, { ...values, ...(passwordEnc ? { passwordEnc } : {}) }, false, tx);
        const after = (await this.repo.findDevice(id, tx))!;
        await this.record(
          tx,
          actor,
          { action: 'update', entity: 'device', id },
          { before, after },
          DEVICE_FIELDS,
          (r) => this.device(r),
        );
        return after;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw this.macTaken(values.hwaddr);
      throw err;
    }
    return this.device(row);
  }

  /** Marks the radio deleted (`borrado`): its history stays, and adding its MAC again brings it back. */
  async deleteDevice(actor: AuthUser, id: number): Promise<void> {
    await this.repo.transaction(async (tx) => {
      const before = await this.repo.findDevice(id, tx, true);
      if (!before || !(await this.repo.updateDevice(id, { borrado: true }, false, tx))) throw notFound(NO_DEVICE);
      await this.record(
        tx,
        actor,
        { action: 'delete', entity: 'device', id },
        { before, after: null },
        DEVICE_FIELDS,
        (r) => this.device(r),
      );
    });
  }
}
