const monthFmt = new Intl.DateTimeFormat('es-MX', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const longDayFmt = new Intl.DateTimeFormat('es-MX', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const capitalize = (s: string) => s.charAt(0).toLocaleUpperCase('es-MX') + s.slice(1);

/** '2026-11' → 'Nov 2026' (a row of the monthly totals). */
export function formatIsoMonth(iso: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(iso);
  if (!m) return iso;
  return capitalize(monthFmt.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1))).replace('.', ''));
}

/** '2026-11-21' → 'Sábado, 21 de noviembre de 2026'. */
export function formatLongDay(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return capitalize(longDayFmt.format(new Date(Date.UTC(y!, m! - 1, d!))));
}
