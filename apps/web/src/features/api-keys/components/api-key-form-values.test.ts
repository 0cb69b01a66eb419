import { describe, expect, it } from 'vitest';
import type { ApiKey } from '@airlink/domain';
import { createPayloadOf, formValuesOf, formatKeyDate, updatePayloadOf, wallTimeOf } from './api-key-form-values';

const TZ = 'America/Mexico_City';
const KEY: ApiKey = {
  id: 3,
  name: 'Contabilidad',
  profile: 'financial',
  description: null,
  keyPrefix: 'alk_AbCdEf',
  neverExpires: false,
  expiresAt: '2026-12-31T23:59:59.000Z',
  createdAt: '2026-11-24T18:00:00.000Z',
  lastUsed: null,
  isActive: true,
  isExpired: false,
};

describe('API key form values', () => {
  it('a new key: readonly, never expires, empty texts', () => {
    expect(formValuesOf(null, TZ)).toEqual({
      name: '',
      profile: 'readonly',
      description: '',
      neverExpires: true,
      expiresAt: '',
      isActive: true,
    });
  });

  it('an existing key: its expiry as business wall time to the second', () => {
    expect(wallTimeOf('2026-12-31T23:59:59.000Z', TZ)).toBe('2026-12-31T17:59:59');
    expect(formValuesOf(KEY, TZ)).toMatchObject({ profile: 'financial', expiresAt: '2026-12-31T17:59:59' });
  });

  it('payload: expiresAt null when it never expires; empty description is none', () => {
    const values = { ...formValuesOf(KEY, TZ), description: '  ' };
    expect(createPayloadOf(values)).toEqual({
      name: 'Contabilidad',
      profile: 'financial',
      description: null,
      neverExpires: false,
      expiresAt: '2026-12-31T17:59:59',
    });
    expect(createPayloadOf({ ...values, neverExpires: true }).expiresAt).toBeNull();
    expect(createPayloadOf({ ...values, expiresAt: '2026-12-31T17:59:59.000' }).expiresAt).toBe('2026-12-31T17:59:59');
    expect(createPayloadOf({ ...values, expiresAt: '' }).expiresAt).toBeNull();
    expect(updatePayloadOf({ ...values, isActive: false }).isActive).toBe(false);
  });

  it('dates in es-ES in the business zone, seconds only when present', () => {
    expect(formatKeyDate('2026-11-24T18:00:00.000Z', TZ)).toBe('24 nov 2026, 12:00');
    expect(formatKeyDate('2026-12-31T23:59:59.000Z', TZ, true)).toBe('31 dic 2026, 17:59:59');
    expect(formatKeyDate('2026-12-31T23:59:59.000Z', TZ)).toBe('31 dic 2026, 17:59');
    expect(formatKeyDate('nada', TZ)).toBe('Fecha inválida');
  });
});
