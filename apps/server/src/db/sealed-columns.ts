/**
 * Every column that holds a value sealed by the secret box (lib/secret-box.ts). `npm run secrets:rotate`
 * reseals them all with the current APP_SECRET; an area that stores a new secret adds its column here.
 */
export const SEALED_COLUMNS = [
  { table: 'sites', column: 'password_enc' },
  { table: 'routers', column: 'password_enc' },
  { table: 'devices', column: 'password_enc' },
  { table: 'messaging_instances', column: 'api_key_enc' },
  { table: 'facturacion_ajustes', column: 'pac_key_enc' },
  { table: 'pagos_en_linea_config', column: 'access_token_enc' },
  { table: 'pagos_en_linea_config', column: 'webhook_secret_enc' },
] as const;

export type SealedColumn = (typeof SEALED_COLUMNS)[number];
