import { localParts } from '../agenda/visit-slots';
import { DEFAULT_BUSINESS_TZ } from '../format/format';

/** Content type of the statistics series (spec 000 §7: tab-separated text). */
export const STATS_TSV_CONTENT_TYPE = 'text/tab-separated-values; charset=utf-8';

const pad = (n: number, width = 2) => String(Math.trunc(Math.abs(n))).padStart(width, '0');

/** An instant as ISO 8601 with the business time zone's offset: 2026-11-24T09:05:00-06:00. */
export function isoWithOffset(instant: Date, tz = DEFAULT_BUSINESS_TZ): string {
  const { date, minutes, seconds } = localParts(instant, tz);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wallMs = Date.UTC(y, m - 1, d) + minutes * 60_000 + Math.floor(seconds) * 1000;
  const offsetMin = Math.round((wallMs - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMin < 0 ? '-' : '+';
  const offset = `${sign}${pad(Math.abs(offsetMin) / 60)}:${pad(Math.abs(offsetMin) % 60)}`;
  return `${date}T${pad(minutes / 60)}:${pad(minutes % 60)}:${pad(Math.floor(seconds))}${offset}`;
}

/** A value as the series prints it: integers as they are, others with at most two decimals. */
function formatValue(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

export interface StatsPoint {
  /** Start of the bucket. */
  at: Date;
  /** Null when the bucket holds no data. */
  value: number | null;
}

/**
 * The statistics series as tab-separated text: a header `time<TAB>value`, then one line per bucket,
 * oldest first, the bucket's start with its offset; a bucket without data has an empty value (the line
 * is there, so a chart shows the gap where it happened).
 */
export function renderStatsTsv(points: readonly StatsPoint[], tz = DEFAULT_BUSINESS_TZ): string {
  const sorted = [...points].sort((a, b) => a.at.getTime() - b.at.getTime());
  return ['time\tvalue', ...sorted.map((p) => `${isoWithOffset(p.at, tz)}\t${formatValue(p.value)}`)].join('\n') + '\n';
}
