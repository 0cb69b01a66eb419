import { LEVEL } from './levels';
import { canDo, type ActionKey } from './actions';

export const API_KEY_PROFILES = [
  { value: 'admin', label: 'Administrador', color: 'error' },
  { value: 'readonly', label: 'Solo Lectura', color: 'info' },
  { value: 'contracts', label: 'Contratos', color: 'primary' },
  { value: 'financial', label: 'Financiero', color: 'success' },
] as const;

export type ApiKeyProfile = (typeof API_KEY_PROFILES)[number]['value'];
export const API_KEY_PROFILE_VALUES = API_KEY_PROFILES.map((p) => p.value) as [ApiKeyProfile, ...ApiKeyProfile[]];
export const DEFAULT_API_KEY_PROFILE: ApiKeyProfile = 'readonly';

/** The highest level an API key acts with: every profile is checked against the access table at this level. */
export const API_KEY_LEVEL = LEVEL.admin;

/**
 * The level a key acts with: API_KEY_LEVEL, or its owner's current level when that is lower. A key never
 * outranks the person who made it: demoting the owner lowers the key on its next request.
 */
export function apiKeyLevel(ownerLevel: number): number {
  return Math.min(API_KEY_LEVEL, ownerLevel);
}

/**
 * Actions no API key performs, whatever its profile (docs/access.md): the session check, a user's
 * own notifications, user management and key management. A key is not a person and cannot make keys.
 */
export const API_KEY_NEVER: ReadonlySet<ActionKey> = new Set<ActionKey>([
  'session.check',
  'notifications.own',
  'users.read',
  'users.manage',
  'apikeys.manage',
]);

/** Actions the spec calls with GET although they change data: never a read for a key. */
const WRITES_BY_GET: ReadonlySet<ActionKey> = new Set<ActionKey>(['contracts.authorize']);

const FINANCIAL_PREFIXES = ['finance.', 'payments.'];
const CONTRACT_PREFIXES = ['customers.', 'contracts.', 'support.', 'logs.', 'visits.', 'agenda.'];

/**
 * May an API key of this profile, made by a user now at `ownerLevel`, perform an action with this HTTP
 * method (docs/access.md)? The key goes through the same access table as users, at the lower of
 * level 20 and its owner's current level (`apiKeyLevel`), and then through its profile: admin acts as that
 * level; financial: finance, payments and every read; contracts: customers, contracts, support, logs,
 * agenda (reads and changes, nothing else); readonly: reads only. No profile reaches API_KEY_NEVER.
 */
export function apiKeyAllows(profile: ApiKeyProfile, action: ActionKey, method: string, ownerLevel: number): boolean {
  if (API_KEY_NEVER.has(action) || !canDo(apiKeyLevel(ownerLevel), action)) return false;
  const m = method.toUpperCase();
  const isRead = (m === 'GET' || m === 'HEAD') && !WRITES_BY_GET.has(action);
  switch (profile) {
    case 'admin':
      return true;
    case 'readonly':
      return isRead;
    case 'financial':
      return isRead || FINANCIAL_PREFIXES.some((p) => action.startsWith(p));
    case 'contracts':
      return CONTRACT_PREFIXES.some((p) => action.startsWith(p));
  }
}

/** The Spanish label of a profile ('Solo Lectura'); an unknown value is shown as is. */
export function apiKeyProfileLabel(profile: string): string {
  return API_KEY_PROFILES.find((p) => p.value === profile)?.label ?? profile;
}
