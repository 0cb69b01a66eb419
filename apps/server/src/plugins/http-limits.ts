import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../lib/errors';

/** Longest URL (path and query) a request may have; longer is a 414. Node refuses heads over 16 KiB itself. */
export const MAX_URL_LENGTH = 8 * 1024;

/** The Spanish answers of HTTP limits, in the API's error shape `{ error, message }`. */
export const LIMIT_ANSWERS = {
  400: errorBody('bad_request', 'La solicitud HTTP no es válida.'),
  408: errorBody('request_timeout', 'La solicitud tardó demasiado en llegar. Intenta de nuevo.'),
  413: errorBody('payload_too_large', 'El contenido enviado es demasiado grande.'),
  414: errorBody('uri_too_long', 'La dirección (URL) de la solicitud es demasiado larga.'),
  431: errorBody('headers_too_large', 'Los encabezados de la solicitud son demasiado grandes.'),
};

const REASONS: Record<keyof typeof LIMIT_ANSWERS, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/**
 * Whether a head the HTTP parser refused as too large is so because of its request line (a 414) rather
 * than its header fields (a 431): the packet starts with the request line and that line alone is too long.
 */
export function isUrlOverflow(raw: Buffer | undefined): boolean {
  if (!raw || raw.length === 0) return false;
  const head = raw.subarray(0, Math.min(raw.length, MAX_URL_LENGTH + 64)).toString('latin1');
  if (!/^[A-Z]+ /.test(head)) return false;
  const end = head.indexOf('\r\n');
  return end === -1 ? raw.length > MAX_URL_LENGTH : end > MAX_URL_LENGTH;
}

/**
 * Errors of the HTTP parser, before Fastify has a request (Fastify's `clientErrorHandler`): a head over
 * Node's limit is a 414 (long URL) or a 431 (long or many headers), a slow client a 408, anything else a
 * 400, each with a Spanish JSON body, and the connection is closed.
 */
export function clientErrorHandler(err: ConnectionError, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // Node passes the refused bytes as a Buffer (Fastify's type describes its JSON form).
  const raw: unknown = err.rawPacket;
  const status: keyof typeof LIMIT_ANSWERS =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? isUrlOverflow(Buffer.isBuffer(raw) ? raw : undefined)
        ? 414
        : 431
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : err.code === 'HPE_URI_TOO_LONG'
          ? 414
          : 400;
  if (socket.writable) {
    const body = JSON.stringify(LIMIT_ANSWERS[status]);
    socket.write(
      `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Errors Fastify meets while routing (through its `frameworkErrors` option): a URL that cannot be decoded
 * (`/api/contratos/%E0%A4%A`) is a 400, a path parameter over `maxParamLength` a 414, in Spanish.
 */
export function answerFrameworkError(error: FastifyError, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send(LIMIT_ANSWERS[414]);
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send(errorBody('bad_request', 'La dirección (URL) de la solicitud no es válida.'));
  }
  return reply.status(400).send(LIMIT_ANSWERS[400]);
}

/** A URL longer than MAX_URL_LENGTH that still fit Node's limit is refused before routing work is done. */
export function registerUrlLimit(app: FastifyInstance) {
  // Callback hooks here and in the other guards: no promise per request (docs/performance.md).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.length > MAX_URL_LENGTH) {
      void reply.status(414).send(LIMIT_ANSWERS[414]);
      return;
    }
    done();
  });
}

/** Largest body of a signed-in request (bank statements, long notes); a public route carries far less. */
export const BODY_LIMIT = 5 * 1024 * 1024;
/** Largest body of a public route unless it declares its own: a code, a refresh token or an email. */
export const PUBLIC_BODY_LIMIT = 4 * 1024;
/** Per client address, each public route that takes a body, unless it declares its own limit. */
const PUBLIC_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Public routes are cheap to refuse: each one that takes a body (`config.access: 'public'`: sign-in, code
 * exchange, refresh, the WhatsApp webhook) gets PUBLIC_BODY_LIMIT and PUBLIC_RATE_LIMIT per client address
 * unless it declares its own `bodyLimit` or `config.rateLimit`. Registered before @fastify/rate-limit, whose
 * own `onRoute` hook then sees the limit.
 */
export function registerPublicRouteLimits(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.config?.access !== 'public') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => BODY_METHODS.has(m.toUpperCase()))) return;
    route.bodyLimit ??= PUBLIC_BODY_LIMIT;
    route.config.rateLimit ??= PUBLIC_RATE_LIMIT;
  });
}

/** Whether a request announced a body that has not fully arrived (nobody read it: it was refused first). */
function bodyNotRead(request: FastifyRequest): boolean {
  const { headers } = request;
  const announced =
    headers['transfer-encoding'] !== undefined ||
    (headers['content-length'] !== undefined && headers['content-length'] !== '0');
  return announced && request.raw.complete === false;
}

/**
 * A refusal sent before the body was read (401 of a bad credential or webhook token, 413 by Content-Length,
 * 429) closes the connection: Node would otherwise read and discard the rest of the body to keep the
 * connection alive, so a flood of large bodies would still be received in full.
 */
export function registerEarlyRefusalClose(app: FastifyInstance) {
  // A callback hook (no promise per request: every answer passes here).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && bodyNotRead(request)) reply.header('connection', 'close');
    done(null, payload);
  });
}
