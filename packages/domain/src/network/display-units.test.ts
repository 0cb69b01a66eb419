import { describe, expect, it } from 'vitest';
import { bytesToGb, parseStatsTsv, uptimeText } from './display-units';

describe('network display units', () => {
  it('shows bytes in GB with a 1024 base', () => {
    expect(bytesToGb(1024 ** 3)).toBe(1);
    expect(bytesToGb(512 * 1024 ** 2)).toBe(0.5);
  });

  it('writes the uptime in days and hours, hours and minutes, minutes or seconds', () => {
    expect(uptimeText(3 * 86_400 + 4 * 3_600 + 59)).toBe('3 d 4 h');
    expect(uptimeText(5 * 3_600 + 12 * 60)).toBe('5 h 12 min');
    expect(uptimeText(42 * 60 + 5)).toBe('42 min');
    expect(uptimeText(30)).toBe('30 s');
    expect(uptimeText(null)).toBeNull();
    expect(uptimeText(-1)).toBeNull();
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
