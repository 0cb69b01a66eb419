import { randomBytes } from 'node:crypto';
import {
  mustBeCutOnRouter,
  parseRouterSpeed,
  profileNameOf,
  queueLimitsMatch,
  queueLimitsOf,
  queueNameOf,
  queueTargetOf,
  rateLimitMatches,
  rateLimitOf,
  sameSpeed,
  type Plan,
} from '@airlink/domain';
import type { PppSecretFields, RouterOsClient, SimpleQueueFields } from '../../integrations/routeros/client';
import { RouterOsTrapError } from '../../integrations/routeros/errors';
import type { SecretBox } from '../../lib/secret-box';
import type { ContractNetworkRow, RouterRow } from './network.repository';

/** A failure with a Spanish reason for the contract's `estadoRedMensaje`. */
export class RouterWorkError extends Error {}

/** What a contract held on a router before it moved (its old placement). */
export interface OldPlacement {
  id: number;
  no: number;
  /** The secret to remove ('' for none). */
  pppoeUser: string;
  ip: string;
  /** Whether its queue goes (it left the router). */
  queue: boolean;
}

export interface ProvisioningDeps {
  secrets: SecretBox;
  plan(id: number): Promise<Plan | undefined>;
  /** Stores a generated PPPoE password (sealed) unless the contract got one meanwhile. */
  storePassword(contractId: number, sealed: string): Promise<void>;
}

/** The router's words when it refuses, in Spanish (the raw text goes to the log). */
function refusal(err: unknown): never {
  if (err instanceof RouterOsTrapError) {
    const m = err.routerMessage;
    if (/does not match any value of profile/.test(m))
      throw new RouterWorkError('El router rechazó el usuario PPPoE: el perfil del plan no existe en el router.');
    if (/not enough permissions|permission/i.test(m))
      throw new RouterWorkError(
        'El router rechazó el cambio: el usuario de AirLink en el router no tiene permiso de escritura.',
      );
    if (/already have such name|same name already exists/.test(m))
      throw new RouterWorkError('El router ya tiene otra entrada con ese nombre.');
  }
  throw err;
}

/** Runs a write on the router, turning its refusal into a Spanish reason. */
async function write<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    return refusal(err);
  }
}

/**
 * Plans on the router (docs/network.md "Plans on the router"): a PPP profile per plan and a secret per
 * customer (`pppoe`), or a simple queue per customer IP (`cola`). `apply` brings one contract's entry in line
 * with its plan and returns the Spanish labels of what it changed; the cut itself (secret disabled, IP listed)
 * stays with the cut plan, which runs after it. Profiles checked on a router are remembered until
 * `forget` (a plan change, a reconciliation pass), so provisioning many customers reads each profile once.
 */
export class Provisioning {
  private readonly profilesChecked = new Map<number, Set<string>>();

  constructor(private readonly deps: ProvisioningDeps) {}

  /** Profiles must be checked again (all routers, or one). */
  forget(routerId?: number): void {
    if (routerId === undefined) this.profilesChecked.clear();
    else this.profilesChecked.delete(routerId);
  }

  async apply(
    client: RouterOsClient,
    router: RouterRow,
    c: ContractNetworkRow,
    opts: { setPassword?: boolean } = {},
  ): Promise<string[]> {
    if (router.provisioningMode === 'ninguno') return [];
    if (router.provisioningMode === 'pppoe') {
      if (!c.usuarioPppoe)
        throw new RouterWorkError('El router aprovisiona por PPPoE: el contrato necesita un usuario PPPoE.');
      if (!c.activo) return this.removeSecret(client, c.usuarioPppoe);
      return this.applySecret(client, router, c, await this.planOf(c), opts.setPassword ?? false);
    }
    if (!c.ipCliente)
      throw new RouterWorkError('El router aprovisiona por colas: el contrato necesita la IP del cliente.');
    if (!c.activo) return this.removeQueues(client, c);
    return this.applyQueue(client, c, await this.planOf(c));
  }

  /** Takes the contract's entry off a router it left (mode of that router). */
  async remove(client: RouterOsClient, router: RouterRow, old: OldPlacement): Promise<string[]> {
    if (router.provisioningMode === 'pppoe' && old.pppoeUser) return this.removeSecret(client, old.pppoeUser);
    if (router.provisioningMode === 'cola' && old.queue) return this.removeQueues(client, old);
    return [];
  }

  private async planOf(c: ContractNetworkRow): Promise<Plan> {
    const plan = await this.deps.plan(c.tipo);
    if (!plan) throw new RouterWorkError('El plan del contrato no existe.');
    return plan;
  }

  /** The plan's profile exists with the plan's rate-limit (created or corrected); its name. */
  async ensureProfile(client: RouterOsClient, routerId: number, plan: Plan, done: string[]): Promise<string> {
    const name = profileNameOf(plan);
    const rateLimit = rateLimitOf(plan);
    const key = `${name} ${rateLimit}`;
    const checked = this.profilesChecked.get(routerId) ?? new Set<string>();
    if (checked.has(key)) return name;
    const [profile] = await client.pppProfiles.list(name);
    if (!profile) {
      await write(() => client.pppProfiles.add(name, rateLimit, `airlink:plan:${plan.id}`));
      done.push(`perfil ${name} creado (${rateLimit})`);
    } else if (!rateLimitMatches(profile.rateLimit, plan)) {
      await write(() => client.pppProfiles.setRateLimit(profile.id, rateLimit));
      done.push(`velocidad del perfil ${name} corregida (${rateLimit})`);
    }
    checked.add(key);
    this.profilesChecked.set(routerId, checked);
    return name;
  }

  private async applySecret(
    client: RouterOsClient,
    router: RouterRow,
    c: ContractNetworkRow,
    plan: Plan,
    setPassword: boolean,
  ): Promise<string[]> {
    const done: string[] = [];
    const profile = await this.ensureProfile(client, router.id, plan, done);
    const [secret] = await client.pppSecrets.list(c.usuarioPppoe);
    let profileChanged = false;
    if (!secret) {
      const password = await this.passwordOf(c);
      await write(() =>
        client.pppSecrets.add(c.usuarioPppoe, {
          password,
          profile,
          ...(c.ipCliente ? { remoteAddress: c.ipCliente } : {}),
          comment: c.comentario,
          disabled: mustBeCutOnRouter(c),
        }),
      );
      done.push(`usuario PPPoE ${c.usuarioPppoe} creado con el perfil ${profile}`);
    } else {
      const fields: PppSecretFields = {};
      if (secret.profile !== profile) fields.profile = profile;
      if (c.ipCliente && secret.remoteAddress !== c.ipCliente) fields.remoteAddress = c.ipCliente;
      if (secret.comment !== c.comentario) fields.comment = c.comentario;
      if (setPassword && c.passwordPppoeEnc) fields.password = this.deps.secrets.open(c.passwordPppoeEnc);
      if (Object.keys(fields).length > 0) {
        await write(() => client.pppSecrets.set(secret.id, fields));
        profileChanged = fields.profile !== undefined;
        done.push(
          profileChanged
            ? `usuario PPPoE ${c.usuarioPppoe} pasado al perfil ${profile}`
            : `usuario PPPoE ${c.usuarioPppoe} actualizado`,
        );
      }
    }
    if (mustBeCutOnRouter(c)) return done; // the cut plan drops its sessions
    // A session keeps the speed it logged in with: one at another speed is dropped so the radio redials.
    const sessions = await client.pppActive.list(c.usuarioPppoe);
    if (sessions.length === 0) return done;
    let stale = profileChanged;
    if (!stale) {
      const [queue] = await client.queues.list(`<pppoe-${c.usuarioPppoe}>`);
      stale = queue !== undefined && !sameSpeed(parseRouterSpeed(queue.maxLimit), plan);
    }
    if (!stale) return done;
    for (const s of sessions) {
      try {
        await write(() => client.pppActive.remove(s.id));
      } catch (err) {
        if (!(err instanceof RouterOsTrapError && err.isNoSuchItem)) throw err;
      }
    }
    done.push('sesión PPPoE desconectada para aplicar la velocidad del plan');
    return done;
  }

  private async passwordOf(c: ContractNetworkRow): Promise<string> {
    if (c.passwordPppoeEnc) return this.deps.secrets.open(c.passwordPppoeEnc);
    const password = randomBytes(9).toString('base64url');
    await this.deps.storePassword(c.id, this.deps.secrets.seal(password));
    return password;
  }

  private async removeSecret(client: RouterOsClient, user: string): Promise<string[]> {
    const done: string[] = [];
    for (const s of await client.pppActive.list(user)) {
      try {
        await write(() => client.pppActive.remove(s.id));
      } catch (err) {
        if (!(err instanceof RouterOsTrapError && err.isNoSuchItem)) throw err;
      }
    }
    for (const secret of await client.pppSecrets.list(user)) {
      await write(() => client.pppSecrets.remove(secret.id));
      done.push(`usuario PPPoE ${user} quitado del router`);
    }
    return done;
  }

  private async applyQueue(client: RouterOsClient, c: ContractNetworkRow, plan: Plan): Promise<string[]> {
    const name = queueNameOf(c);
    const limits = queueLimitsOf(plan);
    const target = queueTargetOf(c.ipCliente);
    let [queue] = await client.queues.list(name);
    const done: string[] = [];
    if (!queue && c.no > 0) {
      // Authorized since it was queued: its queue still carries the name of before.
      [queue] = await client.queues.list(queueNameOf({ id: c.id, no: 0 }));
    }
    if (!queue) {
      await write(() => client.queues.add({ name, target, ...limits, comment: c.comentario }));
      done.push(`cola ${name} creada (${limits.maxLimit})`);
      return done;
    }
    const fields: SimpleQueueFields = {};
    if (queue.name !== name) fields.name = name;
    if (queue.target.replace(/\/32$/, '') !== c.ipCliente) fields.target = target;
    if (!queueLimitsMatch(queue, plan)) Object.assign(fields, limits);
    if (queue.comment !== c.comentario) fields.comment = c.comentario;
    if (Object.keys(fields).length === 0) return done;
    await write(() => client.queues.set(queue.id, fields));
    done.push(
      fields.maxLimit ? `velocidad de la cola ${name} corregida (${limits.maxLimit})` : `cola ${name} actualizada`,
    );
    return done;
  }

  private async removeQueues(client: RouterOsClient, c: { id: number; no: number }): Promise<string[]> {
    const done: string[] = [];
    const names = new Set([queueNameOf(c), queueNameOf({ id: c.id, no: 0 })]);
    for (const name of names)
      for (const q of await client.queues.list(name)) {
        await write(() => client.queues.remove(q.id));
        done.push(`cola ${name} quitada del router`);
      }
    return done;
  }
}
