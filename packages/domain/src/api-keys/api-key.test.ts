import { describe, expect, it } from 'vitest';
import {
  API_KEY_DESCRIPTION_MAX,
  EXPIRY_REQUIRED_MESSAGE,
  apiKeyCreateSchema,
  apiKeyStatus,
  apiKeyUpdateSchema,
  isApiKeyExpired,
  looksLikeApiKey,
  maskApiKey,
} from './api-key';

const issues = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('API key form (docs/business-rules.md "API keys")', () => {
  it('the name is required and trimmed; the profile defaults to readonly; never expires by default', () => {
    expect(issues(apiKeyCreateSchema.safeParse({ name: '   ' }))).toEqual([['name', 'El nombre es obligatorio']]);
    expect(issues(apiKeyCreateSchema.safeParse({}))).toEqual([['name', 'El nombre es obligatorio']]);
    expect(apiKeyCreateSchema.parse({ name: '  Integración  ' })).toEqual({
      name: 'Integración',
      profile: 'readonly',
      neverExpires: true,
    });
  });

  it('an expiry date-time is asked for when the key expires; it may carry seconds', () => {
    expect(issues(apiKeyCreateSchema.safeParse({ name: 'a', neverExpires: false }))).toEqual([
      ['expiresAt', EXPIRY_REQUIRED_MESSAGE],
    ]);
    expect(issues(apiKeyCreateSchema.safeParse({ name: 'a', neverExpires: false, expiresAt: null }))).toEqual([
      ['expiresAt', EXPIRY_REQUIRED_MESSAGE],
    ]);
    expect(
      apiKeyCreateSchema.parse({ name: 'a', neverExpires: false, expiresAt: '2027-01-31T23:59:59' }).expiresAt,
    ).toBe('2027-01-31T23:59:59');
    expect(issues(apiKeyCreateSchema.safeParse({ name: 'a', neverExpires: false, expiresAt: 'mañana' }))).toEqual([
      ['expiresAt', 'La fecha de expiración no es válida'],
    ]);
  });

  it('profiles are the four of the spec; descriptions have a limit; text is strict', () => {
    expect(issues(apiKeyCreateSchema.safeParse({ name: 'a', profile: 'root' }))[0]?.[0]).toBe('profile');
    const long = 'x'.repeat(API_KEY_DESCRIPTION_MAX + 1);
    expect(issues(apiKeyCreateSchema.safeParse({ name: 'a', description: long }))).toEqual([
      ['description', 'La descripción admite como máximo 500 caracteres'],
    ]);
    expect(apiKeyCreateSchema.safeParse({ name: 'a', description: 'x'.repeat(500) }).success).toBe(true);
    expect(apiKeyCreateSchema.safeParse({ name: 'a\u0000b' }).success).toBe(false);
    expect(apiKeyCreateSchema.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
  });

  it('an update needs a change, and an expiry when it turns expiry on', () => {
    expect(issues(apiKeyUpdateSchema.safeParse({}))).toEqual([['', 'No hay cambios que guardar']]);
    expect(issues(apiKeyUpdateSchema.safeParse({ neverExpires: false }))).toEqual([
      ['expiresAt', EXPIRY_REQUIRED_MESSAGE],
    ]);
    expect(apiKeyUpdateSchema.parse({ isActive: false })).toEqual({ isActive: false });
  });
});

describe('API key state', () => {
  const now = new Date('2026-11-24T18:00:00Z');
  it('expired when its expiry has come, to the second; never when it never expires', () => {
    expect(isApiKeyExpired({ neverExpires: false, expiresAt: '2026-11-24T17:59:59Z' }, now)).toBe(true);
    expect(isApiKeyExpired({ neverExpires: false, expiresAt: '2026-11-24T18:00:00Z' }, now)).toBe(true);
    expect(isApiKeyExpired({ neverExpires: false, expiresAt: '2026-11-24T18:00:01Z' }, now)).toBe(false);
    expect(isApiKeyExpired({ neverExpires: true, expiresAt: '2020-01-01T00:00:00Z' }, now)).toBe(false);
    expect(isApiKeyExpired({ neverExpires: false, expiresAt: null }, now)).toBe(false);
  });

  it('chip: Inactiva (red) wins over Expirada (orange), else Activa (green)', () => {
    expect(apiKeyStatus({ isActive: false, isExpired: true })).toEqual({ label: 'Inactiva', color: 'error' });
    expect(apiKeyStatus({ isActive: true, isExpired: true })).toEqual({ label: 'Expirada', color: 'warning' });
    expect(apiKeyStatus({ isActive: true, isExpired: false })).toEqual({ label: 'Activa', color: 'success' });
  });

  it('key shape and mask', () => {
    const key = `alk_${'A'.repeat(43)}`;
    expect(looksLikeApiKey(key)).toBe(true);
    expect(looksLikeApiKey(`  ${key}\n`)).toBe(true);
    expect(looksLikeApiKey(key.slice(0, -1))).toBe(false);
    expect(looksLikeApiKey('eyJhbGciOi.x.y')).toBe(false);
    expect(maskApiKey('alk_AbCdEf')).toBe(`alk_AbCdEf${'•'.repeat(24)}`);
  });
});
