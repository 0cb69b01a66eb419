import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_MARK,
  apiKeyLevel,
  API_KEY_PREFIX_LENGTH,
  API_KEY_RANDOM_BYTES,
  EXPIRY_IN_PAST_MESSAGE,
  isApiKeyExpired,
  looksLikeApiKey,
  toInstant,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyProfile,
  type ApiKeyUpdate,
  type ApiKeyWithSecret,
} from '@airlink/domain';
import { fullName } from '../../db/user-name';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.service';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository';

/** `last_used` moves at most once per key and interval, so a busy key does not cost a write per request. */
export const LAST_USED_INTERVAL_MS = 60_000;
const NOT_FOUND = 'La API Key no existe.';

/** SHA-256 of a key: keys are 32 random bytes, so a fast hash is enough (docs/decisions.md "API keys"). */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

function newKey(): { key: string; keyHash: string; keyPrefix: string } {
  const key = API_KEY_MARK + randomBytes(API_KEY_RANDOM_BYTES).toString('base64url');
  return { key, keyHash: hashApiKey(key), keyPrefix: key.slice(0, API_KEY_PREFIX_LENGTH) };
}

function toApiKey(r: ApiKeyRow, now: Date): ApiKey {
  return {
    id: r.id,
    name: r.name,
    profile: r.profile as ApiKeyProfile,
    description: r.description,
    keyPrefix: r.keyPrefix,
    neverExpires: r.neverExpires,
    expiresAt: r.neverExpires || !r.expiresAt ? null : r.expiresAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    lastUsed: r.lastUsed ? r.lastUsed.toISOString() : null,
    isActive: r.isActive,
    isExpired: isApiKeyExpired(r, now),
  };
}

/** What the audit trail keeps of a key: never its hash. */
const audited = (r: ApiKeyRow) => ({
  name: r.name,
  profile: r.profile,
  description: r.description,
  keyPrefix: r.keyPrefix,
  neverExpires: r.neverExpires,
  expiresAt: r.expiresAt,
  isActive: r.isActive,
});

const nameTaken = (name: string) =>
  conflict('api_key_name_taken', `Ya existe una API Key con el nombre "${name}".`, {
    name: ['Ya existe una API Key con este nombre'],
  });

/** API keys: issue, edit, regenerate, delete (level 20), and turn a presented key into its principal. */
export class ApiKeysService {
  /** Keys whose `last_used` this instance moved, and when (saves even the conditional UPDATE). */
  private readonly touched = new Map<number, number>();

  constructor(
    private readonly repo: ApiKeysRepository,
    private readonly audit: AuditService,
    private readonly opts: { businessTz: string; now?: () => Date },
  ) {}

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  async list(): Promise<ApiKey[]> {
    const now = this.now();
    return (await this.repo.list()).map((r) => toApiKey(r, now));
  }

  /** The instant of a requested expiry; one that has already come is refused. */
  private futureExpiry(text: string, now: Date): Date {
    const at = toInstant(text, this.opts.businessTz);
    if (at.getTime() <= now.getTime())
      throw badRequest(EXPIRY_IN_PAST_MESSAGE, { expiresAt: [EXPIRY_IN_PAST_MESSAGE] });
    return at;
  }

  async create(actor: AuthUser, input: ApiKeyCreate): Promise<ApiKeyWithSecret> {
    const now = this.now();
    const neverExpires = input.neverExpires;
    const expiresAt = neverExpires || !input.expiresAt ? null : this.futureExpiry(input.expiresAt, now);
    if (await this.repo.nameTaken(input.name)) throw nameTaken(input.name);
    const secret = newKey();
    try {
      const row = await this.repo.transaction(async (tx) => {
        const created = await this.repo.insert(
          {
            name: input.name,
            profile: input.profile,
            description: input.description || null,
            neverExpires,
            expiresAt,
            keyHash: secret.keyHash,
            keyPrefix: secret.keyPrefix,
            createdBy: actor.id,
          },
          tx,
        );
        await this.audit.record(
          { actor, action: 'create', entity: 'api_key', entityId: created.id, after: audited(created) },
          tx,
        );
        return created;
      });
      return { ...toApiKey(row, now), key: secret.key };
    } catch (err) {
      // Two admins naming a key alike at once: the unique index decides, the loser gets the same 409.
      if (isUniqueViolation(err)) throw nameTaken(input.name);
      throw err;
    }
  }

  async update(actor: AuthUser, id: number, input: ApiKeyUpdate): Promise<ApiKey> {
    const now = this.now();
    try {
      const row = await this.repo.transaction(async (tx) => {
        const before = await this.repo.findById(id, tx);
        if (!before) throw notFound(NOT_FOUND);
        if (input.name !== undefined && input.name.toLowerCase() !== before.name.toLowerCase()) {
          if (await this.repo.nameTaken(input.name, id, tx)) throw nameTaken(input.name);
        }
        const neverExpires = input.neverExpires ?? before.neverExpires;
        let expiresAt: Date | null = neverExpires ? null : before.expiresAt;
        if (!neverExpires && input.expiresAt) {
          const requested = toInstant(input.expiresAt, this.opts.businessTz);
          // Saving an already expired key's form unchanged is allowed; a new expiry must be in the future.
          expiresAt =
            before.expiresAt && requested.getTime() === before.expiresAt.getTime()
              ? before.expiresAt
              : this.futureExpiry(input.expiresAt, now);
        }
        const after = await this.repo.update(
          id,
          {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.profile !== undefined ? { profile: input.profile } : {}),
            ...(input.description !== undefined ? { description: input.description || null } : {}),
            ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
            neverExpires,
            expiresAt,
          },
          tx,
        );
        if (!after) throw notFound(NOT_FOUND);
        await this.audit.record(
          {
            actor,
            action: 'update',
            entity: 'api_key',
            entityId: id,
            before: audited(before),
            after: audited(after),
          },
          tx,
        );
        return after;
      });
      return toApiKey(row, now);
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken(input.name ?? '');
      throw err;
    }
  }

  /** A new key for the same record: the old one stops working at once (its hash is gone). */
  async regenerate(actor: AuthUser, id: number): Promise<ApiKeyWithSecret> {
    const now = this.now();
    const secret = newKey();
    const row = await this.repo.transaction(async (tx) => {
      const before = await this.repo.findById(id, tx);
      if (!before) throw notFound(NOT_FOUND);
      const after = await this.repo.update(id, { keyHash: secret.keyHash, keyPrefix: secret.keyPrefix }, tx);
      if (!after) throw notFound(NOT_FOUND);
      await this.audit.record(
        {
          actor,
          action: 'regenerate',
          entity: 'api_key',
          entityId: id,
          before: { keyPrefix: before.keyPrefix },
          after: { keyPrefix: after.keyPrefix },
        },
        tx,
      );
      return after;
    });
    this.touched.delete(id);
    return { ...toApiKey(row, now), key: secret.key };
  }

  async remove(actor: AuthUser, id: number): Promise<void> {
    const now = this.now();
    await this.repo.transaction(async (tx) => {
      const before = await this.repo.findById(id, tx);
      if (!before || !(await this.repo.markDeleted(id, now, tx))) throw notFound(NOT_FOUND);
      await this.audit.record(
        { actor, action: 'delete', entity: 'api_key', entityId: id, before: audited(before) },
        tx,
      );
    });
    this.touched.delete(id);
  }

  /**
   * The principal of a presented key, or null when no live key has it: unknown or regenerated (its hash is
   * gone), deleted, inactive, expired, or its owner deactivated. It acts within its profile at the lower of
   * 20 and its owner's current level (read on every request), under its owner's id for the rows that need a user.
   */
  async authenticate(key: string): Promise<AuthUser | null> {
    if (!looksLikeApiKey(key)) return null;
    const found = await this.repo.findByHash(hashApiKey(key));
    const now = this.now();
    if (!found || !found.key.isActive || !found.owner.activo || isApiKeyExpired(found.key, now)) return null;
    const { key: row, owner } = found;
    await this.markUsed(row, now);
    return {
      id: owner.id,
      email: owner.email,
      userName: owner.userName,
      name: `API Key ${row.name} (${fullName(owner)})`,
      // The owner's current level (read with the key on every request) caps the key's.
      level: apiKeyLevel(owner.idPerfilUsuario),
      picture: null,
      sessionId: '',
      tokenExpiresAt: row.expiresAt ?? new Date(8.64e15),
      apiKey: { id: row.id, name: row.name, profile: row.profile as ApiKeyProfile, createdAt: row.createdAt },
    };
  }

  private async markUsed(row: ApiKeyRow, now: Date) {
    const since = now.getTime() - LAST_USED_INTERVAL_MS;
    if (row.lastUsed && row.lastUsed.getTime() >= since) return;
    const mine = this.touched.get(row.id);
    if (mine !== undefined && mine >= since) return;
    this.touched.set(row.id, now.getTime());
    await this.repo.touch(row.id, now, new Date(since));
  }
}
