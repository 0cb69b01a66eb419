import { describe, expect, it } from 'vitest';
import { businessTzOf, isKnownTimeZone } from './client-config';
import { clientConfigSchema } from './client-config-schema';

describe('client config (GET /api/config)', () => {
  it('carries the business time zone, locale and currency', () => {
    const cfg = { businessTz: 'America/Mexico_City', locale: 'es-MX', currency: 'MXN' };
    expect(clientConfigSchema.parse(cfg)).toEqual(cfg);
    expect(clientConfigSchema.safeParse({ ...cfg, businessTz: '' }).success).toBe(false);
    expect(clientConfigSchema.safeParse({ locale: 'es-MX', currency: 'MXN' }).success).toBe(false);
  });
  it('knows IANA time zones and refuses made-up ones', () => {
    expect(isKnownTimeZone('America/Mexico_City')).toBe(true);
    expect(isKnownTimeZone('America/Tijuana')).toBe(true);
    expect(isKnownTimeZone('Mexico/Pachuca')).toBe(false);
  });
  it('the zone the web reads before it renders: a known businessTz, else null', () => {
    expect(businessTzOf({ businessTz: 'America/Mexico_City', locale: 'es-MX', currency: 'MXN' })).toBe(
      'America/Mexico_City',
    );
    expect(businessTzOf({ businessTz: 'Mexico/Pachuca' })).toBeNull();
    expect(businessTzOf({ businessTz: '' })).toBeNull();
    expect(businessTzOf({ businessTz: 5 })).toBeNull();
    expect(businessTzOf('<html>')).toBeNull();
    expect(businessTzOf(null)).toBeNull();
  });
});
