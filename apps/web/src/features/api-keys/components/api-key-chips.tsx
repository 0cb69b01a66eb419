import { API_KEY_PROFILES, apiKeyProfileLabel, apiKeyStatus, type ApiKey } from '@airlink/domain';
import { Chip } from '@mui/material';

/** Activa (green), Expirada (orange) or Inactiva (red): docs/business-rules.md "API keys". */
export function ApiKeyStatusChip({ apiKey }: { apiKey: ApiKey }) {
  const status = apiKeyStatus(apiKey);
  return <Chip size="small" label={status.label} color={status.color} />;
}

/** The profile with its label and colour (Administrador, Solo Lectura, Contratos, Financiero). */
export function ApiKeyProfileChip({ apiKey }: { apiKey: ApiKey }) {
  const color = API_KEY_PROFILES.find((p) => p.value === apiKey.profile)?.color ?? 'default';
  return <Chip size="small" variant="outlined" label={apiKeyProfileLabel(apiKey.profile)} color={color} />;
}
