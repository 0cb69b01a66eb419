import { describe, expect, it } from 'vitest';
import { businessDate, formatDate, formatDateTime, formatMoney, formatTime } from './index';

describe('es-MX formatting in the business time zone', () => {
  it('formats money in pesos', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('300')).toBe('$300.00');
    expect(formatMoney(null)).toBe('—');
  });
  it('uses America/Mexico_City, not UTC', () => {
    // 02:30 UTC on the 22nd is still the 21st, 20:30, in Mexico City (UTC-6).
    const instant = '2026-11-22T02:30:00Z';
    expect(formatDate(instant)).toBe('21/11/2026');
    expect(formatTime(instant)).toBe('20:30');
    expect(formatDateTime(instant)).toBe('21/11/2026 20:30');
    expect(businessDate(instant)).toBe('2026-11-21');
  });
  it('says so for an invalid date', () => {
    expect(formatDate('not a date')).toBe('Fecha inválida');
    // A calendar date is not midnight UTC (which is the evening before in Mexico City).
    expect(formatDate('2026-11-21')).toBe('21/11/2026');
    expect(formatDate('2026-11-21', 'Pacific/Kiritimati')).toBe('21/11/2026');
    expect(() => businessDate('nope')).toThrow();
  });
});
