import { describe, expect, it } from 'vitest';
import { recentBuckets } from './intervals';
import { isoWithOffset, renderSeriesTsv, statsTimeAxis } from './tsv';

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

const axisOf = (points: Array<{ at: Date }>) => ({
  starts: points.map((p) => p.at.getTime()),
  labels: points.map((p) => isoWithOffset(p.at)),
});

describe('renderSeriesTsv', () => {
  it('has a header, one line per bucket of the axis, and an empty value for a bucket without data', () => {
    const points = [
      { at: new Date('2026-11-24T15:00:00Z'), value: -62 },
      { at: new Date('2026-11-24T15:01:00Z'), value: null },
      { at: new Date('2026-11-24T15:02:00Z'), value: 99.123 },
    ];
    const values = new Map(points.map((p) => [p.at.getTime(), p.value]));
    expect(renderSeriesTsv(axisOf(points), (start) => values.get(start))).toBe(
      'time\tvalue\n' +
        '2026-11-24T09:00:00-06:00\t-62\n' +
        '2026-11-24T09:01:00-06:00\t\n' +
        '2026-11-24T09:02:00-06:00\t99.12\n',
    );
  });
  it('is only the header without buckets', () => {
    expect(renderSeriesTsv({ starts: [], labels: [] }, () => 1)).toBe('time\tvalue\n');
  });
});

describe('statsTimeAxis', () => {
  it("is recentBuckets with each start printed at its own instant's offset, across a daylight-saving change", () => {
    // New York springs forward at 07:00 UTC on 2026-03-08 (-05:00 → -04:00); Kolkata keeps its +05:30.
    const now = new Date('2026-03-08T07:29:30Z');
    for (const tz of ['America/New_York', 'Asia/Kolkata', 'America/Mexico_City']) {
      for (const interval of ['minute', 'hour', 'day'] as const) {
        const axis = statsTimeAxis(now, interval, 60, tz);
        const buckets = recentBuckets(now, interval, 60, tz);
        expect(axis.starts).toEqual(buckets.map((d) => d.getTime()));
        expect(axis.labels).toEqual(buckets.map((d) => isoWithOffset(d, tz)));
      }
    }
    const ny = statsTimeAxis(new Date('2026-03-08T07:00:10Z'), 'minute', 2, 'America/New_York');
    expect(ny.labels).toEqual(['2026-03-08T01:59:00-05:00', '2026-03-08T03:00:00-04:00']);
  });
  it('is the same axis within a minute and a new one in the next, per zone, resolution and count', () => {
    const a = statsTimeAxis(new Date('2026-11-24T15:05:01Z'), 'minute', 60, 'America/Mexico_City');
    expect(statsTimeAxis(new Date('2026-11-24T15:05:59.999Z'), 'minute', 60, 'America/Mexico_City')).toBe(a);
    const next = statsTimeAxis(new Date('2026-11-24T15:06:00Z'), 'minute', 60, 'America/Mexico_City');
    expect(next.labels.at(-1)).toBe('2026-11-24T09:06:00-06:00');
    expect(next.labels[0]).toBe(a.labels[1]);
    expect(statsTimeAxis(new Date('2026-11-24T15:05:01Z'), 'minute', 60, 'UTC').labels.at(-1)).toBe(
      '2026-11-24T15:05:00+00:00',
    );
    expect(statsTimeAxis(new Date('2026-11-24T15:05:01Z'), 'minute', 30, 'America/Mexico_City').starts).toHaveLength(
      30,
    );
    expect(statsTimeAxis(new Date('2026-11-24T15:05:01Z'), 'hour', 60, 'America/Mexico_City').labels.at(-1)).toBe(
      '2026-11-24T09:00:00-06:00',
    );
  });
  it('stays right past its memory', () => {
    for (let i = 0; i < 600; i++) statsTimeAxis(new Date(Date.parse('2026-01-01T00:00:00Z') + i * 60_000), 'minute', 2);
    expect(statsTimeAxis(new Date('2026-01-01T00:00:30Z'), 'minute', 2).labels).toEqual([
      '2025-12-31T17:59:00-06:00',
      '2025-12-31T18:00:00-06:00',
    ]);
  });
});

describe('isoWithOffset memory', () => {
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
});
