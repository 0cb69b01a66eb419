import { createHash } from 'node:crypto';
import { LEVEL } from '@airlink/domain';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import type { AppConfig } from '../config';
import { AppError, forbidden } from '../lib/errors';
import type { AuthRepository } from '../modules/auth/auth.repository';
import { currentUser } from './auth';

export const DOCS_PREFIX = '/api/docs';
export const DOCS_COOKIE = 'airlink_docs';
/** How long the docs cookie opens the documentation (the admin asks again from the user menu). */
export const DOCS_COOKIE_SECONDS = 30 * 60;

const SIGN_IN_FIRST =
  'La documentación de la API es solo para administradores: ábrela desde el menú de tu usuario en AirLink (nivel 20).';

/** Signs and checks the short-lived docs cookie: the session it was made for, with its own key. */
class DocsPass {
  private readonly key: Uint8Array;
  constructor(appSecret: string) {
    this.key = createHash('sha256').update(`airlink:api-docs:${appSecret}`).digest();
  }
  sign(userId: number, sessionId: string): Promise<string> {
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(`${DOCS_COOKIE_SECONDS}s`)
      .sign(this.key);
  }
  async verify(value: string): Promise<{ userId: number; sessionId: string } | null> {
    try {
      const { payload } = await jwtVerify(value, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      return typeof payload.sid === 'string' && Number.isInteger(userId) ? { userId, sessionId: payload.sid } : null;
    } catch {
      return null;
    }
  }
}

/**
 * Swagger UI and its JSON/YAML at /api/docs. Open when NODE_ENV is not production. In production only a
 * signed-in level-20 user: a browser navigation carries no bearer token, so the web first calls
 * `POST /api/docs/session` with it and gets an HttpOnly, SameSite=Strict cookie scoped to /api/docs for
 * 30 minutes; every docs request then re-checks that cookie's session (not revoked, user active and
 * still level 20), so a logout or a demotion closes the docs at once.
 */
export async function registerApiDocs(app: FastifyInstance, config: AppConfig, authRepo: AuthRepository) {
  const pass = new DocsPass(config.appSecret);
  const secure = config.publicUrl.startsWith('https://');

  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!config.production) return;
    const value = request.cookies[DOCS_COOKIE];
    const claims = value ? await pass.verify(value) : null;
    const found = claims ? await authRepo.findSessionWithUser(claims.sessionId) : undefined;
    if (!claims || !found || found.session.revokedAt || !found.user.activo || found.user.id !== claims.userId) {
      if (value) reply.clearCookie(DOCS_COOKIE, { path: DOCS_PREFIX });
      throw new AppError(401, 'unauthorized', SIGN_IN_FIRST);
    }
    if (found.user.idPerfilUsuario < LEVEL.admin) throw forbidden(SIGN_IN_FIRST);
  };

  app.post(`${DOCS_PREFIX}/session`, {
    config: { access: 'admin.settings' },
    schema: {
      tags: ['Sistema'],
      summary: 'Abre la documentación de la API en este navegador (cookie de 30 minutos)',
      hide: true,
    },
    handler: async (request, reply) => {
      const user = currentUser(request);
      if (!user.sessionId) throw forbidden(SIGN_IN_FIRST);
      reply.setCookie(DOCS_COOKIE, await pass.sign(user.id, user.sessionId), {
        path: DOCS_PREFIX,
        httpOnly: true,
        sameSite: 'strict',
        secure,
        maxAge: DOCS_COOKIE_SECONDS,
      });
      return reply.status(204).send();
    },
  });

  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, uiHooks: { onRequest: guard } });
}
