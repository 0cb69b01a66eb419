import { describe, expect, it } from 'vitest';
import { SEALED_PREFIX, SecretBox, SecretBoxError, containsSealedValue, isSealed } from './secret-box';

const OLD = 'old-secret-0123456789-abcdefghijklmnopqrstuv';
const NEW = 'new-secret-9876543210-zyxwvutsrqponmlkjihgfe';

describe('SecretBox', () => {
  it('seals with AES-256-GCM: a random IV each time, the key id in the value, the plain text nowhere', () => {
    const box = new SecretBox(NEW);
    const a = box.seal('RouterOS-Pass!');
    const b = box.seal('RouterOS-Pass!');
    expect(a).not.toBe(b);
    expect(a.startsWith(`${SEALED_PREFIX}${box.keyId}$`)).toBe(true);
    expect(a).not.toContain('RouterOS');
    expect(box.open(a)).toBe('RouterOS-Pass!');
    expect(box.open(box.seal(''))).toBe('');
    expect(box.open(box.seal('contraseña ñ 🔑'))).toBe('contraseña ñ 🔑');
  });

  it('derives the same key from the same secret and another from another secret', () => {
    expect(new SecretBox(NEW).keyId).toBe(new SecretBox(NEW).keyId);
    expect(new SecretBox(NEW).keyId).not.toBe(new SecretBox(OLD).keyId);
    expect(new SecretBox(NEW).keyId).toMatch(/^[0-9a-f]{8}$/);
  });

  it('refuses a value that was altered, truncated or is not sealed', () => {
    const box = new SecretBox(NEW);
    const sealed = box.seal('clave');
    const parts = sealed.split('$');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => box.open(parts.join('$'))).toThrow(SecretBoxError);
    expect(() => box.open(sealed.slice(0, -4))).toThrow(SecretBoxError);
    expect(() => box.open('clave')).toThrow(SecretBoxError);
  });

  it('after a change of secret opens old values only with the previous secret configured, and reseals them', () => {
    const sealedOld = new SecretBox(OLD).seal('pppoe-secret');
    expect(() => new SecretBox(NEW).open(sealedOld)).toThrow(/APP_SECRET_PREVIOUS/);
    const rotating = new SecretBox(NEW, [OLD]);
    expect(rotating.open(sealedOld)).toBe('pppoe-secret');
    expect(rotating.needsReseal(sealedOld)).toBe(true);
    const resealed = rotating.reseal(sealedOld);
    expect(rotating.needsReseal(resealed)).toBe(false);
    expect(new SecretBox(NEW).open(resealed)).toBe('pppoe-secret');
  });

  it('tells sealed values apart, also inside a serialized answer', () => {
    const sealed = new SecretBox(NEW).seal('x');
    expect(isSealed(sealed)).toBe(true);
    expect(isSealed('x')).toBe(false);
    expect(isSealed(null)).toBe(false);
    expect(containsSealedValue(JSON.stringify({ password: sealed }))).toBe(true);
    expect(containsSealedValue(JSON.stringify({ password: null, hasPassword: true }))).toBe(false);
  });
});
