import { formatDate } from '@airlink/domain';

/** A calendar date 'YYYY-MM-DD' as dd/mm/aaaa (no time zone can move it a day); '—' when empty. */
export function dayText(iso: string | null | undefined): string {
  if (!iso) return '—';
  return formatDate(`${iso.slice(0, 10)}T12:00:00Z`, 'UTC');
}
