import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { contentSecurityDirectives } from './csp';

/**
 * The headers helmet sets for our options, worked out once: helmet's middleware runs against a recording
 * response at start, and every request then gets the same header values (helmet's answer does not depend on
 * the request for these options). @fastify/helmet built and ran a new helmet middleware on each request,
 * re-parsing the CSP directives every time (about 3% of a light request's CPU under load).
 */
export function securityHeaders(publicUrl: string): Record<string, string> {
  const set: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    // helmet removes X-Powered-By, which Fastify never sets.
    removeHeader() {},
  };
  helmet({
    contentSecurityPolicy: { directives: contentSecurityDirectives(publicUrl) },
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return set;
}

/** Every answer (API, web, errors) carries helmet's security headers, as worked out once by `securityHeaders`. */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string) {
  const headers = securityHeaders(publicUrl);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
