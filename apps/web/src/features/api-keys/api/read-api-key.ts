import { apiKeySchema, type ApiKey, type ApiKeyWithSecret, z } from '@airlink/domain';

const apiKeysSchema = z.array(apiKeySchema);

/** Regenerate (or create) answered without the key: docs/business-rules.md "API keys". */
export const NO_KEY_MESSAGE = 'Error: No se pudo obtener la API Key';

/** Thrown when a create or regenerate answer carries no key (the page shows it as an alert and a toast). */
export class MissingKeyError extends Error {
  constructor() {
    super(NO_KEY_MESSAGE);
    this.name = 'MissingKeyError';
  }
}

export function readApiKeys(data: unknown): ApiKey[] {
  const parsed = apiKeysSchema.safeParse(data);
  if (!parsed.success) throw new Error('La lista de API Keys llegó en un formato inesperado.');
  return parsed.data;
}

export function readApiKey(data: unknown): ApiKey {
  const parsed = apiKeySchema.safeParse(data);
  if (!parsed.success) throw new Error('El servidor respondió con una API Key en un formato inesperado.');
  return parsed.data;
}

/** A create or regenerate answer: the key record plus the key, read from `key` or `Key` (docs/api-contract.md "API keys"). */
export function readApiKeyWithSecret(data: unknown): ApiKeyWithSecret {
  const record = readApiKey(data);
  const body = data as { key?: unknown; Key?: unknown };
  const key = typeof body.key === 'string' ? body.key : typeof body.Key === 'string' ? body.Key : '';
  if (!key) throw new MissingKeyError();
  return { ...record, key };
}
