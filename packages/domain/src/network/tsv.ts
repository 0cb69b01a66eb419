import { localParts } from '../agenda/visit-slots';
import { DEFAULT_BUSINESS_TZ } from '../format/format';
import { recentBuckets, type StatsInterval } from './intervals';

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
  // toISOString writes the wall time's fields (years 0 to 9999 with four digits); the offset replaces its '.sssZ'.
  return wall.toISOString().slice(0, 19) + offsetText(offsetMin);
}

const offsetTexts = new Map<number, string>();
/** '-06:00' for -360 minutes. */
function offsetText(offsetMin: number): string {
  let text = offsetTexts.get(offsetMin);
  if (text === undefined) {
    text = `${offsetMin < 0 ? '-' : '+'}${pad(Math.abs(offsetMin) / 60)}:${pad(Math.abs(offsetMin) % 60)}`;
    offsetTexts.set(offsetMin, text);
  }
  return text;
}

/** An instant as ISO 8601 with the business time zone's offset: 2026-11-24T09:05:00-06:00. */
export function isoWithOffset(instant: Date, tz = DEFAULT_BUSINESS_TZ): string {
  return formatWithOffset(instant, blockOffset(instant, tz));
}

/** Zone offsets change only at a quarter hour of UTC: one offset serves a whole 15-minute block. */
const OFFSET_BLOCK_MS = 15 * 60_000;
/** Offsets already looked up, per zone and 15-minute block (a day is 96 blocks); emptied when full. */
const offsetsByZone = new Map<string, Map<number, number>>();
const OFFSET_MEMORY = 20_000;

/**
 * The zone's offset at `instant`, looked up once per 15-minute block for the whole process: every series request
 * of the last hour asks for the same few blocks, and Intl was the series' main cost (docs/performance.md).
 */
function blockOffset(instant: Date, tz: string): number {
  let offsets = offsetsByZone.get(tz);
  if (!offsets) offsetsByZone.set(tz, (offsets = new Map()));
  const block = Math.floor(instant.getTime() / OFFSET_BLOCK_MS);
  let offset = offsets.get(block);
  if (offset === undefined) {
    if (offsets.size >= OFFSET_MEMORY) offsets.clear();
    offset = offsetMinutes(new Date(block * OFFSET_BLOCK_MS), tz);
    offsets.set(block, offset);
  }
  return offset;
}

/** A value as the series prints it: integers as they are, others with at most two decimals. */
function formatValue(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

/** The buckets of a series and their printed times (`statsTimeAxis`). */
export interface StatsTimeAxis {
  /** Bucket starts as epoch milliseconds, oldest first. */
  readonly starts: readonly number[];
  /** Each start as the series prints it (`isoWithOffset`). */
  readonly labels: readonly string[];
}

/** Axes worked out, per zone, resolution, count and minute of `now`; emptied when full. */
const axes = new Map<string, StatsTimeAxis>();
const AXIS_MEMORY = 256;

/**
 * The `count` most recent buckets up to the one holding `now` (`recentBuckets`), with their printed times. Every
 * bucket starts on a minute, so every request in the same minute gets the same axis, whichever radio it asks for:
 * it is worked out once per minute, not per request (printing 60 times was most of the series' own work,
 * docs/performance.md).
 */
export function statsTimeAxis(
  now: Date,
  interval: StatsInterval,
  count: number,
  tz = DEFAULT_BUSINESS_TZ,
): StatsTimeAxis {
  const key = `${tz}|${interval}|${count}|${Math.floor(now.getTime() / 60_000)}`;
  let axis = axes.get(key);
  if (!axis) {
    if (axes.size >= AXIS_MEMORY) axes.clear();
    const starts = recentBuckets(now, interval, count, tz).map((d) => d.getTime());
    axis = { starts, labels: starts.map((ms) => isoWithOffset(new Date(ms), tz)) };
    axes.set(key, axis);
  }
  return axis;
}

/**
 * The statistics series as tab-separated text: a header `time<TAB>value`, then one line per bucket of the axis,
 * oldest first, the bucket's start with its offset and its value `valueAt(start)`; a bucket without data has an
 * empty value (the line is there, so a chart shows the gap where it happened).
 */
export function renderSeriesTsv(axis: StatsTimeAxis, valueAt: (start: number) => number | null | undefined): string {
  let text = 'time\tvalue\n';
  for (let i = 0; i < axis.starts.length; i++) text += `${axis.labels[i]}\t${formatValue(valueAt(axis.starts[i]!))}\n`;
  return text;
}
