import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { EvolutionClient } from '../../integrations/evolution/client';
import { EvolutionError } from '../../integrations/evolution/errors';
import { AppError, notFound } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import type { InstanceRow, WhatsAppRepository } from './whatsapp.repository';

export interface WhatsAppOptions {
  /** EVOLUTION_API_URL: overrides every instance's base URL. */
  evolutionUrl?: string;
  /** EVOLUTION_API_KEY: the global key, used for an instance without its own key. */
  evolutionKey?: string;
  /** Where Evolution reaches us: `${publicUrl}/api/whatsapp/webhook/{token}`. */
  publicUrl: string;
  timeoutMs?: number;
}

/** A webhook token as stored: its SHA-256 (a copy of the database cannot forge Evolution's calls). */
export const webhookTokenHash = (token: string) => createHash('sha256').update(token).digest();

/**
 * An Evolution failure as an API error: its Spanish text, 409 when the instance is not usable, else 502/400.
 * The text is always ours (a fixed sentence and the status): what Evolution said goes to the server log only.
 */
export function providerError(err: unknown, log: FastifyBaseLogger): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof EvolutionError) {
    const detail = (err as { detail?: unknown }).detail;
    if (detail) log.warn({ code: err.code, status: err.status, detail }, 'Evolution API answered an error');
    if (err.code === 'evolution_not_connected' || err.code === 'evolution_no_session')
      return new AppError(409, 'whatsapp_not_connected', err.message);
    if (err.code === 'evolution_number_not_on_whatsapp' || err.code === 'evolution_bad_request')
      return new AppError(400, 'whatsapp_provider', err.message);
    return new AppError(502, 'whatsapp_provider', err.message);
  }
  return new AppError(502, 'whatsapp_provider', 'No se pudo comunicar con Evolution API');
}

/**
 * What the three WhatsApp services share: a directory row by name or id, and the Evolution client of a row (its
 * base URL or EVOLUTION_API_URL, its key or the global one). Internal to the module (not a service: other
 * modules go through the services).
 */
export class EvolutionAccess {
  constructor(
    readonly repo: WhatsAppRepository,
    private readonly secrets: SecretBox,
    readonly log: FastifyBaseLogger,
    readonly opts: WhatsAppOptions,
  ) {}

  async byName(name: string): Promise<InstanceRow> {
    const row = await this.repo.instanceByName(name);
    if (!row) throw notFound(`No existe la instancia de WhatsApp ${name}`);
    return row;
  }

  async byId(id: number, missing = 'Conversación no encontrada'): Promise<InstanceRow> {
    const row = await this.repo.instanceById(id);
    if (!row) throw notFound(missing);
    return row;
  }

  /** The Evolution client of an instance; 409 `whatsapp_no_key` when it has no key nor address. */
  client(row: InstanceRow): EvolutionClient {
    const baseUrl = this.opts.evolutionUrl || row.baseUrl;
    const apiKey = row.apiKeyEnc ? this.secrets.open(row.apiKeyEnc) : this.opts.evolutionKey;
    if (!apiKey || !baseUrl)
      throw new AppError(
        409,
        'whatsapp_no_key',
        `La instancia ${row.instanceName} (${row.department}) no tiene API Key de Evolution configurada`,
      );
    return new EvolutionClient({ baseUrl, apiKey, timeoutMs: this.opts.timeoutMs ?? 10_000 });
  }

  /** Runs Evolution calls as the named instance; their failures become our errors (`providerError`). */
  async run<T>(instanceName: string, work: (evo: EvolutionClient, row: InstanceRow) => Promise<T>): Promise<T> {
    const row = await this.byName(instanceName);
    const evo = this.client(row);
    try {
      return await work(evo, row);
    } catch (err) {
      throw providerError(err, this.log);
    }
  }

  fail(err: unknown): AppError {
    return providerError(err, this.log);
  }
}
