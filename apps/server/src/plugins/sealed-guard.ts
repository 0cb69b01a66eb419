import type { FastifyInstance } from 'fastify';
import { errorBody } from '../lib/errors';
import { containsSealedValue } from '../lib/secret-box';

/**
 * Sealed values never leave the server: an API answer that would carry one (a repository that selected a
 * `*_enc` column into a DTO) is replaced by a 500 and logged, so the mistake shows in tests, not in a browser.
 */
export function registerSealedValueGuard(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' || !containsSealedValue(payload)) {
      done(null, payload);
      return;
    }
    request.log.error({ url: request.url }, 'refused to send a sealed value');
    reply.status(500).header('content-type', 'application/json; charset=utf-8');
    done(null, JSON.stringify(errorBody('internal', 'Ocurrió un error interno. Intenta de nuevo.')));
  });
}
