/** Transfer bytes as the spec shows them (docs/business-rules.md "Screens": bytes in GB), with the same 1024 base as Mbps. */
export function bytesToGb(bytes: number): number {
  return bytes / 1024 / 1024 / 1024;
}

/**
 * The one uptime format of the app (radios, routers, anything that has been up a while): from the largest
 * non-zero unit down to minutes, '3 d 4 h 26 min', '5 h 0 min', '42 min'; under a minute '30 s'.
 */
export function uptimeText(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const s = Math.floor(seconds);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3_600);
  const m = Math.floor((s % 3_600) / 60);
  if (d > 0) return `${d} d ${h} h ${m} min`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min`;
  return `${s} s`;
}

/** Units of byte amounts, 1024 apart (the same base as the spec's GB). */
export const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export type ByteUnit = (typeof BYTE_UNITS)[number];

/**
 * The unit that fits a set of byte amounts: the largest in which the biggest value is at least 1 (B when all
 * are below 1 KB or there are none), and what to divide by to express them in it.
 */
export function byteUnitFor(values: ReadonlyArray<number | null | undefined>): { unit: ByteUnit; divisor: number } {
  let max = 0;
  for (const v of values)
    if (v !== null && v !== undefined && Number.isFinite(v) && Math.abs(v) > max) max = Math.abs(v);
  let i = 0;
  while (i < BYTE_UNITS.length - 1 && max >= 1024 ** (i + 1)) i++;
  return { unit: BYTE_UNITS[i]!, divisor: 1024 ** i };
}

/** One byte amount in the unit that fits it, es-MX decimals: '512 B', '3.5 KB', '1.25 GB'. */
export function bytesText(bytes: number): string {
  const { unit, divisor } = byteUnitFor([bytes]);
  const value = bytes / divisor;
  const digits = unit === 'B' ? 0 : value < 10 ? 2 : value < 100 ? 1 : 0;
  return `${value.toLocaleString('es-MX', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${unit}`;
}

/**
 * The series `GET /api/site/{siteId}/{hwaddr}/{metric}/{interval}/{count}` answers (tab-separated text):
 * one point per line after the `time<TAB>value` header; an empty value is a bucket without data (null).
 */
export function parseStatsTsv(text: string): Array<{ time: string; value: number | null }> {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length === 0 || !/^time\tvalue$/.test(lines[0]!.trim())) {
    throw new Error('La serie del radio no tiene el formato esperado.');
  }
  return lines.slice(1).map((line) => {
    const [time = '', raw = ''] = line.split('\t');
    const value = raw.trim() === '' ? null : Number(raw);
    return { time, value: value !== null && Number.isFinite(value) ? value : null };
  });
}
