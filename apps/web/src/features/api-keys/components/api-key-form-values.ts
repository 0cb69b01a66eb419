import {
  DEFAULT_API_KEY_PROFILE,
  localParts,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyProfile,
  type ApiKeyUpdate,
} from '@airlink/domain';

/** What the key form holds: text fields as text, the expiry as business wall time 'YYYY-MM-DDTHH:mm:ss'. */
export interface ApiKeyFormValues {
  name: string;
  profile: ApiKeyProfile;
  description: string;
  neverExpires: boolean;
  expiresAt: string;
  isActive: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as wall time of the business time zone, to the second (DateTimeFormField withSeconds). */
export function wallTimeOf(iso: string, tz: string): string {
  const { date, minutes, seconds } = localParts(new Date(iso), tz);
  return `${date}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:${pad(Math.floor(seconds))}`;
}

/** The form of a new key (profile readonly, never expires) or of an existing one. */
export function formValuesOf(key: ApiKey | null, tz: string): ApiKeyFormValues {
  return {
    name: key?.name ?? '',
    profile: key?.profile ?? DEFAULT_API_KEY_PROFILE,
    description: key?.description ?? '',
    neverExpires: key?.neverExpires ?? true,
    expiresAt: key?.expiresAt ? wallTimeOf(key.expiresAt, tz) : '',
    isActive: key?.isActive ?? true,
  };
}

/** The create payload: an empty description is none, and expiresAt is null when the key never expires. */
export function createPayloadOf(v: ApiKeyFormValues): ApiKeyCreate {
  return {
    name: v.name,
    profile: v.profile,
    description: v.description.trim() || null,
    neverExpires: v.neverExpires,
    // Wall time without an offset: the server reads it in the business time zone. Browsers may add '.000'.
    expiresAt: v.neverExpires ? null : v.expiresAt.replace(/\.0+$/, '') || null,
  };
}

export function updatePayloadOf(v: ApiKeyFormValues): ApiKeyUpdate {
  return { ...createPayloadOf(v), isActive: v.isActive };
}

const FULL = new Map<string, Intl.DateTimeFormat>();

/**
 * A key's date in Spanish (es-ES, as the spec's page shows them) in the business time zone:
 * '24 nov 2026, 12:00'; an expiry (`exact`) also shows its seconds when it has them.
 */
export function formatKeyDate(iso: string, tz: string, exact = false): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'Fecha inválida';
  const withSeconds = exact && d.getUTCSeconds() !== 0;
  const id = `${tz}|${withSeconds}`;
  let f = FULL.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat('es-ES', {
      timeZone: tz,
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      ...(withSeconds ? { second: '2-digit' } : {}),
      hourCycle: 'h23',
    });
    FULL.set(id, f);
  }
  return f.format(d);
}
