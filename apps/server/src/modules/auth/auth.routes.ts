import {
  devLoginBodySchema,
  devUserSchema,
  refreshTokenBodySchema,
  refreshTokenResponseSchema,
  signInCodeBodySchema,
  signInResponseSchema,
} from '@airlink/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { currentUser } from '../../plugins/auth';
import { OidcCallbackError, type OidcClient } from '../../integrations/oidc/client';

const tags = ['Sesión'];
const OIDC_COOKIE = 'airlink_oidc';
const authRateLimit = { max: 30, timeWindow: '1 minute' };

function clientMeta(req: FastifyRequest) {
  return { ipAddress: req.ip, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500) };
}

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; oidc: OidcClient }> = async (app, { ctx, oidc }) => {
  const { config } = ctx;
  const secureCookie = config.publicUrl.startsWith('https://');
  const logedout = (reply: FastifyReply, reason: string) =>
    reply.redirect(`${config.publicUrl}/logedout?error=${encodeURIComponent(reason)}`);

  app.get('/api/auth/authorize', {
    config: { access: 'public', rateLimit: authRateLimit },
    schema: { tags, summary: 'Inicia el inicio de sesión con el proveedor OpenID Connect (Google por omisión)' },
    handler: async (req, reply) => {
      if (!oidc.configured)
        return logedout(reply, 'El inicio de sesión con Google no está configurado en este servidor.');
      try {
        const { url, cookie } = await oidc.begin();
        reply.setCookie(OIDC_COOKIE, cookie, {
          path: '/api/auth',
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookie,
          maxAge: 600,
        });
        return reply.redirect(url);
      } catch (err) {
        req.log.error({ err }, 'OIDC authorize failed');
        return logedout(reply, 'No se pudo contactar al proveedor de identidad. Intenta de nuevo en unos minutos.');
      }
    },
  });

  app.get('/api/auth/callback', {
    config: { access: 'public', rateLimit: authRateLimit },
    schema: {
      tags,
      summary: 'Regreso del proveedor de identidad; redirige a /auth/callback con un código de un solo uso',
    },
    handler: async (req, reply) => {
      const cookie = req.cookies[OIDC_COOKIE];
      reply.clearCookie(OIDC_COOKIE, { path: '/api/auth' });
      try {
        const identity = await oidc.finish(new URL(req.url, config.publicUrl), cookie);
        const found = await ctx.auth.userForSignIn(identity.email);
        if ('error' in found) return logedout(reply, found.error);
        const user = await ctx.auth.updatePicture(found.user, identity.picture);
        // Never the token in a URL (history, proxy logs, Referer): a one-time code the web exchanges by POST.
        const code = await ctx.auth.startSessionWithCode(user, clientMeta(req));
        return reply.redirect(`${config.publicUrl}/auth/callback?${new URLSearchParams({ code }).toString()}`);
      } catch (err) {
        if (err instanceof OidcCallbackError) return logedout(reply, err.message);
        req.log.error({ err }, 'OIDC callback failed');
        return logedout(reply, 'No se pudo completar el inicio de sesión. Intenta de nuevo.');
      }
    },
  });

  app.post('/api/auth/exchange', {
    config: { access: 'public', rateLimit: authRateLimit },
    schema: {
      tags,
      summary: 'Cambia el código de un solo uso de /auth/callback (60 s) por el token y el usuario de la sesión',
      body: signInCodeBodySchema,
      response: { 200: signInResponseSchema },
    },
    handler: (req) => ctx.auth.exchangeCode(req.body.code),
  });

  // Demo sign-in exists only where the configuration allows it, never in production: elsewhere these are unknown routes.
  if (config.devLogin) {
    app.get('/api/auth/dev-users', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Usuarios de demostración (solo con AUTH_DEV_LOGIN)',
        response: { 200: z.array(devUserSchema) },
      },
      handler: () => ctx.auth.devUsers(),
    });

    app.post('/api/auth/dev-login', {
      config: { access: 'public', rateLimit: authRateLimit },
      schema: {
        tags,
        summary: 'Entrar como un usuario de demostración',
        body: devLoginBodySchema,
        response: { 200: signInResponseSchema },
      },
      handler: (req) => ctx.auth.devLogin(req.body.email, clientMeta(req)),
    });
  }

  app.post('/api/login/refresh-token', {
    config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary: 'Renueva el token de una sesión vigente',
      body: refreshTokenBodySchema,
      response: { 200: refreshTokenResponseSchema },
    },
    handler: async (req) => ({ token: await ctx.auth.refresh(req.body.token) }),
  });

  app.post('/api/auth/logout', {
    config: { access: 'session.check' },
    schema: { tags, summary: 'Cierra la sesión del token' },
    handler: async (req, reply) => {
      const { sessionId } = currentUser(req);
      await ctx.auth.logout(sessionId);
      ctx.hub.endSessionConnections(sessionId, 'Cerraste tu sesión.');
      return reply.status(204).send();
    },
  });
};
