import {
  ACTIONS,
  apiKeyAllows,
  canDo,
  looksLikeApiKey,
  PORTAL_COOKIE_NAME,
  PORTAL_SIGN_IN_MESSAGE,
  type ActionKey,
} from '@airlink/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import type { AuthService } from '../modules/auth/auth.service';
import type { AuthUser } from '../modules/auth/auth-user';
import type { PortalPrincipal } from '../modules/portal/portal-auth.service';

/** An action of the access table, 'public', or 'portal' (only a customer portal session, docs/access.md "Customer portal"). */
export type RouteAccess = ActionKey | 'public' | 'portal';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The access-table action this route needs (packages/domain ACTIONS), or 'public'. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** The customer of a portal route (`config.access: 'portal'`). */
    portal: PortalPrincipal | null;
  }
}

/** Opens a customer portal session from its cookie's value (modules/portal). */
export interface PortalAuthenticator {
  authenticate(token: string | undefined): Promise<PortalPrincipal | null>;
}

export const STAFF_ON_PORTAL_MESSAGE =
  'El portal de clientes no acepta credenciales del personal (token o API Key): inicia sesión con tu contrato.';

/** The signed-in customer of a portal route (the guard has already refused anything else). */
export function currentPortal(request: FastifyRequest): PortalPrincipal {
  if (!request.portal) throw unauthorized(PORTAL_SIGN_IN_MESSAGE);
  return request.portal;
}

/** Turns a presented API key into its principal, or null (unknown, regenerated, inactive, expired, deleted). */
export interface ApiKeyAuthenticator {
  authenticate(key: string): Promise<AuthUser | null>;
}

export interface ApiKeyGuardOptions {
  keys: ApiKeyAuthenticator;
  /** Requests per minute each key may make (API_KEY_RATE_LIMIT). */
  perMinute: number;
}

export const API_KEY_INVALID_MESSAGE = 'La API Key no es válida, está inactiva, expiró o fue eliminada.';
export const API_KEY_AS_BEARER_MESSAGE =
  'Una API Key no es un token Bearer: envíala en el encabezado X-API-Key o como Authorization: ApiKey <clave>.';
export const API_KEY_FORBIDDEN_MESSAGE = 'El perfil de esta API Key no permite esta acción.';
export const API_KEY_RATE_LIMITED_MESSAGE =
  'Demasiadas solicitudes con esta API Key. Espera un momento e intenta de nuevo.';
/** Invalid API keys one client address may present per minute; the next ones are a 429 (guessing is slowed). */
export const INVALID_API_KEYS_PER_MINUTE = 20;
export const API_KEY_GUESSING_MESSAGE =
  'Demasiadas API Keys no válidas desde esta dirección. Espera un minuto e intenta de nuevo.';
const TWO_CREDENTIALS_MESSAGE = 'Envía una sola credencial: un token de sesión o una API Key, no ambos.';

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1]! : null;
}

/**
 * The API key a request carries: `X-API-Key: <key>` or `Authorization: ApiKey <key>`, trimmed of the spaces
 * and line breaks a paste leaves around it. `undefined` when none is sent; '' when the header is empty.
 */
export function presentedApiKey(headers: FastifyRequest['headers']): string | undefined {
  const raw = headers['x-api-key'];
  const header = Array.isArray(raw) ? raw.join(',') : raw;
  if (header !== undefined) return header.trim();
  const m = /^\s*ApiKey\s+([\s\S]*)$/i.exec(headers.authorization ?? '');
  return m ? m[1]!.trim() : undefined;
}

/** The signed-in user of a guarded route (the guard has already refused anonymous requests). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

const UNGUARDED = [/^\/api\/docs(\/|$)/i];
/** The public session routes (sign-in, exchange, refresh): a request carrying an API key is refused there. */
const SESSION_ROUTES = /^\/api\/(auth|login)\//i;
export const API_KEY_NO_SESSION_MESSAGE = 'Una API Key no puede iniciar ni renovar sesiones.';

/**
 * Every /api route declares its access in `config.access`; registering one without it fails at start.
 * On each request: 401 without a valid token of a live session (or a valid API key), 403 below the
 * action's level. An API key goes through the same table at level 20 (its owner's current level when lower)
 * and then through its profile (`apiKeyAllows`: never sessions, users or keys), is rate-limited per key
 * (invalid keys per client address: INVALID_API_KEYS_PER_MINUTE), and every audit record the request writes
 * names it (the services pass the request's user, which carries `apiKey`, to the audit: audit.repository.ts).
 */
export function registerAuthGuard(
  app: FastifyInstance,
  auth: AuthService,
  apiKeys: ApiKeyGuardOptions,
  portal: PortalAuthenticator,
) {
  app.decorateRequest('user', null);
  app.decorateRequest('portal', null);
  const keyLimit = app.createRateLimit({
    max: apiKeys.perMinute,
    timeWindow: 60_000,
    // The id and creation instant: one counter per key, even across databases sharing one Redis.
    keyGenerator: (req) => {
      const key = req.user?.apiKey;
      return key ? `apikey:${key.id}:${key.createdAt.getTime()}` : 'apikey:none';
    },
  });

  // Counted per client address only when a key fails; a valid key from that address still works.
  const invalidKeyLimit = app.createRateLimit({
    max: INVALID_API_KEYS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req) => `apikey-invalid:${req.ip}`,
  });

  app.addHook('onRoute', (route) => {
    if (!route.url.toLowerCase().startsWith('/api/') || UNGUARDED.some((r) => r.test(route.url))) return;
    const access = route.config?.access;
    if (!access || (access !== 'public' && access !== 'portal' && !(access in ACTIONS))) {
      throw new Error(`Route ${route.method} ${route.url} has no valid config.access`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const key = presentedApiKey(request.headers);
    if (access === 'portal') {
      // Only the portal's cookie opens a portal route: a staff token or API key never does.
      if (key !== undefined || bearerToken(request.headers.authorization)) throw unauthorized(STAFF_ON_PORTAL_MESSAGE);
      const principal = await portal.authenticate(request.cookies[PORTAL_COOKIE_NAME]);
      if (!principal) throw unauthorized(PORTAL_SIGN_IN_MESSAGE);
      request.portal = principal;
      return;
    }
    if (access === 'public') {
      // Sign-in, code exchange, refresh: a key never opens or renews a session.
      if (key !== undefined && SESSION_ROUTES.test(request.routeOptions.url ?? '')) {
        throw forbidden(API_KEY_NO_SESSION_MESSAGE);
      }
      return;
    }
    const token = bearerToken(request.headers.authorization);
    if (key !== undefined) {
      if (token) throw unauthorized(TWO_CREDENTIALS_MESSAGE);
      const principal = key ? await apiKeys.keys.authenticate(key) : null;
      if (!principal?.apiKey) {
        const limit = await invalidKeyLimit(request);
        if (!limit.isAllowed && limit.isExceeded) {
          reply.header('retry-after', String(limit.ttlInSeconds));
          throw new AppError(429, 'rate_limited', API_KEY_GUESSING_MESSAGE);
        }
        throw unauthorized(API_KEY_INVALID_MESSAGE);
      }
      if (!apiKeyAllows(principal.apiKey.profile, access, request.method, principal.level)) {
        throw forbidden(API_KEY_FORBIDDEN_MESSAGE);
      }
      request.user = principal;
      const limit = await keyLimit(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', String(limit.ttlInSeconds));
        throw new AppError(429, 'rate_limited', API_KEY_RATE_LIMITED_MESSAGE);
      }
      return;
    }
    if (!token) throw unauthorized('Inicia sesión para continuar.');
    const user = await auth.authenticate(token);
    if (!user) throw unauthorized(looksLikeApiKey(token) ? API_KEY_AS_BEARER_MESSAGE : undefined);
    if (!canDo(user.level, access)) throw forbidden();
    request.user = user;
  });
}
