import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_BUSINESS_TZ, isKnownTimeZone } from '@airlink/domain';
import { z } from 'zod';
import { DEFAULT_MERCADOPAGO_API_URL, MERCADOPAGO_TIMEOUT_MS } from './integrations/mercadopago/client';

/** Facturapi's real address (docs/protocols/facturapi.md); FACTURAPI_API_URL replaces it. Includes `/v2`. */
export const FACTURAPI_DEFAULT_URL = 'https://www.facturapi.io/v2';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  APP_SECRET: z.string().optional(),
  /** Earlier APP_SECRETs, comma-separated: sealed values made with them still open until `npm run secrets:rotate`. */
  APP_SECRET_PREVIOUS: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  ENV_FILE: z.string().optional(),
  OIDC_ISSUER: z.string().url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  AUTH_DEV_LOGIN: bool.optional(),
  DEMO_DATA: bool.optional(),
  DEMO_OIDC: bool.optional(),
  DEMO_OIDC_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  BUSINESS_TZ: z
    .string()
    .default(DEFAULT_BUSINESS_TZ)
    .refine(isKnownTimeZone, 'zona horaria desconocida; usa un nombre IANA como America/Mexico_City'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  /** Behind a reverse proxy: 'true', or the proxies' addresses/CIDRs separated by commas. Off by default. */
  TRUST_PROXY: z.string().optional(),
  /** Seconds between two polls of every radio and router (docs/business-rules.md "Configuration"). */
  NETWORK_POLL_SECONDS: z.coerce
    .number({ error: 'debe ser un número entero de segundos' })
    .int('debe ser un número entero de segundos')
    .min(5, 'mínimo 5 segundos')
    .max(3600, 'máximo 3600 segundos')
    .default(60),
  /** Run the job runner (polling, rollups, reconciliation) in this instance; default on (off in tests). */
  JOBS: bool.optional(),
  /** Requests per minute each API key may make (across instances with REDIS_URL). */
  API_KEY_RATE_LIMIT: z.coerce
    .number({ error: 'debe ser un número entero de solicitudes por minuto' })
    .int('debe ser un número entero de solicitudes por minuto')
    .min(1, 'mínimo 1 solicitud por minuto')
    .max(100_000, 'máximo 100000 solicitudes por minuto')
    .default(600),
  /** Evolution API v2 (WhatsApp): base URL for every instance; unset in the demo runs a fake on loopback. */
  EVOLUTION_API_URL: z.string().trim().url('debe ser una dirección http(s)://…').optional().or(z.literal('')),
  /** Evolution's global key (AUTHENTICATION_API_KEY), used by instances without their own key. */
  EVOLUTION_API_KEY: z.string().trim().optional(),
  /** Port of the demo's fake Evolution server (default PORT+2). */
  DEMO_EVOLUTION_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Facturapi (the PAC for CFDI invoices), its address including /v2; default its real one. */
  FACTURAPI_API_URL: z.string().trim().url('debe ser una dirección http(s)://…').optional().or(z.literal('')),
  /** Facturapi's secret key (sk_test_… or sk_live_…); takes precedence over the one in Administración › Facturación. */
  FACTURAPI_KEY: z.string().trim().optional(),
  /** Mercado Pago's API (default https://api.mercadopago.com); unset in the demo runs a fake on loopback. */
  MERCADOPAGO_API_URL: z.string().trim().url('debe ser una dirección http(s)://…').optional().or(z.literal('')),
  /** Mercado Pago access token (APP_USR-…): wins over the one saved in Administración › Pagos en línea. */
  MERCADOPAGO_ACCESS_TOKEN: z.string().trim().optional(),
  /** The webhook's secret signature (Tus integraciones › Webhooks): wins over the saved one. */
  MERCADOPAGO_WEBHOOK_SECRET: z.string().trim().optional(),
  /** Port of the demo's fake Facturapi PAC (default PORT+4). */
  DEMO_FACTURAPI_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Port of the demo's fake Mercado Pago (default PORT+3). */
  DEMO_MERCADOPAGO_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

/** Fastify's trustProxy from TRUST_PROXY: false when unset, so clients cannot fake their address. */
function parseTrustProxy(v: string | undefined): boolean | string[] {
  const t = v?.trim();
  if (!t || ['0', 'false', 'no', 'off'].includes(t)) return false;
  if (['1', 'true', 'yes', 'on'].includes(t)) return true;
  return t
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
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
  /** Earlier secrets whose sealed values can still be opened (key rotation). */
  previousAppSecrets: string[];
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
  /** Seconds between two network polls (NETWORK_POLL_SECONDS). */
  networkPollSeconds: number;
  /** Whether this instance runs scheduled jobs (JOBS; default on, off when NODE_ENV=test). */
  runJobs: boolean;
  /** Requests per minute per API key (API_KEY_RATE_LIMIT, default 600). */
  apiKeyRatePerMinute: number;
  /**
   * Evolution API (WhatsApp): `url` overrides every instance's base URL and `key` is the global key for an
   * instance without its own; `timeoutMs` bounds every call (10 s). `demoFake`: the demo (demo data) runs a
   * fake Evolution server on loopback at `demoPort`; never in production nor with EVOLUTION_API_URL.
   */
  evolution: { url?: string; key?: string; timeoutMs: number; demoFake: boolean; demoPort: number };
  /**
   * Facturapi (CFDI invoices, docs/invoicing.md): `url` (with /v2) and `key` from the environment take precedence
   * over Administración › Facturación; `timeoutMs` bounds every call (10 s).
   */
  /**
   * Facturapi (invoicing, issue 26): `url` (FACTURAPI_API_URL, default the real API with `/v2`), `key`
   * (FACTURAPI_KEY, over the sealed one of Administración › Facturación). `demoFake`: the demo runs a fake PAC on
   * loopback at `demoPort`; never in production nor with FACTURAPI_API_URL.
   */
  facturapi: { url: string; key?: string; timeoutMs: number; demoFake?: boolean; demoPort?: number };
  /**
   * Mercado Pago (online payments, issue 24): `apiUrl` (MERCADOPAGO_API_URL, default the real API); `accessToken`
   * and `webhookSecret` from the environment win over Administración's; `timeoutMs` bounds every call (10 s).
   * `demoFake`: the demo runs a fake Mercado Pago on loopback at `demoPort`; never in production nor with
   * MERCADOPAGO_API_URL.
   */
  mercadoPago: {
    apiUrl: string;
    accessToken?: string;
    webhookSecret?: string;
    timeoutMs: number;
    demoFake: boolean;
    demoPort: number;
  };
}

/** Reads APP_SECRET, or in embedded mode keeps a generated one in DATA_DIR. */
function resolveSecret(given: string | undefined, dataDir: string, embedded: boolean): string {
  if (given) return given;
  if (!embedded)
    throw new ConfigError([`APP_SECRET: falta; es obligatorio con DATABASE_URL o en producción; ${GENERATE_SECRET}`]);
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A configuration the server must not start with; each line names one variable and what is wrong with it. */
export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(`Configuración inválida:\n${lines.map((l) => `  - ${l}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const GENERATE_SECRET = 'genera uno con `openssl rand -base64 48`';
/** Words of placeholders and examples that must never be a production secret (runs like 1234 are `hasLowVariety`'s). */
const PLACEHOLDER_WORDS = /cambia|change|example|ejemplo|secret|secreto|password|contrase|airlink/i;

/** Fewest different characters a production secret has (random hex of 32 characters has about 14). */
const MIN_DISTINCT_CHARACTERS = 8;

/**
 * Whether a secret has too little variety to be random, whatever its length: fewer than
 * MIN_DISTINCT_CHARACTERS different characters ('aaaa…', 'abab…'), one piece repeated ('0123456789' x 4,
 * 'Zq8vN3kW…Zq8vN3kW…'), or half of its steps or more repeating the step before (a run such as the alphabet
 * 'abcd…', '9876…' or 'aceg…': the same difference between neighbouring characters). Random text of 32+
 * characters (base64 or hex) almost never repeats a step: about one step in sixteen for hex.
 */
export function hasLowVariety(secret: string): boolean {
  const chars = [...secret];
  if (new Set(chars).size < MIN_DISTINCT_CHARACTERS) return true;
  if (/^([\s\S]+?)\1+$/.test(secret)) return true;
  const codes = chars.map((c) => c.codePointAt(0)!);
  let repeatedSteps = 0;
  for (let i = 2; i < codes.length; i++) {
    if (codes[i]! - codes[i - 1]! === codes[i - 1]! - codes[i - 2]!) repeatedSteps++;
  }
  return repeatedSteps * 2 >= codes.length - 2;
}

/** Why a production APP_SECRET is missing or weak, or null when it looks like 32+ random characters. */
export function appSecretProblem(secret: string | undefined): string | null {
  if (!secret?.trim()) return `APP_SECRET: falta; ${GENERATE_SECRET}`;
  const s = secret.trim();
  if (s.length < 32)
    return `APP_SECRET: es demasiado corto (${s.length} caracteres; mínimo 32 aleatorios); ${GENERATE_SECRET}`;
  if (hasLowVariety(s) || PLACEHOLDER_WORDS.test(s)) return `APP_SECRET: no parece aleatorio; ${GENERATE_SECRET}`;
  return null;
}

function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\./.test(h) || h === '0.0.0.0';
}

/** An http:// address of another machine: what it carries (tokens, keys) would cross the network unencrypted. */
function isPlainHttpElsewhere(url: string): boolean {
  const u = new URL(url);
  return u.protocol === 'http:' && !isLoopbackHost(u.hostname);
}

/** NODE_ENV=production refuses to start without a strong secret, its public address and a real OIDC client. */
function productionProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  const secret = appSecretProblem(e.APP_SECRET);
  if (secret) problems.push(secret);
  if (!e.PUBLIC_URL)
    problems.push('PUBLIC_URL: falta; la dirección con la que el personal abre la aplicación (https://…)');
  else if (isPlainHttpElsewhere(e.PUBLIC_URL))
    problems.push(
      `PUBLIC_URL: ${e.PUBLIC_URL} no usa https; las sesiones viajarían sin cifrar (http solo en 127.0.0.1 o localhost)`,
    );
  if (e.DEMO_DATA)
    problems.push(
      'DEMO_DATA: la demostración no se permite en producción (crea un administrador y cambia las direcciones de los radios); quítala',
    );
  if (e.EVOLUTION_API_URL && isPlainHttpElsewhere(e.EVOLUTION_API_URL))
    problems.push(
      `EVOLUTION_API_URL: ${e.EVOLUTION_API_URL} no usa https; la clave de WhatsApp viajaría sin cifrar (http solo en 127.0.0.1 o localhost)`,
    );
  if (e.FACTURAPI_API_URL && isPlainHttpElsewhere(e.FACTURAPI_API_URL))
    problems.push(
      `FACTURAPI_API_URL: ${e.FACTURAPI_API_URL} no usa https; la llave del PAC viajaría sin cifrar (http solo en 127.0.0.1 o localhost)`,
    );
  if (e.MERCADOPAGO_API_URL && isPlainHttpElsewhere(e.MERCADOPAGO_API_URL))
    problems.push(
      `MERCADOPAGO_API_URL: ${e.MERCADOPAGO_API_URL} no usa https; el access token de Mercado Pago viajaría sin cifrar (http solo en 127.0.0.1 o localhost)`,
    );
  const issuer = new URL(e.OIDC_ISSUER);
  if (issuer.protocol !== 'https:' || isLoopbackHost(issuer.hostname)) {
    problems.push(
      `OIDC_ISSUER: ${e.OIDC_ISSUER} no es un proveedor real; usa la dirección https del proveedor (por omisión https://accounts.google.com)`,
    );
  }
  if (!e.OIDC_CLIENT_ID?.trim())
    problems.push(
      'OIDC_CLIENT_ID: falta; el id del cliente OAuth creado en el proveedor (Google Cloud › Credenciales)',
    );
  if (!e.OIDC_CLIENT_SECRET?.trim()) problems.push('OIDC_CLIENT_SECRET: falta; el secreto de ese cliente OAuth');
  return problems;
}

/** Parses the environment once (docs/business-rules.md "Configuration"); the server reads `.env` into it first (lib/env-file.ts). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const embedded = !e.DATABASE_URL;
  const production = e.NODE_ENV === 'production';
  if (production) {
    const problems = productionProblems(e);
    if (problems.length) throw new ConfigError(problems);
  } else if (e.APP_SECRET !== undefined && e.APP_SECRET.trim().length < 32) {
    throw new ConfigError(['APP_SECRET: debe tener al menos 32 caracteres']);
  }
  // Demo sign-in and the demo identity provider never exist in production, whatever the variables say.
  const devLogin = !production && (e.AUTH_DEV_LOGIN ?? embedded);
  const dataDir = path.resolve(e.DATA_DIR);
  const cfg: AppConfig = {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    appSecret: overrides.appSecret ?? resolveSecret(e.APP_SECRET?.trim(), dataDir, embedded && !production),
    previousAppSecrets: (e.APP_SECRET_PREVIOUS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    oidc: { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET },
    devLogin,
    demoData: e.DEMO_DATA ?? (embedded && !production),
    demoOidc: !production && (e.DEMO_OIDC ?? (devLogin && !e.OIDC_CLIENT_ID)),
    demoOidcPort: e.DEMO_OIDC_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 1),
    businessTz: e.BUSINESS_TZ,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    networkPollSeconds: e.NETWORK_POLL_SECONDS,
    runJobs: e.JOBS ?? e.NODE_ENV !== 'test',
    apiKeyRatePerMinute: e.API_KEY_RATE_LIMIT,
    evolution: {
      url: e.EVOLUTION_API_URL?.replace(/\/+$/, '') || undefined,
      key: e.EVOLUTION_API_KEY || undefined,
      timeoutMs: 10_000,
      demoFake: !production && !e.EVOLUTION_API_URL,
      demoPort: e.DEMO_EVOLUTION_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 2),
    },
    facturapi: {
      url: e.FACTURAPI_API_URL?.replace(/\/+$/, '') || FACTURAPI_DEFAULT_URL,
      key: e.FACTURAPI_KEY || undefined,
      timeoutMs: 10_000,
      demoFake: !production && !e.FACTURAPI_API_URL,
      demoPort: e.DEMO_FACTURAPI_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 4),
    },
    mercadoPago: {
      apiUrl: e.MERCADOPAGO_API_URL?.replace(/\/+$/, '') || DEFAULT_MERCADOPAGO_API_URL,
      accessToken: e.MERCADOPAGO_ACCESS_TOKEN || undefined,
      webhookSecret: e.MERCADOPAGO_WEBHOOK_SECRET || undefined,
      timeoutMs: MERCADOPAGO_TIMEOUT_MS,
      demoFake: !production && !e.MERCADOPAGO_API_URL,
      demoPort: e.DEMO_MERCADOPAGO_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 3),
    },
  };
  const merged = { ...cfg, ...overrides };
  return merged.production
    ? {
        ...merged,
        devLogin: false,
        demoOidc: false,
        evolution: { ...merged.evolution, demoFake: false },
        mercadoPago: { ...merged.mercadoPago, demoFake: false },
        facturapi: { ...merged.facturapi, demoFake: false },
      }
    : merged;
}
