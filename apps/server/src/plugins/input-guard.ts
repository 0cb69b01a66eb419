import { findUnsafeText, INVALID_TEXT_MESSAGE } from '@airlink/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body is a remote system's data, not what a person typed (Evolution's webhook): its strings may carry
     * control characters or lone surrogates, which the route's parser replaces instead of refusing the body.
     * The query and the path are still checked.
     */
    foreignBody?: boolean;
  }
}

/** Deepest nesting of arrays and objects a request body may have (our payloads use 3). */
export const MAX_BODY_DEPTH = 32;

function deeperThan(value: unknown, limit: number): boolean {
  if (!value || typeof value !== 'object') return false;
  if (limit <= 0) return true;
  for (const item of Object.values(value)) if (deeperThan(item, limit - 1)) return true;
  return false;
}

/**
 * Before any handler or schema sees a request: every string of the JSON body, the query and the path
 * (and every key) must be text a person can have typed, i.e. no lone UTF-16 surrogates and no control
 * characters other than tab and line breaks (which one-line fields refuse in their own schemas). This
 * covers fields a schema lets through untouched (ignored compatibility fields) and routes added later.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    if (deeperThan(request.body, MAX_BODY_DEPTH)) {
      done(new AppError(400, 'bad_request', 'Los datos enviados tienen demasiados niveles anidados.'));
      return;
    }
    const foreignBody = request.routeOptions.config.foreignBody === true;
    for (const [where, value] of [
      ['los datos enviados', foreignBody ? undefined : request.body],
      ['los parámetros', request.query],
      ['la ruta', request.params],
    ] as const) {
      const field = findUnsafeText(value);
      if (field !== null) {
        done(
          new AppError(
            400,
            'invalid_text',
            `Revisa ${where}: ${field === '_' ? '' : `${field}: `}${INVALID_TEXT_MESSAGE}.`,
            {
              [field]: [INVALID_TEXT_MESSAGE],
            },
          ),
        );
        return;
      }
    }
    done();
  });
}
