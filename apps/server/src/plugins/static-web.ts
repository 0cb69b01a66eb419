import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { defaultWebDistFolder } from '../lib/paths';

/** Where the built web app is, unless WEB_DIST says otherwise. */
export function defaultWebDist(): string {
  return defaultWebDistFolder;
}

/**
 * Serves the built web app and answers unknown non-API GETs with index.html (SPA fallback);
 * unknown API paths get a JSON 404.
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.toLowerCase();
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/notificationhub');
    // A missing build file (a tab still on the previous version) must not get index.html as its script.
    const isAsset = url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    if (!isApi && !isAsset && !hasWeb && request.method === 'GET') {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><meta charset="utf-8"><title>AirLink</title><p>La aplicación web no está compilada. Ejecuta <code>npm start</code> desde la raíz del proyecto.</p>');
    }
    return reply.status(404).send({ error: 'not_found', message: 'La ruta solicitada no existe.' });
  });
}
