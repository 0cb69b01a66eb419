import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  businessDate,
  businessTz,
  formatDate,
  formatDateTime,
  formatTime,
  loadBusinessTimeZone,
  setBusinessTz,
} from './business-time';

const answer = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('business time zone from GET /api/config', () => {
  afterEach(() => setBusinessTz('America/Mexico_City'));

  it('loads BUSINESS_TZ once and every date helper uses it', async () => {
    const fetchImpl = answer({ businessTz: 'Asia/Tokyo', locale: 'es-MX', currency: 'MXN' });
    await expect(loadBusinessTimeZone(fetchImpl)).resolves.toBe('Asia/Tokyo');
    expect(fetchImpl).toHaveBeenCalledWith('/api/config', expect.anything());
    expect(businessTz()).toBe('Asia/Tokyo');
    // 20:30 UTC on 24 Nov is 05:30 on 25 Nov in Tokyo, and 14:30 on 24 Nov in Mexico City.
    const at = new Date('2026-11-24T20:30:00Z');
    expect([businessDate(at), formatDate(at), formatTime(at), formatDateTime(at)]).toEqual([
      '2026-11-25',
      '25/11/2026',
      '05:30',
      '25/11/2026 05:30',
    ]);
    setBusinessTz('America/Mexico_City');
    expect([businessDate(at), formatTime(at)]).toEqual(['2026-11-24', '14:30']);
  });

  it('a calendar date is shown as it is, whatever the zone', () => {
    setBusinessTz('Pacific/Kiritimati');
    expect(formatDate('2026-11-24')).toBe('24/11/2026');
  });

  it('says in Spanish when the server cannot be read or answers something else', async () => {
    await expect(loadBusinessTimeZone(answer({ error: 'internal' }, 500))).rejects.toThrow(
      'No se pudo leer la configuración del servidor',
    );
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(loadBusinessTimeZone(offline)).rejects.toThrow('No se pudo leer la configuración del servidor');
    await expect(loadBusinessTimeZone(answer({ tz: 'x' }))).rejects.toThrow('formato inesperado');
  });
});
