/** Transfer bytes as the spec shows them (docs/business-rules.md "Screens": bytes in GB), with the same 1024 base as Mbps. */
export function bytesToGb(bytes: number): number {
  return bytes / 1024 / 1024 / 1024;
}

/** A radio's uptime in seconds as the panel's tile shows it: '3 d 4 h', '5 h 12 min', '42 min', '30 s'. */
export function uptimeText(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const s = Math.floor(seconds);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3_600);
  const m = Math.floor((s % 3_600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min`;
  return `${s} s`;
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
