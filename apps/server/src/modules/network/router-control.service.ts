import {
  CONTRACT_NETWORK_EVENT,
  missingSecretMessage,
  mustBeCutOnRouter,
  reconcileMessage,
  ROUTER_STEP_LABELS,
  routerPlan,
  routerTargetProblem,
  suspensionComment,
  type ContractNetworkEvent,
  type NetworkState,
  type Plan,
  type ReconcileSummary,
  type RouterObserved,
  type RouterStep,
  type RouterTarget,
} from '@airlink/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { RouterOsClient } from '../../integrations/routeros/client';
import { logRouterWords, RouterOsError, RouterOsTrapError } from '../../integrations/routeros/errors';
import { SecretBoxError } from '../../lib/secret-box';
import type { Hub } from '../../plugins/realtime/hub';
import type { ContractNetworkRow, NetworkRepository, RouterEventValues, RouterRow } from './network.repository';
import { Provisioning, RouterWorkError, type OldPlacement } from './provisioning';
import { DEFAULT_ROUTER_TIMEOUTS, RouterClients, type RouterTimeouts } from './router-clients';

export interface RouterControlOptions {
  now?: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  timeouts?: Partial<RouterTimeouts>;
  /** The plan of a contract (its `tipo`), for routers that provision plans. */
  planOf?: (id: number) => Promise<Plan | undefined>;
}

/** Router errors that mean it did not answer (or refused the login): the work is pending, not refused. */
const UNREACHABLE_CODES = ['routeros_unreachable', 'routeros_connect_timeout', 'routeros_auth', 'routeros_tls'];
/** A router that did not answer, dropped the connection or timed out: provisioning stays pending. */
const PENDING_CODES = [...UNREACHABLE_CODES, 'routeros_closed', 'routeros_timeout', 'routeros_fatal'];
const PENDING_SUFFIX = ' Se completará en la próxima conciliación.';

/**
 * What a contract left on its old router when it moved: the cut to give back (see `releaseTarget` in the
 * domain) and, on a router that provisions plans, its old secret or queue to remove.
 */
export interface RouterRelease {
  routerId: number;
  target: RouterTarget | null;
  old?: OldPlacement;
}

/** Options of one run: `setPassword` sends the contract's stored PPPoE password (typed again in the form). */
export interface EnforceOptions {
  setPassword?: boolean;
}

const UNEXPECTED = 'Error inesperado al hablar con el router; se reintentará en la próxima conciliación.';

/** The Spanish reason of a failure, never a password or a stack. */
export function reasonOf(err: unknown): string {
  if (err instanceof RouterWorkError || err instanceof RouterOsError) return err.message;
  // The stored password cannot be opened (APP_SECRET changed without APP_SECRET_PREVIOUS): say so.
  if (err instanceof SecretBoxError) return `No se pudo abrir la contraseña guardada del router. ${err.message}`;
  return UNEXPECTED;
}

/**
 * Cut and reconnect on the router (docs/network.md "Contracts on routers"). A contract's cut state (`cortado`) is what the
 * router must hold; `enforce` reads the router, applies the steps of the domain's plan and stores the
 * outcome as `estadoRed` (aplicado only when every command was confirmed and a re-read shows the target).
 * Runs after the commit of the flag change, serialized per contract; a router that does not answer ends
 * in `error` within the timeouts and never blocks a payment. `reconcileAll` compares every contract with
 * its router and repairs drift; the scheduler calls it every 5 minutes.
 */
export class RouterControlService {
  readonly clients: RouterClients;
  private readonly now: () => Date;
  /** The last run per contract: a new run waits for the previous one (cut then reconnect apply in order). */
  private readonly chains = new Map<number, Promise<void>>();
  private readonly running = new Set<Promise<unknown>>();
  readonly provisioning: Provisioning;

  constructor(
    private readonly repo: NetworkRepository,
    private readonly hub: Hub,
    secrets: ConstructorParameters<typeof RouterClients>[0],
    private readonly opts: RouterControlOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
    this.clients = new RouterClients(secrets, { ...DEFAULT_ROUTER_TIMEOUTS, ...opts.timeouts }, opts.log);
    this.provisioning = new Provisioning({
      secrets,
      plan: opts.planOf ?? (() => Promise.resolve(undefined)),
      storePassword: (id, sealed) => repo.storePppoePassword(id, sealed),
    });
  }

  /** Shorter timeouts (tests); pools opened from now on use them. */
  configure(timeouts: Partial<RouterTimeouts>): void {
    this.clients.setTimeouts(timeouts);
  }

  /** A router's pool must be reopened (its settings changed or it was deleted). */
  forgetRouter(routerId: number): void {
    this.clients.forget(routerId);
    this.provisioning.forget(routerId);
  }

  /**
   * A plan's speed (or name) changed: every active contract of it on a router that provisions plans is applied
   * again in the background (the profile or queue corrected, sessions at the old speed dropped).
   */
  async planChanged(planId: number): Promise<void> {
    this.provisioning.forget();
    const ids = await this.repo.contractsOfPlanOnProvisioningRouters(planId);
    // One contract after the other (in the background): hundreds at once would wait on the router's small pool.
    const run = (async () => {
      for (const id of ids) await this.schedule(id);
    })();
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  /**
   * Applies the contract's cut state on its router in the background and waits at most `waitMs` for it
   * (0: not at all). The outcome is stored either way; the caller re-reads the contract. `release` is what
   * the contract left on its old router when it moved (router, IP or PPPoE user changed while cut): it is
   * given back there first, and a failure to do so is the contract's `error` (never a silent leftover).
   */
  async enforce(contractId: number, waitMs = 0, release?: RouterRelease, opts: EnforceOptions = {}): Promise<void> {
    const run = this.schedule(contractId, release, opts);
    if (waitMs <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([run, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }

  /** Resolves when no router work is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  async close(): Promise<void> {
    this.clients.closeAll();
    await this.idle();
  }

  private schedule(contractId: number, release?: RouterRelease, opts: EnforceOptions = {}): Promise<void> {
    const previous = this.chains.get(contractId) ?? Promise.resolve();
    const run = previous
      .then(() => this.applyNow(contractId, release, opts))
      .catch((err) => {
        this.opts.log?.error({ err, contractId }, 'router work failed unexpectedly');
      });
    this.chains.set(contractId, run);
    this.running.add(run);
    void run.finally(() => {
      this.running.delete(run);
      if (this.chains.get(contractId) === run) this.chains.delete(contractId);
    });
    return run;
  }

  private async applyNow(contractId: number, release: RouterRelease | undefined, opts: EnforceOptions): Promise<void> {
    const releaseFailure = release ? await this.release(contractId, release) : null;
    const c = await this.repo.contractNetwork(contractId);
    if (!c || c.routerId === null) {
      if (releaseFailure) this.opts.log?.warn({ contractId, reason: releaseFailure }, 'old router kept the cut');
      return;
    }
    const router = await this.repo.findRouter(c.routerId);
    let state: NetworkState = 'aplicado';
    let message: string | null = null;
    let done: string[] = [];
    try {
      if (!router) throw new RouterWorkError('El router del contrato ya no existe.');
      done = await this.applyOn(this.clients.for(router), router, c, opts);
    } catch (err) {
      state = failureState(router, err);
      message = reasonOf(err) + (state === 'pendiente' ? PENDING_SUFFIX : '');
      this.logUnexpected(err, contractId);
    }
    if (releaseFailure) {
      state = 'error';
      message = message ? `${releaseFailure} ${message}` : releaseFailure;
    }
    if (router && router.provisioningMode !== 'ninguno')
      await this.record(
        state === 'aplicado'
          ? done.map((accion) => this.event(router.id, c.id, accion, 'aplicado', ''))
          : [this.event(router.id, c.id, 'Aprovisionar el contrato', state, message ?? '')],
      );
    await this.store(c, state, message);
  }

  private event(
    routerId: number,
    contratoId: number | null,
    accion: string,
    estado: NetworkState,
    mensaje: string,
  ): RouterEventValues {
    return { routerId, contratoId, accion, estado, mensaje, fecha: this.now() };
  }

  /** Stores router events; a failure to store them never fails the router work. */
  private async record(events: RouterEventValues[]): Promise<void> {
    try {
      await this.repo.recordEvents(events);
    } catch (err) {
      this.opts.log?.warn({ err }, 'router events not stored');
    }
  }

  /**
   * Gives back on the old router what a moved contract left there (the cut, its secret or queue); the Spanish
   * reason when it could not.
   */
  private async release(contractId: number, release: RouterRelease): Promise<string | null> {
    try {
      const router = await this.repo.findRouter(release.routerId);
      if (!router) return null; // the old router is gone, and its list with it
      const client = this.clients.for(router);
      const removed = release.old ? await this.provisioning.remove(client, router, release.old) : [];
      if (removed.length > 0)
        await this.record(removed.map((accion) => this.event(router.id, contractId, accion, 'aplicado', '')));
      // A removed secret has nothing left to enable.
      if (release.target) await this.applyOn(client, router, release.target, { missingSecretIsDone: true });
      return null;
    } catch (err) {
      this.logUnexpected(err, contractId);
      return `El router anterior no quitó el corte: ${reasonOf(err)}`;
    }
  }

  private logUnexpected(err: unknown, contractId: number): void {
    this.logDetail(err, { contractId });
    if (!(err instanceof RouterWorkError || err instanceof RouterOsError || err instanceof SecretBoxError))
      this.opts.log?.error({ err, contractId }, 'router work failed');
  }

  /** The router's own words of a failure (its `!trap` text) go to the server log only. */
  logDetail(err: unknown, context: object): void {
    logRouterWords(this.opts.log, err, context);
  }

  /**
   * Reads what the router holds for the contract (or for a target given directly), applies the plan and
   * checks the result once more. `missingSecretIsDone`: giving back an old placement, a PPPoE secret the old
   * router no longer has has nothing to enable.
   */
  private async applyOn(
    client: RouterOsClient,
    router: RouterRow,
    c: ContractNetworkRow | RouterTarget,
    opts: { missingSecretIsDone?: boolean } & EnforceOptions = {},
  ): Promise<string[]> {
    const target = 'id' in c ? targetOf(c, router) : c;
    const comment = 'id' in c ? suspensionComment(c) : '';
    const problem = routerTargetProblem('id' in c ? targetOf(c) : c);
    if (problem) throw new RouterWorkError(problem);
    // Plans first (the secret must exist before the cut plan reads it), then the cut state.
    const done: string[] = 'id' in c ? await this.provisioning.apply(client, router, c, opts) : [];
    // A session can redial between disabling the secret and dropping it: a second round catches it.
    for (let round = 0; round < 3; round++) {
      const observed = await observe(client, router.suspensionList, target, opts.missingSecretIsDone ?? false);
      const steps = routerPlan(target, observed);
      if (steps.length === 0) return done;
      if (round === 2)
        throw new RouterWorkError('El router no confirmó el cambio; se reintentará en la próxima conciliación.');
      for (const step of steps) await this.execute(client, router, comment, target, step);
      done.push(...steps.map((step) => ROUTER_STEP_LABELS[step]));
    }
    return done;
  }

  private async execute(
    client: RouterOsClient,
    router: RouterRow,
    comment: string,
    target: RouterTarget,
    step: RouterStep,
  ): Promise<void> {
    switch (step) {
      case 'addToList':
        await client.addressList.add(router.suspensionList, target.ip, comment);
        return;
      case 'removeFromList':
        await client.addressList.removeAddress(router.suspensionList, target.ip);
        return;
      case 'disableSecret':
      case 'enableSecret': {
        const secret = await client.pppSecrets.find(target.pppoeUser);
        if (!secret) throw new RouterWorkError(missingSecretMessage(target.pppoeUser));
        await client.pppSecrets.setDisabled(secret.id, step === 'disableSecret');
        return;
      }
      case 'dropSessions':
        for (const s of await client.pppActive.list(target.pppoeUser)) {
          try {
            await client.pppActive.remove(s.id);
          } catch (err) {
            // Gone between the read and the remove: that is what we wanted.
            if (!(err instanceof RouterOsTrapError && err.isNoSuchItem)) throw err;
          }
        }
        return;
    }
  }

  private async store(c: ContractNetworkRow, state: NetworkState, message: string | null): Promise<void> {
    const at = this.now();
    const stored = await this.repo.setNetworkState(
      c.id,
      { cortado: c.cortado, routerId: c.routerId! },
      state,
      message,
      at,
    );
    if (!stored) return; // the contract changed meanwhile: its own run reports
    const event: ContractNetworkEvent = {
      id: c.id,
      cortado: c.cortado,
      estadoRed: state,
      estadoRedMensaje: message,
      estadoRedFecha: at.toISOString(),
    };
    try {
      this.hub.emitToAll(CONTRACT_NETWORK_EVENT, event);
    } catch (err) {
      this.opts.log?.warn({ err }, 'network state push failed');
    }
  }

  /**
   * Compares every contract that has a router with that router and repairs drift (an entry missing or
   * left over, a secret enabled while cut, a session up while cut). Idempotent: a second pass finds
   * nothing. Each contract's outcome is stored as its `estadoRed`. Routers are visited one at a time,
   * contracts of a router in order (a router that does not answer fails its contracts quickly: the pool
   * reports it unreachable at every command within the connect timeout).
   */
  async reconcileAll(): Promise<ReconcileSummary> {
    const routerIds = await this.repo.routersInUse();
    const summary: ReconcileSummary = {
      routers: routerIds.length,
      contratos: 0,
      corregidos: 0,
      errores: 0,
      correcciones: [],
      fallas: [],
      mensaje: '',
    };
    for (const routerId of routerIds) {
      const router = await this.repo.findRouter(routerId);
      const contracts = await this.repo.contractsWithRouter(routerId);
      summary.contratos += contracts.length;
      if (!router) continue;
      const client = this.clients.for(router);
      // Each pass reads every plan's profile again (one deleted or edited on the router is repaired).
      this.provisioning.forget(routerId);
      let routerDown: string | null = null;
      let downState: NetworkState = 'error';
      for (const c of contracts) {
        // Wait for a cut or reconnection of this contract that is running, then check it ourselves.
        await this.chains.get(c.id);
        if (routerDown) {
          summary.errores++;
          await this.store(c, downState, routerDown);
          continue;
        }
        try {
          const fresh = (await this.repo.contractNetwork(c.id)) ?? c;
          if (fresh.routerId !== routerId) continue;
          const steps = await this.applyOn(client, router, fresh);
          if (steps.length > 0) {
            summary.corregidos++;
            summary.correcciones.push({ idContrato: c.id, pasos: steps });
            await this.record(steps.map((s) => this.event(routerId, c.id, `Conciliación: ${s}`, 'aplicado', '')));
          }
          await this.store(fresh, 'aplicado', null);
        } catch (err) {
          const state = failureState(router, err);
          const message = reasonOf(err) + (state === 'pendiente' ? PENDING_SUFFIX : '');
          this.logUnexpected(err, c.id);
          summary.errores++;
          summary.fallas.push({ idContrato: c.id, idRouter: routerId, mensaje: message });
          await this.store(c, state, message);
          if (router.provisioningMode !== 'ninguno')
            await this.record([this.event(routerId, c.id, 'Conciliación', state, message)]);
          // Unreachable or wrong credentials: the other contracts of this router fail the same way.
          if (err instanceof RouterOsError && UNREACHABLE_CODES.includes(err.code)) {
            routerDown = message;
            downState = state;
          }
        }
      }
      if (routerDown) summary.fallas.push({ idContrato: null, idRouter: routerId, mensaje: routerDown });
    }
    summary.mensaje = reconcileMessage(summary);
    return summary;
  }
}

/**
 * A cancelled contract is cut on the router too (its service ended). On a PPPoE router that provisions plans a
 * cancelled contract's secret is removed instead (nothing left to disable).
 */
function targetOf(c: ContractNetworkRow, router?: RouterRow): RouterTarget {
  const removed = router?.provisioningMode === 'pppoe' && !c.activo;
  return { cortado: mustBeCutOnRouter(c), ip: c.ipCliente, pppoeUser: removed ? '' : c.usuarioPppoe };
}

/** A router that does not answer leaves provisioning pending (reconciliation finishes it); else an error. */
function failureState(router: RouterRow | undefined, err: unknown): NetworkState {
  return router &&
    router.provisioningMode !== 'ninguno' &&
    err instanceof RouterOsError &&
    PENDING_CODES.includes(err.code)
    ? 'pendiente'
    : 'error';
}

async function observe(
  client: RouterOsClient,
  list: string,
  target: RouterTarget,
  missingSecretIsDone: boolean,
): Promise<RouterObserved> {
  const listEntries = target.ip ? (await client.addressList.list(list, target.ip)).length : 0;
  if (!target.pppoeUser) return { listEntries, secret: null, activeSessions: 0 };
  const secret = await client.pppSecrets.find(target.pppoeUser);
  if (!secret && missingSecretIsDone) return { listEntries, secret: null, activeSessions: 0 };
  if (!secret) throw new RouterWorkError(missingSecretMessage(target.pppoeUser));
  const active = await client.pppActive.list(target.pppoeUser);
  return { listEntries, secret: { disabled: secret.disabled }, activeSessions: active.length };
}
