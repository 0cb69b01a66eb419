import {
  classifyInventory,
  parseRate,
  queueNameOf,
  type AdoptInput,
  type AdoptResult,
  type InventoryContract,
  type LiveSpeed,
  type Plan,
  type RouterEvent,
  type RouterInventory,
} from '@airlink/domain';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.service';
import type { ContractNetworkRow, NetworkRepository, RouterRow } from './network.repository';
import { reasonOf, type RouterControlService } from './router-control.service';

const NO_ROUTER = 'El router no existe.';
const NO_CONTRACT = 'El contrato no existe. Revisa el número de cliente.';
/** How many events the router's page shows. */
const EVENTS_SHOWN = 200;
/** Each print of the inventory may take this long (5,000 secrets on a small router). */
const INVENTORY_COMMAND_MS = 60_000;

/**
 * What a router holds against AirLink's plans (docs/network.md "Inventory and adoption"): the inventory of a
 * router, the adoption of its entries, a customer's live speed and the router's event log.
 */
export class RouterPlansService {
  constructor(
    private readonly repo: NetworkRepository,
    private readonly control: RouterControlService,
    private readonly plans: { list(): Promise<Plan[]>; find(id: number): Promise<Plan | undefined> },
    private readonly audit: AuditService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async router(id: number): Promise<RouterRow> {
    const router = await this.repo.findRouter(id);
    if (!router) throw notFound(NO_ROUTER);
    return router;
  }

  /** Reads the router (secrets, profiles, static queues, sessions) and classifies it against its contracts. */
  async inventory(routerId: number): Promise<RouterInventory> {
    const router = await this.router(routerId);
    const client = this.control.clients.for(router);
    // The contracts are read from the database while the router prints.
    const contracts = this.inventoryContracts(routerId);
    contracts.catch(() => undefined); // awaited below; a failure meanwhile is not an unhandled rejection
    let state;
    try {
      // The four menus at once (tagged commands on the router's pool), each with room for thousands of rows;
      // the sessions only by name (what the inventory shows of them).
      const long = { timeoutMs: INVENTORY_COMMAND_MS };
      const [secrets, profiles, queues, active] = await Promise.all([
        client.pppSecrets.list(undefined, long),
        client.pppProfiles.list(undefined, long),
        client.queues.list(undefined, long),
        client.pppActive.names(long),
      ]);
      state = { secrets, profiles, queues: queues.filter((q) => !q.dynamic), active };
    } catch (err) {
      this.control.logDetail(err, { routerId });
      throw new AppError(502, 'router_unavailable', `No se pudo leer el router: ${reasonOf(err)}`);
    }
    const classified = classifyInventory(await contracts, state, (c) => queueNameOf(c));
    return {
      idRouter: routerId,
      modoAprovisionamiento: router.provisioningMode,
      leidoEn: this.now().toISOString(),
      ...classified,
    };
  }

  private async inventoryContracts(routerId: number): Promise<InventoryContract[]> {
    const plans = new Map((await this.plans.list()).map((p) => [p.id, p]));
    return (await this.repo.contractsWithRouter(routerId, { activeOnly: true })).map((c) => {
      const plan = plans.get(c.tipo);
      return {
        id: c.id,
        no: c.no,
        nombre: c.nombre,
        usuarioPppoe: c.usuarioPppoe,
        ipCliente: c.ipCliente,
        comentario: c.comentario,
        plan: plan
          ? { id: plan.id, nombre: plan.nombre, bajadaMbps: plan.bajadaMbps, subidaMbps: plan.subidaMbps }
          : null,
      };
    });
  }

  /**
   * Links router entries to contracts and takes them over: each contract gets the router and the PPPoE user
   * or IP, then its secret or queue is set to its plan in the background. 409 when the entry already belongs
   * to another contract on that router, or the contract is on another router; nothing is linked then.
   */
  async adopt(actor: AuthUser, routerId: number, input: AdoptInput): Promise<AdoptResult> {
    await this.router(routerId);
    const at = this.now();
    const ids = await this.repo.transaction(async (tx) => {
      const done: number[] = [];
      for (const v of input.vinculos) {
        const c = await this.repo.lockContract(v.idContrato, tx);
        if (!c) throw notFound(NO_CONTRACT);
        if (!c.activo) throw conflict('contract_cancelled', `El contrato ${c.id} está cancelado.`);
        if (c.routerId !== null && c.routerId !== routerId)
          throw conflict('entry_linked', `El contrato ${c.id} ya está en otro router.`);
        const user = 'usuarioPppoe' in v ? v.usuarioPppoe : '';
        const ip = 'ip' in v ? v.ip : '';
        const taken = await this.repo.placementTaken(routerId, c.id, user, ip, tx);
        if (taken)
          throw conflict(
            'entry_linked',
            user
              ? `El usuario PPPoE ${user} ya está vinculado al contrato ${taken.id}.`
              : `La IP ${ip} ya está vinculada al contrato ${taken.id}.`,
          );
        await this.repo.adopt(c.id, routerId, user ? { usuarioPppoe: user } : { ipCliente: ip }, at, tx);
        await this.audit.record(
          {
            actor,
            action: 'adopt',
            entity: 'contract',
            entityId: c.id,
            before: placement(c),
            after: { routerId, ...(user ? { usuarioPppoe: user } : { ipCliente: ip }) },
          },
          tx,
        );
        done.push(c.id);
      }
      return done;
    });
    for (const id of ids) await this.control.enforce(id, 0);
    const n = ids.length;
    return {
      adoptados: n,
      mensaje: `${n} ${n === 1 ? 'entrada adoptada' : 'entradas adoptadas'}; el router las pasa a su plan en segundo plano.`,
    };
  }

  /** The customer's rate now: its PPPoE session's interface, or its queue's rate; the plan's limit beside it. */
  async liveSpeed(contractId: number): Promise<LiveSpeed> {
    const c = await this.repo.contractNetwork(contractId);
    if (!c) throw notFound(NO_CONTRACT);
    const plan = await this.plans.find(c.tipo);
    const base = {
      limiteBajadaMbps: plan?.bajadaMbps ?? null,
      limiteSubidaMbps: plan?.subidaMbps ?? null,
      leidoEn: this.now().toISOString(),
    };
    const offline: LiveSpeed = { estado: 'sin_sesion', bajadaBps: 0, subidaBps: 0, ...base };
    if (c.routerId === null || !c.activo) return offline;
    const router = await this.router(c.routerId);
    try {
      return (await this.readRate(router, c, base)) ?? offline;
    } catch (err) {
      this.control.logDetail(err, { contractId });
      throw new AppError(502, 'router_unavailable', `No se pudo leer el router: ${reasonOf(err)}`);
    }
  }

  private async readRate(
    router: RouterRow,
    c: ContractNetworkRow,
    base: Omit<LiveSpeed, 'estado' | 'bajadaBps' | 'subidaBps'>,
  ): Promise<LiveSpeed | null> {
    const client = this.control.clients.for(router);
    if (c.usuarioPppoe && router.provisioningMode !== 'cola') {
      const sessions = await client.pppActive.list(c.usuarioPppoe);
      if (sessions.length === 0) return null;
      // The router's rx on the session's interface is what the customer sends (docs/protocols/routeros.md).
      const t = await client.interfaces.traffic(`<pppoe-${c.usuarioPppoe}>`);
      return { estado: 'en_linea', bajadaBps: t.txBitsPerSecond, subidaBps: t.rxBitsPerSecond, ...base };
    }
    if (!c.ipCliente) return null;
    const [queue] = await client.queues.list(queueNameOf(c));
    if (!queue) return null;
    const [up, down] = queue.rate.split('/').map((v) => parseRate(v) ?? 0);
    if (!up && !down) return null;
    return { estado: 'en_linea', bajadaBps: down ?? 0, subidaBps: up ?? 0, ...base };
  }

  /** The router's newest events (what provisioning and reconciliation did), newest first. */
  async events(routerId: number): Promise<RouterEvent[]> {
    await this.router(routerId);
    const rows = await this.repo.routerEvents(routerId, EVENTS_SHOWN);
    return rows.map((r) => ({
      id: r.id,
      idContrato: r.contratoId,
      accion: r.accion,
      estado: r.estado,
      mensaje: r.mensaje,
      fecha: r.fecha.toISOString(),
    }));
  }
}

function placement(c: ContractNetworkRow) {
  return { routerId: c.routerId, usuarioPppoe: c.usuarioPppoe, ipCliente: c.ipCliente };
}
