import { bucketStart, counterDelta } from '@airlink/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AirosClient } from '../../integrations/airos/client';
import { normalizeMac, type AirosStats } from '../../integrations/airos/mapping';
import { RouterOsClient } from '../../integrations/routeros/client';
import { IntegrationError } from '../../integrations/integration-error';
import { logRouterWords } from '../../integrations/routeros/errors';
import type { SecretBox } from '../../lib/secret-box';
import type {
  NetworkStatsRepository,
  PollFailure,
  RadioReading,
  RadioTarget,
  RouterReading,
  RouterTarget,
} from './network-stats.repository';

export interface PollerOptions {
  /** Radios and routers read at once. Default 32. */
  concurrency?: number;
  /** Deadline of one HTTP request to a radio. Default 8 s. */
  radioRequestTimeoutMs?: number;
  /** Deadline of a whole radio read (login + status). Default 20 s. */
  radioTimeoutMs?: number;
  /** Deadline of a whole router read. Default 15 s. */
  routerTimeoutMs?: number;
  /** Results kept before they are written (one batch). Default 500. */
  batchSize?: number;
}

export interface PollSummary {
  radios: number;
  radiosOk: number;
  routers: number;
  routersOk: number;
  ms: number;
}

export type RadioPollOutcome = { ok: true; reading: RadioReading } | { ok: false; reason: string };

class Deadline extends Error {}

/** The longest 'Sondear ahora' waits for a radio. */
const ON_DEMAND_TIMEOUT_MS = 10_000;

/** Rejects after `ms` unless `work` settles first (the work itself goes on; its result is ignored). */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Deadline()), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** A Spanish reason for any failure of a read (never a stack, never a password). */
function reasonOf(err: unknown, what: 'radio' | 'router', ms: number): string {
  if (err instanceof Deadline) return `El ${what} no terminó de responder en ${Math.round(ms / 1000)} s`;
  // A known failure of the radio or router (airOS and RouterOS errors share one base): its Spanish reason.
  if (err instanceof IntegrationError || err instanceof NoTarget) return err.message;
  return `Error inesperado al leer el ${what}`;
}

class NoTarget extends Error {}

/** Runs `work` over `items` with at most `limit` at a time. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
  signal?: AbortSignal,
) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length && !signal?.aborted) {
      const item = items[next++]!;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * Reads every radio (airOS) and every active router (RouterOS), a bounded number at a time, each within
 * its own deadline, and writes what it read in batches: samples, current values, last-seen, and the
 * Spanish reason of each failure. One bad target never stops the others, and nothing it answers crashes
 * the pass. Clients are kept between passes (radio sessions are reused) and replaced when a target's
 * address or credentials change.
 */
export class NetworkPoller {
  private readonly radios = new Map<number, { key: string; client: AirosClient }>();
  private readonly routerClients = new Map<number, { key: string; client: RouterOsClient }>();
  private readonly opts: Required<PollerOptions>;

  constructor(
    private readonly repo: NetworkStatsRepository,
    private readonly secrets: SecretBox,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
    opts: PollerOptions = {},
  ) {
    this.opts = {
      concurrency: opts.concurrency ?? 32,
      radioRequestTimeoutMs: opts.radioRequestTimeoutMs ?? 8_000,
      radioTimeoutMs: opts.radioTimeoutMs ?? 20_000,
      routerTimeoutMs: opts.routerTimeoutMs ?? 15_000,
      batchSize: opts.batchSize ?? 500,
    };
  }

  /** One pass over every radio and router. */
  async pollAll(signal?: AbortSignal): Promise<PollSummary> {
    const started = Date.now();
    const [radioTargets, routerTargets] = await Promise.all([this.repo.radioTargets(), this.repo.routerTargets()]);
    let radiosOk = 0;
    let routersOk = 0;
    const readings: RadioReading[] = [];
    const failures: PollFailure[] = [];
    const flush = async (force = false) => {
      if (readings.length && (force || readings.length >= this.opts.batchSize))
        await this.repo.saveRadioReadings(readings.splice(0));
      if (failures.length && (force || failures.length >= this.opts.batchSize))
        await this.repo.saveRadioFailures(failures.splice(0));
    };
    const routersDone = this.pollRouters(routerTargets, signal).then((n) => {
      routersOk = n;
    });
    await eachLimited(
      radioTargets,
      this.opts.concurrency,
      async (target) => {
        const outcome = await this.readRadio(target);
        if (outcome.ok) {
          radiosOk++;
          readings.push(outcome.reading);
        } else failures.push({ id: target.id, at: this.now(), reason: outcome.reason });
        await flush();
      },
      signal,
    );
    await flush(true);
    await routersDone;
    this.forgetMissing(radioTargets, routerTargets);
    return {
      radios: radioTargets.length,
      radiosOk,
      routers: routerTargets.length,
      routersOk,
      ms: Date.now() - started,
    };
  }

  /**
   * Reads one radio now and stores the outcome (POST /api/devices/{id}/poll), within 10 s at most so a
   * person waiting on 'Sondear ahora' gets an answer. Undefined: no such radio.
   */
  async pollRadio(deviceId: number): Promise<RadioPollOutcome | undefined> {
    const [target] = await this.repo.radioTargets(deviceId);
    if (!target) return undefined;
    const outcome = await this.readRadio(target, Math.min(this.opts.radioTimeoutMs, ON_DEMAND_TIMEOUT_MS));
    if (outcome.ok) await this.repo.saveRadioReadings([outcome.reading]);
    else await this.repo.saveRadioFailures([{ id: deviceId, at: this.now(), reason: outcome.reason }]);
    return outcome;
  }

  close(): void {
    for (const { client } of this.radios.values()) client.close();
    for (const { client } of this.routerClients.values()) client.close();
    this.radios.clear();
    this.routerClients.clear();
  }

  private async readRadio(target: RadioTarget, deadlineMs = this.opts.radioTimeoutMs): Promise<RadioPollOutcome> {
    try {
      const client = this.radioClient(target);
      const stats = await within(client.readStats(), deadlineMs);
      return { ok: true, reading: this.toReading(target, stats) };
    } catch (err) {
      if (!(err instanceof IntegrationError || err instanceof Deadline || err instanceof NoTarget))
        this.log.warn({ err, deviceId: target.id }, 'unexpected error reading a radio');
      return { ok: false, reason: reasonOf(err, 'radio', deadlineMs) };
    }
  }

  private toReading(target: RadioTarget, s: AirosStats): RadioReading {
    const at = this.now();
    const previous = (counter: number | null) =>
      counter === null || target.uptime === null ? null : { counter, uptime: target.uptime };
    const delta = (prev: number | null, current: number | null) =>
      current === null ? null : counterDelta(previous(prev), { counter: current, uptime: s.uptime });
    return {
      deviceId: target.id,
      at,
      minute: bucketStart(at, 'minute'),
      signal: s.signal,
      ccq: s.ccq,
      wlanRxRate: s.wlanRxRate,
      wlanTxRate: s.wlanTxRate,
      lanSpeed: s.lanSpeed,
      essid: s.essid,
      uptime: Math.trunc(s.uptime),
      lanRxCounter: s.lanRxBytes,
      lanTxCounter: s.lanTxBytes,
      lanRxDelta: delta(target.lanRxCounter, s.lanRxBytes),
      lanTxDelta: delta(target.lanTxCounter, s.lanTxBytes),
      hostname: s.hostname,
      model: s.model,
      firmware: s.firmwareVersion,
      macs: s.macs,
    };
  }

  /** The radio's client: its own URL (or https://{ipaddr}) and credentials, or its site's. */
  private radioClient(t: RadioTarget): AirosClient {
    const url = t.url || (t.ipaddr ? `https://${t.ipaddr}` : '');
    if (!url) throw new NoTarget('El radio no tiene dirección de administración (URL o IP)');
    const own = t.username !== '' || t.passwordEnc !== null;
    const username = own ? t.username : (t.siteUsername ?? '');
    const sealed = own ? t.passwordEnc : t.sitePasswordEnc;
    if (!username) throw new NoTarget('El radio no tiene usuario: configure el del radio o el de su site');
    const key = `${url}\n${username}\n${sealed ?? ''}`;
    const cached = this.radios.get(t.id);
    if (cached?.key === key) return cached.client;
    cached?.client.close();
    let password: string;
    try {
      password = sealed ? this.secrets.open(sealed) : '';
    } catch {
      throw new NoTarget('La contraseña guardada del radio no se puede abrir (¿cambió APP_SECRET?)');
    }
    // Radios make their own certificates: a self-signed one is accepted for the radio's own address.
    const client = new AirosClient({
      url,
      username,
      password,
      insecureTls: true,
      timeoutMs: this.opts.radioRequestTimeoutMs,
    });
    this.radios.set(t.id, { key, client });
    return client;
  }

  private routerClient(t: RouterTarget): RouterOsClient {
    const key = `${t.host}\n${t.port}\n${t.tls}\n${t.username}\n${t.passwordEnc ?? ''}`;
    const cached = this.routerClients.get(t.id);
    if (cached?.key === key) return cached.client;
    cached?.client.close();
    let password: string;
    try {
      password = t.passwordEnc ? this.secrets.open(t.passwordEnc) : '';
    } catch {
      throw new NoTarget('La contraseña guardada del router no se puede abrir (¿cambió APP_SECRET?)');
    }
    const client = new RouterOsClient({
      host: t.host,
      port: t.port,
      tls: t.tls ? { allowSelfSigned: true } : false,
      username: t.username,
      password,
      connectTimeoutMs: Math.min(5_000, this.opts.routerTimeoutMs),
      commandTimeoutMs: Math.min(8_000, this.opts.routerTimeoutMs),
      maxConnections: 1,
      idleCloseMs: 120_000,
    });
    this.routerClients.set(t.id, { key, client });
    return client;
  }

  private async pollRouters(targets: readonly RouterTarget[], signal?: AbortSignal): Promise<number> {
    const readings: RouterReading[] = [];
    const failures: PollFailure[] = [];
    await eachLimited(
      targets,
      Math.min(8, this.opts.concurrency),
      async (t) => {
        try {
          const client = this.routerClient(t);
          const read = async () => {
            const iface = t.trafficInterface.trim();
            const [traffic, active] = await Promise.all([
              iface ? client.interfaces.traffic(iface) : Promise.resolve(null),
              client.pppActive.list(),
            ]);
            return { traffic, active };
          };
          const { traffic, active } = await within(read(), this.opts.routerTimeoutMs);
          const at = this.now();
          const pppoe = active.filter((a) => a.service === '' || a.service === 'pppoe');
          readings.push({
            routerId: t.id,
            at,
            minute: bucketStart(at, 'minute'),
            interfaceName: traffic ? traffic.name : null,
            rxBitsPerSecond: traffic ? traffic.rxBitsPerSecond : null,
            txBitsPerSecond: traffic ? traffic.txBitsPerSecond : null,
            pppoeSessions: pppoe.length,
            pppoeClients: pppoe.map((a) => ({
              name: a.name,
              address: a.address,
              callerId: normalizeMac(a.callerId) ?? a.callerId,
              uptime: a.uptime,
              service: a.service,
            })),
          });
        } catch (err) {
          if (!(err instanceof IntegrationError || err instanceof Deadline || err instanceof NoTarget))
            this.log.warn({ err, routerId: t.id }, 'unexpected error reading a router');
          logRouterWords(this.log, err, { routerId: t.id });
          failures.push({ id: t.id, at: this.now(), reason: reasonOf(err, 'router', this.opts.routerTimeoutMs) });
        }
      },
      signal,
    );
    await this.repo.saveRouterReadings(readings);
    await this.repo.saveRouterFailures(failures);
    return readings.length;
  }

  /** Drops clients of radios and routers that are no longer polled (deleted, deactivated). */
  private forgetMissing(radios: readonly RadioTarget[], routerList: readonly RouterTarget[]) {
    const radioIds = new Set(radios.map((r) => r.id));
    for (const [id, { client }] of this.radios)
      if (!radioIds.has(id)) {
        client.close();
        this.radios.delete(id);
      }
    const routerIds = new Set(routerList.map((r) => r.id));
    for (const [id, { client }] of this.routerClients)
      if (!routerIds.has(id)) {
        client.close();
        this.routerClients.delete(id);
      }
  }
}
