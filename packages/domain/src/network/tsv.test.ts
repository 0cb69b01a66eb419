import { describe, expect, it } from 'vitest';
import { isoWithOffset, renderStatsTsv } from './tsv';

describe('isoWithOffset', () => {
  it('writes the business time with its offset', () => {
    expect(isoWithOffset(new Date('2026-11-24T15:05:00Z'))).toBe('2026-11-24T09:05:00-06:00');
    expect(isoWithOffset(new Date('2026-11-24T15:05:00Z'), 'Asia/Kolkata')).toBe('2026-11-24T20:35:00+05:30');
    expect(isoWithOffset(new Date('2026-11-24T15:05:00Z'), 'UTC')).toBe('2026-11-24T15:05:00+00:00');
  });
  it('reads back as the same instant', () => {
    const d = new Date('2026-03-08T07:30:00Z');
    expect(new Date(isoWithOffset(d, 'America/New_York')).getTime()).toBe(d.getTime());
  });
});

describe('renderStatsTsv', () => {
  it('has a header, one line per bucket oldest first, and an empty value for a bucket without data', () => {
    const text = renderStatsTsv([
      { at: new Date('2026-11-24T15:02:00Z'), value: 99.123 },
      { at: new Date('2026-11-24T15:00:00Z'), value: -62 },
      { at: new Date('2026-11-24T15:01:00Z'), value: null },
    ]);
    expect(text).toBe(
      'time\tvalue\n' +
        '2026-11-24T09:00:00-06:00\t-62\n' +
        '2026-11-24T09:01:00-06:00\t\n' +
        '2026-11-24T09:02:00-06:00\t99.12\n',
    );
  });
  it('writes each line with the offset of its own instant, across a daylight-saving change', () => {
    // New York springs forward at 07:00 UTC on 2026-03-08 (-05:00 → -04:00); Kolkata keeps its +05:30.
    for (const tz of ['America/New_York', 'Asia/Kolkata', 'America/Mexico_City']) {
      const points = Array.from({ length: 180 }, (_, i) => ({
        at: new Date(Date.parse('2026-03-08T05:30:00Z') + i * 60_000),
        value: i,
      }));
      const lines = renderStatsTsv(points, tz).trimEnd().split('\n').slice(1);
      expect(lines.map((l) => l.split('\t')[0])).toEqual(points.map((p) => isoWithOffset(p.at, tz)));
    }
    const ny = renderStatsTsv(
      [
        { at: new Date('2026-03-08T06:59:00Z'), value: 1 },
        { at: new Date('2026-03-08T07:00:00Z'), value: 2 },
      ],
      'America/New_York',
    );
    expect(ny).toBe('time\tvalue\n2026-03-08T01:59:00-05:00\t1\n2026-03-08T03:00:00-04:00\t2\n');
  });
  it("remembers each zone's offsets apart, and stays right past its memory", () => {
    const at = new Date('2026-07-01T12:00:00Z');
    expect(isoWithOffset(at, 'America/New_York')).toBe('2026-07-01T08:00:00-04:00');
    expect(isoWithOffset(at, 'America/Mexico_City')).toBe('2026-07-01T06:00:00-06:00');
    expect(isoWithOffset(at, 'Asia/Kolkata')).toBe('2026-07-01T17:30:00+05:30');
    // 25,000 quarter hours of New York (260 days from June 2025): more than the memory holds.
    for (let i = 0; i < 25_000; i++)
      isoWithOffset(new Date(Date.parse('2025-06-01T00:00:00Z') + i * 900_000), 'America/New_York');
    expect(isoWithOffset(new Date('2026-03-08T06:59:00Z'), 'America/New_York')).toBe('2026-03-08T01:59:00-05:00');
    expect(isoWithOffset(new Date('2026-03-08T07:00:00Z'), 'America/New_York')).toBe('2026-03-08T03:00:00-04:00');
  });
  it('is only the header without buckets', () => {
    expect(renderStatsTsv([])).toBe('time\tvalue\n');
  });
});
