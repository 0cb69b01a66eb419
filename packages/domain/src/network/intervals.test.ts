import { describe, expect, it } from 'vitest';
import { bucketStart, recentBuckets } from './intervals';

const at = (iso: string) => new Date(iso);

describe('bucketStart in the business time zone', () => {
  it('truncates to the minute', () => {
    expect(bucketStart(at('2026-11-24T15:07:42.500Z'), 'minute').toISOString()).toBe('2026-11-24T15:07:00.000Z');
  });
  it('truncates to the local hour (a zone with a half-hour offset shows it is local, not UTC)', () => {
    expect(bucketStart(at('2026-11-24T15:07:42Z'), 'hour').toISOString()).toBe('2026-11-24T15:00:00.000Z');
    // Kolkata is UTC+05:30: 15:07Z is 20:37 local, whose hour began at 20:00 local = 14:30Z.
    expect(bucketStart(at('2026-11-24T15:07:42Z'), 'hour', 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-24T14:30:00.000Z',
    );
  });
  it('starts the day at local midnight (02:30Z on the 25th is still the 24th in Mexico City)', () => {
    expect(bucketStart(at('2026-11-25T02:30:00Z'), 'day').toISOString()).toBe('2026-11-24T06:00:00.000Z');
    expect(bucketStart(at('2026-11-25T02:30:00Z'), 'day', 'UTC').toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });
  it('starts the week on Monday at local midnight', () => {
    // Tuesday 24 November 2026 → Monday the 23rd, 00:00 in Mexico City.
    expect(bucketStart(at('2026-11-24T15:00:00Z'), 'week').toISOString()).toBe('2026-11-23T06:00:00.000Z');
    // Sunday evening local (Monday 03:00Z) still belongs to the week that began Monday the 16th.
    expect(bucketStart(at('2026-11-23T03:00:00Z'), 'week').toISOString()).toBe('2026-11-16T06:00:00.000Z');
    // A Monday is its own week's start.
    expect(bucketStart(at('2026-11-23T06:00:00Z'), 'week').toISOString()).toBe('2026-11-23T06:00:00.000Z');
  });
  it('follows daylight saving time where the zone has it', () => {
    // New York, 8 March 2026: clocks jump from 02:00 to 03:00; that day is 23 hours long.
    const day = bucketStart(at('2026-03-08T20:00:00Z'), 'day', 'America/New_York');
    expect(day.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    const next = bucketStart(at('2026-03-09T12:00:00Z'), 'day', 'America/New_York');
    expect(next.getTime() - day.getTime()).toBe(23 * 3_600_000);
  });
});

describe('recentBuckets', () => {
  it('gives count bucket starts ending with the current one, oldest first', () => {
    const buckets = recentBuckets(at('2026-11-24T15:07:42Z'), 'minute', 3);
    expect(buckets.map((b) => b.toISOString())).toEqual([
      '2026-11-24T15:05:00.000Z',
      '2026-11-24T15:06:00.000Z',
      '2026-11-24T15:07:00.000Z',
    ]);
  });
  it('steps whole local days and weeks', () => {
    expect(recentBuckets(at('2026-11-24T15:00:00Z'), 'day', 2).map((b) => b.toISOString())).toEqual([
      '2026-11-23T06:00:00.000Z',
      '2026-11-24T06:00:00.000Z',
    ]);
    expect(recentBuckets(at('2026-11-24T15:00:00Z'), 'week', 2).map((b) => b.toISOString())).toEqual([
      '2026-11-16T06:00:00.000Z',
      '2026-11-23T06:00:00.000Z',
    ]);
    expect(recentBuckets(at('2026-11-24T15:30:00Z'), 'hour', 60)).toHaveLength(60);
  });
});
