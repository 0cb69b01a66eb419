import { describe, expect, it } from 'vitest';
import { businessDate, businessTime, formatDate, formatDateTime, formatMoney, formatNumber, formatTime } from './index';

describe('es-MX formatting in the business time zone', () => {
  it('formats money in pesos', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('300')).toBe('$300.00');
    expect(formatMoney(null)).toBe('—');
    // Remembered amounts stay right, past the memory too, and -0 keeps its sign as Intl writes it.
    for (let i = 0; i < 2_500; i++)
      expect(formatMoney(i + 0.5)).toBe(`$${(i + 0.5).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-0)).toBe(new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(-0));
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
  it('gives each instant its own date while remembering the last minute per time zone', () => {
    // [instant, time zone, date]: in order, so that each answer may come from the remembered minute.
    const table: Array<[string, string, string]> = [
      ['2026-11-22T05:59:00.000Z', 'America/Mexico_City', '2026-11-21'],
      ['2026-11-22T05:59:59.999Z', 'America/Mexico_City', '2026-11-21'],
      ['2026-11-22T06:00:00.000Z', 'America/Mexico_City', '2026-11-22'],
      ['2026-11-22T05:59:30.000Z', 'America/Mexico_City', '2026-11-21'],
      ['2026-11-22T05:59:30.000Z', 'UTC', '2026-11-22'],
      ['2026-11-22T05:59:40.000Z', 'America/Mexico_City', '2026-11-21'],
      ['2026-11-22T05:59:40.000Z', 'Asia/Kolkata', '2026-11-22'],
      ['2026-11-21T18:29:59.000Z', 'Asia/Kolkata', '2026-11-21'],
      ['2026-11-21T18:30:00.000Z', 'Asia/Kolkata', '2026-11-22'],
      // Before 1922 Mexico City kept local mean time (UTC-6:36:36): midnight fell inside a minute.
      ['1921-06-01T06:36:35.000Z', 'America/Mexico_City', '1921-05-31'],
      ['1921-06-01T06:36:37.000Z', 'America/Mexico_City', '1921-06-01'],
      ['1921-06-01T06:36:35.000Z', 'America/Mexico_City', '1921-05-31'],
    ];
    for (const [instant, tz, date] of table) expect(businessDate(new Date(instant), tz), `${instant} ${tz}`).toBe(date);
  });
});

describe('businessTime', () => {
  it('is HH:MM in the business time zone, 00 at midnight (never 24)', () => {
    expect(businessTime(new Date('2026-10-20T06:00:00Z'), 'America/Mexico_City')).toBe('00:00');
    expect(businessTime(new Date('2026-10-20T15:05:00Z'), 'America/Mexico_City')).toBe('09:05');
    expect(businessTime(new Date('2026-10-21T01:59:00Z'), 'America/Mexico_City')).toBe('19:59');
  });
});

describe('formatNumber: one number format (es-MX) everywhere', () => {
  it('groups thousands with commas and rounds to the decimals asked for', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(1234.567, 2)).toBe('1,234.57');
    expect(formatNumber(0.5, 1)).toBe('0.5');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(-2500)).toBe('-2,500');
    expect(formatNumber(null)).toBe('—');
    expect(formatNumber(Number.NaN)).toBe('—');
  });
});
