/** A calendar date 'YYYY-MM-DD' as '21/11/2026' (no time zone shift: it is a day, not an instant). */
export function formatIsoDay(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '—';
}
