import { ACTIONS, canDo, type ActionKey } from '@airlink/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors';
import type { AuthService } from '../modules/auth/auth.service';
import type { AuthUser } from '../modules/auth/auth-user';

export type RouteAccess = ActionKey | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The access-table action this route needs (packages/domain ACTIONS), or 'public'. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1]! : null;
}

/** The signed-in user of a guarded route (the guard has already refused anonymous requests). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

const UNGUARDED = [/^\/api\/docs(\/|$)/i];

/**
 * Every /api route declares its access in `config.access`; registering one without it fails at start.
 * On each request: 401 without a valid token of a live session, 403 below the action's level.
 */
export function registerAuthGuard(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.toLowerCase().startsWith('/api/') || UNGUARDED.some((r) => r.test(route.url))) return;
    const access = route.config?.access;
    if (!access || (access !== 'public' && !(access in ACTIONS))) {
      throw new Error(`Route ${route.method} ${route.url} has no valid config.access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized('Inicia sesión para continuar.');
    const user = await auth.authenticate(token);
    if (!user) throw unauthorized();
    if (!canDo(user.level, access)) throw forbidden();
    request.user = user;
  });
}
