import { describe, expect, it } from 'vitest';
import { bytesText, bytesToGb, byteUnitFor, parseStatsTsv, uptimeText } from './display-units';

describe('network display units', () => {
  it('shows bytes in GB with a 1024 base', () => {
    expect(bytesToGb(1024 ** 3)).toBe(1);
    expect(bytesToGb(512 * 1024 ** 2)).toBe(0.5);
  });

  it("writes every uptime one way: '3 d 4 h 26 min', down to minutes; seconds only under a minute", () => {
    expect(uptimeText(3 * 86_400 + 4 * 3_600 + 26 * 60 + 59)).toBe('3 d 4 h 26 min');
    expect(uptimeText(2 * 86_400 + 5 * 60)).toBe('2 d 0 h 5 min');
    expect(uptimeText(5 * 3_600 + 12 * 60)).toBe('5 h 12 min');
    expect(uptimeText(5 * 3_600)).toBe('5 h 0 min');
    expect(uptimeText(42 * 60 + 5)).toBe('42 min');
    expect(uptimeText(30)).toBe('30 s');
    expect(uptimeText(null)).toBeNull();
    expect(uptimeText(-1)).toBeNull();
  });

  it('picks the byte unit that fits the largest value (B, KB, MB, GB), 1024 apart', () => {
    expect(byteUnitFor([])).toEqual({ unit: 'B', divisor: 1 });
    expect(byteUnitFor([null, 0, 800])).toEqual({ unit: 'B', divisor: 1 });
    expect(byteUnitFor([1023, 1024, null])).toEqual({ unit: 'KB', divisor: 1024 });
    expect(byteUnitFor([20, 3 * 1024 ** 2])).toEqual({ unit: 'MB', divisor: 1024 ** 2 });
    expect(byteUnitFor([5 * 1024 ** 3])).toEqual({ unit: 'GB', divisor: 1024 ** 3 });
    expect(bytesText(512)).toBe('512 B');
    expect(bytesText(1536)).toBe('1.50 KB');
    expect(bytesText(5 * 1024 ** 3)).toBe('5.00 GB');
    expect(bytesText(250 * 1024 ** 2)).toBe('250 MB');
    expect(bytesText(1234 * 1024 ** 4)).toBe('1,234 TB');
  });

  it('reads the TSV series: empty values are buckets without data', () => {
    const text = 'time\tvalue\n2026-11-24T09:05:00-06:00\t-62\n2026-11-24T09:06:00-06:00\t\n';
    expect(parseStatsTsv(text)).toEqual([
      { time: '2026-11-24T09:05:00-06:00', value: -62 },
      { time: '2026-11-24T09:06:00-06:00', value: null },
    ]);
    expect(() => parseStatsTsv('<html></html>')).toThrow('formato esperado');
  });
});
