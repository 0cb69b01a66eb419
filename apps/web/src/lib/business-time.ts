import {
  businessDate as businessDateIn,
  businessTzOf,
  formatDate as formatDateIn,
  formatDateTime as formatDateTimeIn,
  formatTime as formatTimeIn,
} from '@airlink/domain';

/*
 * The business time zone (BUSINESS_TZ) as the server is configured, read once from GET /api/config before
 * the app renders (main.tsx). Every date the web shows or sends goes through the helpers below, which are
 * the domain's helpers bound to that zone; the web never writes a zone itself (ESLint refuses the domain's
 * zone-defaulting helpers and the literal outside this file).
 */
let zone: string | null = null;

/** The loaded BUSINESS_TZ. Reading it before `loadBusinessTimeZone` is a programming error. */
export function businessTz(): string {
  if (zone === null) throw new Error('BUSINESS_TZ is not loaded yet: call loadBusinessTimeZone() before rendering');
  return zone;
}

/** Sets the zone (the loader, and tests that need a given zone). */
export function setBusinessTz(tz: string): void {
  zone = tz;
}

/** GET /api/config once; resolves when the zone is known. Throws a Spanish error when it cannot be read. */
export async function loadBusinessTimeZone(fetchImpl: typeof fetch = fetch): Promise<string> {
  let body: unknown;
  try {
    const res = await fetchImpl('/api/config', { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    body = await res.json();
  } catch {
    throw new Error('No se pudo leer la configuración del servidor. Revisa tu conexión e intenta de nuevo.');
  }
  const tz = businessTzOf(body);
  if (!tz) throw new Error('El servidor respondió la configuración en un formato inesperado.');
  setBusinessTz(tz);
  return tz;
}

type When = Date | string | number | null | undefined;

/** dd/mm/aaaa of an instant in the business time zone (a calendar date 'YYYY-MM-DD' is shown as it is). */
export const formatDate = (value: When): string => formatDateIn(value, businessTz());
/** HH:mm in the business time zone. */
export const formatTime = (value: When): string => formatTimeIn(value, businessTz());
/** dd/mm/aaaa HH:mm in the business time zone. */
export const formatDateTime = (value: When): string => formatDateTimeIn(value, businessTz());
/** The business date (YYYY-MM-DD) of an instant: "today" is `businessDate(new Date())`. */
export const businessDate = (value: Date | string | number): string => businessDateIn(value, businessTz());
