import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  APP_SECRET: z.string().min(32, 'APP_SECRET debe tener al menos 32 caracteres').optional(),
  PUBLIC_URL: z.string().url().optional(),
  OIDC_ISSUER: z.string().url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  AUTH_DEV_LOGIN: bool.optional(),
  DEMO_DATA: bool.optional(),
  DEMO_OIDC: bool.optional(),
  DEMO_OIDC_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  BUSINESS_TZ: z.string().default('America/Mexico_City'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  /** Behind a reverse proxy: 'true', or the proxies' addresses/CIDRs separated by commas. Off by default. */
  TRUST_PROXY: z.string().optional(),
});

/** Fastify's trustProxy from TRUST_PROXY: false when unset, so clients cannot fake their address. */
function parseTrustProxy(v: string | undefined): boolean | string[] {
  const t = v?.trim();
  if (!t || ['0', 'false', 'no', 'off'].includes(t)) return false;
  if (['1', 'true', 'yes', 'on'].includes(t)) return true;
  return t.split(',').map((x) => x.trim()).filter(Boolean);
}

export interface AppConfig {
  env: string;
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  appSecret: string;
  publicUrl: string;
  oidc: { issuer: string; clientId?: string; clientSecret?: string };
  devLogin: boolean;
  demoData: boolean;
  /** Run a loopback OpenID provider with an account chooser, so 'Iniciar sesión con Google' works in the demo. */
  demoOidc: boolean;
  demoOidcPort: number;
  businessTz: string;
  webDist?: string;
  logLevel: string;
  trustProxy: boolean | string[];
}

/** Reads APP_SECRET, or in embedded mode keeps a generated one in DATA_DIR. */
function resolveSecret(given: string | undefined, dataDir: string, embedded: boolean): string {
  if (given) return given;
  if (!embedded) throw new Error('APP_SECRET es obligatorio cuando se usa DATABASE_URL');
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Parses the environment once (DESIGN.md section 5). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuración inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const embedded = !e.DATABASE_URL;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  const cfg: AppConfig = {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    appSecret: overrides.appSecret ?? resolveSecret(e.APP_SECRET, dataDir, embedded),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    oidc: { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET },
    devLogin: e.AUTH_DEV_LOGIN ?? (embedded && !production),
    demoData: e.DEMO_DATA ?? embedded,
    demoOidc: e.DEMO_OIDC ?? ((e.AUTH_DEV_LOGIN ?? (embedded && !production)) && !e.OIDC_CLIENT_ID),
    demoOidcPort: e.DEMO_OIDC_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 1),
    businessTz: e.BUSINESS_TZ,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
  return { ...cfg, ...overrides };
}
