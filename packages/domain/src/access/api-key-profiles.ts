import { LEVEL } from './levels';
import type { ActionKey } from './actions';

export const API_KEY_PROFILES = [
  { value: 'admin', label: 'Administrador', color: 'error' },
  { value: 'readonly', label: 'Solo Lectura', color: 'info' },
  { value: 'contracts', label: 'Contratos', color: 'primary' },
  { value: 'financial', label: 'Financiero', color: 'success' },
] as const;

export type ApiKeyProfile = (typeof API_KEY_PROFILES)[number]['value'];
export const DEFAULT_API_KEY_PROFILE: ApiKeyProfile = 'readonly';

const FINANCIAL_PREFIXES = ['finance.', 'payments.'];
const CONTRACT_PREFIXES = ['customers.', 'contracts.', 'support.', 'logs.', 'visits.'];

/**
 * May an API key of this profile perform an action with this HTTP method (DESIGN.md section 6)?
 * admin acts as level 20; financial: finance, payments and reads; contracts: customers, contracts,
 * support, logs, agenda; readonly: GET only, reading as level 20.
 */
export function apiKeyAllows(profile: ApiKeyProfile, action: ActionKey, method: string): boolean {
  const isRead = method.toUpperCase() === 'GET' || method.toUpperCase() === 'HEAD';
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

/** The level an API key acts with. */
export const API_KEY_LEVEL = LEVEL.admin;
