import { localParts } from '../agenda/visit-slots';
import { addDays } from '../customers/business-days';
import { DEFAULT_BUSINESS_TZ } from '../format/format';
import { toInstant } from '../http/input';

/** Resolutions of stored samples and of the statistics calls (docs/api-contract.md "Network: statistics and polling"). */
export const STATS_INTERVALS = ['minute', 'hour', 'day', 'week'] as const;
export type StatsInterval = (typeof STATS_INTERVALS)[number];

/** Points per statistics request (docs/business-rules.md "Constants and limits": count 60). Also the most one request may ask for. */
export const DEFAULT_STATS_COUNT = 60;
export const MAX_STATS_COUNT = 60;

/**
 * How long rows of each resolution are kept (docs/network.md "Polling and history"): minute rows 48 h, hour rows 90 days,
 * day rows 2 years (730 days), week rows forever (null).
 */
export const SAMPLE_RETENTION_MS: Record<StatsInterval, number | null> = {
  minute: 48 * 3_600_000,
  hour: 90 * 86_400_000,
  day: 730 * 86_400_000,
  week: null,
};

/** The resolution each one is rolled up from. */
export const ROLLUP_SOURCE: Record<Exclude<StatsInterval, 'minute'>, StatsInterval> = {
  hour: 'minute',
  day: 'hour',
  week: 'day',
};

/**
 * The start of the bucket holding `instant`, in the business time zone: the minute; the hour of the
 * local clock; local midnight; local midnight of the Monday (ISO week, as PostgreSQL's date_trunc('week')).
 */
export function bucketStart(instant: Date, interval: StatsInterval, tz = DEFAULT_BUSINESS_TZ): Date {
  const ms = instant.getTime();
  if (interval === 'minute') return new Date(Math.floor(ms / 60_000) * 60_000);
  const { date, weekday, minutes, seconds } = localParts(instant, tz);
  if (interval === 'hour') return new Date(ms - ((minutes % 60) * 60 + seconds) * 1000);
  const day = interval === 'day' ? date : addDays(date, -((weekday + 6) % 7));
  return toInstant(`${day}T00:00:00`, tz);
}

/** The `count` most recent bucket starts up to and including the one holding `now`, oldest first. */
export function recentBuckets(now: Date, interval: StatsInterval, count: number, tz = DEFAULT_BUSINESS_TZ): Date[] {
  const out: Date[] = [];
  let start = bucketStart(now, interval, tz);
  for (let i = 0; i < count; i++) {
    out.push(start);
    start = bucketStart(new Date(start.getTime() - 1), interval, tz);
  }
  return out.reverse();
}
