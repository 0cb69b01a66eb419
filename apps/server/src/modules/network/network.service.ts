import {
  deviceUrl,
  radioOnlineSince,
  routerPort,
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
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { SecretBoxError, type SecretBox } from '../../lib/secret-box';
import { RouterOsError } from '../../integrations/routeros/errors';
import type { AuthUser } from '../auth/auth.service';
import type { SettingsService } from '../settings/settings.service';
import type { DeviceRow, NetworkRepository, RouterRow, SiteRow } from './network.repository';
import { RouterClients } from './router-clients';
import { reasonOf, type RouterControlService } from './router-control.service';

const NO_SITE = 'El site no existe.';
const NO_ROUTER = 'El router no existe.';
const NO_DEVICE = 'El dispositivo no existe.';
const UNKNOWN_SITE = { siteId: ['El site elegido no existe'] };

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
 * answered (only `tienePassword`); an empty password on edit keeps the stored one. Deleting what is in
 * use is refused with a Spanish 409.
 */
export class NetworkService {
  constructor(
    private readonly repo: NetworkRepository,
    private readonly secrets: SecretBox,
    private readonly routerControl: RouterControlService,
    private readonly settings: Pick<SettingsService, 'suspensionList'>,
    private readonly radios: { pollSeconds: number; now?: () => Date } = { pollSeconds: 60 },
  ) {}

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
    const id = await this.repo.insertSite({
      nombre: input.nombre,
      lat: input.lat,
      lon: input.lon,
      url: input.url,
      idSite: input.idSite,
      username: input.username,
      passwordEnc: this.sealed(input.password) ?? null,
      idUsuario: actor.id,
    });
    return this.getSite(id);
  }

  async updateSite(actor: AuthUser, id: number, input: SiteInput): Promise<Site> {
    const passwordEnc = this.sealed(input.password);
    const ok = await this.repo.updateSite(id, {
      nombre: input.nombre,
      lat: input.lat,
      lon: input.lon,
      url: input.url,
      idSite: input.idSite,
      username: input.username,
      idUsuario: actor.id,
      ...(passwordEnc ? { passwordEnc } : {}),
    });
    if (!ok) throw notFound(NO_SITE);
    return this.getSite(id);
  }

  async deleteSite(id: number): Promise<void> {
    const r = await this.repo.deleteSite(id);
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

  async createRouter(input: RouterInput): Promise<Router> {
    const values = await this.routerValues(input);
    const id = await this.repo.insertRouter({ ...values, passwordEnc: this.sealed(input.password) ?? null });
    return this.getRouter(id);
  }

  async updateRouter(id: number, input: RouterInput): Promise<Router> {
    const values = await this.routerValues(input);
    const passwordEnc = this.sealed(input.password);
    const ok = await this.repo.updateRouter(id, { ...values, ...(passwordEnc ? { passwordEnc } : {}) });
    if (!ok) throw notFound(NO_ROUTER);
    // Address, port or credentials may have changed: the pool reconnects with the new ones.
    this.routerControl.forgetRouter(id);
    return this.getRouter(id);
  }

  async deleteRouter(id: number): Promise<void> {
    const r = await this.repo.deleteRouter(id);
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
      if (err instanceof RouterOsError) return { ok: false, error: err.code, message: err.message };
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

  async createDevice(actor: AuthUser, input: DeviceInput): Promise<Device> {
    const values = { ...(await this.deviceValues(input)), idUsuario: actor.id };
    const passwordEnc = this.sealed(input.password) ?? null;
    const existing = await this.repo.findDeviceByMac(values.hwaddr);
    let id: number;
    if (existing && !existing.borrado) throw this.macTaken(values.hwaddr);
    if (existing) {
      // A deleted radio comes back with its history (the MAC is unique, deleted or not).
      await this.repo.updateDevice(existing.id, { ...values, passwordEnc, borrado: false }, true);
      id = existing.id;
    } else {
      try {
        id = await this.repo.insertDevice({ ...values, passwordEnc });
      } catch (err) {
        if (isUniqueViolation(err)) throw this.macTaken(values.hwaddr);
        throw err;
      }
    }
    return this.device((await this.repo.findDevice(id))!);
  }

  async updateDevice(actor: AuthUser, id: number, input: DeviceInput): Promise<Device> {
    const values = { ...(await this.deviceValues(input)), idUsuario: actor.id };
    const passwordEnc = this.sealed(input.password);
    let ok: boolean;
    try {
      ok = await this.repo.updateDevice(id, { ...values, ...(passwordEnc ? { passwordEnc } : {}) });
    } catch (err) {
      if (isUniqueViolation(err)) throw this.macTaken(values.hwaddr);
      throw err;
    }
    if (!ok) throw notFound(NO_DEVICE);
    return this.device((await this.repo.findDevice(id))!);
  }

  /** Marks the radio deleted (`borrado`): its history stays, and adding its MAC again brings it back. */
  async deleteDevice(id: number): Promise<void> {
    if (!(await this.repo.updateDevice(id, { borrado: true }))) throw notFound(NO_DEVICE);
  }
}
