import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, errorBody } from '../lib/errors';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/unavailable';
import { LIMIT_ANSWERS } from './http-limits';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function fieldOf(issue: ValidationIssue): string {
  const path = issue.params?.issue?.path;
  if (path && path.length) return path.map(String).join('.');
  return (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
}

/**
 * PostgreSQL text cannot hold some characters (NUL, code 22021) a JSON body or a query may carry:
 * that is bad input, not a server failure. Drizzle wraps the driver's error, so causes are followed.
 */
function isUnstorableText(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
  }
  return false;
}

/** Turns every failure into `{ error, message, details? }` with a Spanish message; never leaks a stack. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(errorBody(err.code, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details: Record<string, string[]> = {};
      for (const v of err.validation as ValidationIssue[]) {
        const field = fieldOf(v);
        (details[field] ??= []).push(v.params?.issue?.message ?? v.message ?? 'Valor inválido');
      }
      const where = {
        body: 'los datos enviados',
        querystring: 'los parámetros',
        params: 'la ruta',
        headers: 'los encabezados',
      }[err.validationContext ?? 'body'];
      const first = Object.entries(details)[0];
      const message = first
        ? `Revisa ${where ?? 'los datos'}: ${first[0] === '_' ? '' : `${first[0]}: `}${first[1][0]}`
        : 'Los datos enviados no son válidos.';
      return reply.status(400).send(errorBody('validation', message, details));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response does not match its schema');
      return reply.status(500).send(errorBody('internal', 'Ocurrió un error interno. Intenta de nuevo.'));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      const unavailable = databaseUnavailable();
      return reply
        .status(unavailable.statusCode)
        .header('Retry-After', '5')
        .send(errorBody(unavailable.code, unavailable.message));
    }
    if (isUnstorableText(err)) {
      return reply
        .status(400)
        .send(errorBody('bad_request', 'El texto contiene caracteres no permitidos (por ejemplo, el carácter nulo).'));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send(errorBody('rate_limited', 'Demasiadas solicitudes. Espera un momento e intenta de nuevo.'));
    }
    if (status === 415) {
      return reply.status(415).send(errorBody('unsupported_media_type', 'El contenido debe enviarse como JSON.'));
    }
    if (status === 413) return reply.status(413).send(LIMIT_ANSWERS[413]);
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        /JSON/i.test(err.message)
          ? 'El cuerpo de la solicitud no es un JSON válido.'
          : 'La solicitud no es válida.';
      return reply.status(status).send(errorBody('bad_request', message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('internal', 'Ocurrió un error interno. Intenta de nuevo.'));
  });
}
