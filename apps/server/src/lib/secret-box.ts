import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals the secrets AirLink keeps for other systems (router, site and radio passwords, WhatsApp instance
 * keys) with AES-256-GCM under a key derived from APP_SECRET. A sealed value reads
 * `$sb1$<key id>$<iv>$<ciphertext>$<tag>` (base64url parts): the key id says which APP_SECRET sealed it, so
 * after a change of secret the old one (APP_SECRET_PREVIOUS) still opens it until `npm run secrets:rotate`
 * reseals everything with the new key. Sealed values never leave the server (see `containsSealedValue`).
 */
export const SEALED_PREFIX = '$sb1$';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Associated data: a sealed value of another application or format version never opens here. */
const AAD = Buffer.from('airlink/secret-box/v1');

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

interface Key {
  id: string;
  bytes: Buffer;
}

function deriveKey(appSecret: string): Key {
  const bytes = Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(appSecret, 'utf8'),
      Buffer.from('airlink'),
      Buffer.from('airlink/secret-box/v1'),
      32,
    ),
  );
  // The id names the key without revealing it: 8 hex digits of a hash of the derived key.
  const id = createHash('sha256').update('airlink/secret-box/key-id').update(bytes).digest('hex').slice(0, 8);
  return { id, bytes };
}

export class SecretBox {
  private readonly current: Key;
  private readonly keys = new Map<string, Key>();

  /** `appSecret` seals; it and every previous secret open. */
  constructor(appSecret: string, previousSecrets: readonly string[] = []) {
    this.current = deriveKey(appSecret);
    for (const k of [this.current, ...previousSecrets.map(deriveKey)]) if (!this.keys.has(k.id)) this.keys.set(k.id, k);
  }

  /** The id of the key that seals now. */
  get keyId(): string {
    return this.current.id;
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.bytes, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(AAD);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      SEALED_PREFIX + this.current.id,
      iv.toString('base64url'),
      body.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
    ].join('$');
  }

  /** The plain value; SecretBoxError when it is not a sealed value, its key is unknown, or it was altered. */
  open(sealed: string): string {
    const parts = parse(sealed);
    const key = this.keys.get(parts.keyId);
    if (!key)
      throw new SecretBoxError(
        `La clave ${parts.keyId} que selló este valor ya no está configurada (APP_SECRET_PREVIOUS).`,
      );
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.bytes, parts.iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(AAD);
      decipher.setAuthTag(parts.tag);
      return Buffer.concat([decipher.update(parts.body), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('El valor sellado fue alterado o no corresponde a esta clave.');
    }
  }

  /** True when the value was sealed with another key than the current one (rotation reseals it). */
  needsReseal(sealed: string): boolean {
    return parse(sealed).keyId !== this.current.id;
  }

  /** Opens with whichever key sealed it and seals again with the current key. */
  reseal(sealed: string): string {
    return this.seal(this.open(sealed));
  }
}

function parse(sealed: string): { keyId: string; iv: Buffer; body: Buffer; tag: Buffer } {
  if (!isSealed(sealed)) throw new SecretBoxError('El valor no está sellado.');
  const [keyId, iv, body, tag] = sealed.slice(SEALED_PREFIX.length).split('$');
  if (!keyId || !iv || body === undefined || !tag) throw new SecretBoxError('El valor sellado está incompleto.');
  const ivBytes = Buffer.from(iv, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES)
    throw new SecretBoxError('El valor sellado está incompleto.');
  return { keyId, iv: ivBytes, body: Buffer.from(body, 'base64url'), tag: tagBytes };
}

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(SEALED_PREFIX);
}

/** True when a serialized answer carries a sealed value (the server refuses to send it). */
export function containsSealedValue(payload: string): boolean {
  return payload.includes(SEALED_PREFIX);
}
