import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../lib/errors';
import { defaultWebDistFolder } from '../lib/paths';

/** Where the built web app is, unless WEB_DIST says otherwise. */
export function defaultWebDist(): string {
  return defaultWebDistFolder;
}

/** API answers are never stored (they carry personal and financial data, and they change). */
export const API_CACHE = 'no-store';
/** The page is revalidated on every load, so a new deployment is picked up at once. */
export const PAGE_CACHE = 'no-cache';
/** Vite's hashed build files (`/assets/name-HASH.js`) never change under their name. */
export const ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Other files of the build (favicon, manifest): an hour. */
const OTHER_CACHE = 'public, max-age=3600';

const isApiPath = (url: string) => {
  const u = url.toLowerCase();
  return u.startsWith('/api/') || u === '/api' || u.startsWith('/api?');
};

/**
 * Cache policy: `no-store` on every /api answer (errors and 404s included, set last so no route can
 * forget it), `no-cache` on index.html, a year and immutable for hashed assets.
 */
export function registerCachePolicy(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url)) reply.header('Cache-Control', API_CACHE);
    done(null, payload);
  });
}

/** Cache-Control of a file of the web build, by its path inside the build folder. */
export function staticCacheControl(relativePath: string): string {
  const p = relativePath.replace(/\\/g, '/').replace(/^\/+/, '');
  if (p === 'index.html' || p === PORTAL_PAGE) return PAGE_CACHE;
  if (p.startsWith('assets/')) return ASSET_CACHE;
  return OTHER_CACHE;
}

/** The customers' portal: its own page of the build, served at /portal and every address under it. */
const PORTAL_PAGE = 'portal.html';
const isPortalPath = (url: string) => /^\/portal(\/|\?|#|$)/.test(url);

/**
 * Serves the built web app and answers unknown non-API GETs with index.html (SPA fallback), or with portal.html
 * under /portal (the customers' portal, docs/architecture.md); unknown API paths get a JSON 404.
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string) {
  registerCachePolicy(app);
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply, filePath) =>
        void reply.header('Cache-Control', staticCacheControl(path.relative(webDist, filePath))),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.toLowerCase();
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/notificationhub');
    // A missing build file (a tab still on the previous version) must not get index.html as its script.
    const isAsset = url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      const page = isPortalPath(url) && existsSync(path.join(webDist, PORTAL_PAGE)) ? PORTAL_PAGE : 'index.html';
      return reply.header('Cache-Control', PAGE_CACHE).sendFile(page);
    }
    if (!isApi && !isAsset && !hasWeb && request.method === 'GET') {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><meta charset="utf-8"><title>AirLink</title><p>La aplicación web no está compilada. Ejecuta <code>npm start</code> desde la raíz del proyecto.</p>',
        );
    }
    // A missing asset must not be cached (the next deployment may bring it); /api gets no-store anyway.
    return reply
      .status(404)
      .header('Cache-Control', API_CACHE)
      .send(errorBody('not_found', 'La ruta solicitada no existe.'));
  });
}
