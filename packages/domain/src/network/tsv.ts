import { localParts } from '../agenda/visit-slots';
import { DEFAULT_BUSINESS_TZ } from '../format/format';

/** Content type of the statistics series (docs/api-contract.md "Network: statistics and polling": tab-separated text). */
export const STATS_TSV_CONTENT_TYPE = 'text/tab-separated-values; charset=utf-8';

const pad = (n: number, width = 2) => String(Math.trunc(Math.abs(n))).padStart(width, '0');

/** The zone's offset from UTC at `instant`, in minutes (Mexico City in winter: -360). */
function offsetMinutes(instant: Date, tz: string): number {
  const { date, minutes, seconds } = localParts(instant, tz);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wallMs = Date.UTC(y, m - 1, d) + minutes * 60_000 + Math.floor(seconds) * 1000;
  return Math.round((wallMs - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant as local wall time for a known offset, ISO 8601 with that offset. */
function formatWithOffset(instant: Date, offsetMin: number): string {
  const wall = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetMin * 60_000);
  const sign = offsetMin < 0 ? '-' : '+';
  const offset = `${sign}${pad(Math.abs(offsetMin) / 60)}:${pad(Math.abs(offsetMin) % 60)}`;
  return (
    `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}` +
    `T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}${offset}`
  );
}

/** An instant as ISO 8601 with the business time zone's offset: 2026-11-24T09:05:00-06:00. */
export function isoWithOffset(instant: Date, tz = DEFAULT_BUSINESS_TZ): string {
  return formatWithOffset(instant, offsetMinutes(instant, tz));
}

/** Zone offsets change only at a quarter hour of UTC: one offset serves a whole 15-minute block. */
const OFFSET_BLOCK_MS = 15 * 60_000;

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
  // The zone's offset is looked up once per 15-minute block, not once per line (Intl is the series' main cost).
  const offsets = new Map<number, number>();
  const timeOf = (at: Date) => {
    const block = Math.floor(at.getTime() / OFFSET_BLOCK_MS);
    let offset = offsets.get(block);
    if (offset === undefined) offsets.set(block, (offset = offsetMinutes(at, tz)));
    return formatWithOffset(at, offset);
  };
  return ['time\tvalue', ...sorted.map((p) => `${timeOf(p.at)}\t${formatValue(p.value)}`)].join('\n') + '\n';
}
