import { createHash } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingInstances } from '../src/db/schema';
import { API_KEY_GUESSING_MESSAGE, INVALID_API_KEYS_PER_MINUTE } from '../src/plugins/auth';
import { BODY_LIMIT, PUBLIC_BODY_LIMIT } from '../src/plugins/http-limits';
import { WEBHOOK_BODY_LIMIT } from '../src/modules/whatsapp/whatsapp.routes';
import { createTestApp, type TestApp } from './test-app';

/**
 * Public routes are cheap to refuse (issue 22, part 2): the WhatsApp webhook checks its token before it
 * reads a body; public routes that take a body have small body limits and per-address rate limits; a
 * refusal sent before the body arrived closes the connection, so a flood of 5 MB bodies is never read;
 * invalid API keys are limited per address.
 */

const WEBHOOK_TOKEN = 'token-de-prueba-0123456789abcdef';
const FIVE_MB = 5 * 1000 * 1000;

let t: TestApp;
let base: string;
let admin: string;
/** Every route as Fastify registered it (the same object the later onRoute hooks completed). */
const registered: RouteOptions[] = [];
/** Server-side sockets by the client's port, to read how many bytes the server took from each connection. */
const serverSockets = new Map<number, Socket>();

beforeAll(async () => {
  t = await createTestApp({ onRoute: (r) => void registered.push(r) });
  await t.database.db.insert(messagingInstances).values({
    department: 'Pruebas',
    phone: '7711230000',
    instanceName: 'Pruebas',
    webhookToken: createHash('sha256').update(WEBHOOK_TOKEN).digest('hex'),
  });
  admin = (await t.login('admin@test.mx')).token;
  base = await t.listen();
  t.app.server.on('connection', (s: Socket) => serverSockets.set(s.remotePort!, s));
});
afterAll(() => t?.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Body bytes this client had written when the answer came (it writes no more afterwards). */
  sentBodyBytes: number;
  /** The server closed the connection after answering. */
  closedByServer: boolean;
  /** Bytes the server read from this connection, head included. */
  serverBytesRead: number;
}

/**
 * A POST announcing `contentLength` bytes of JSON whose first `firstChunk` bytes are sent with the head; the rest
 * is never sent. The answer is read as it comes: a server that waits for the whole body never answers. 8 kB stays
 * under Node's 16 kB request buffer, so the server takes it off the socket and its close is a plain FIN.
 */
function postWithoutBody(
  path: string,
  contentLength: number,
  headers: Record<string, string> = {},
  firstChunk = 8 * 1024,
): Promise<RawAnswer> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let raw = '';
    let answer: Omit<RawAnswer, 'closedByServer' | 'serverBytesRead'> | null = null;
    socket.setEncoding('latin1');
    // Closing a connection with unread bytes may end it with a reset: once answered, that is the server closing it.
    socket.on('error', (err) => (answer ? socket.destroy() : reject(err)));
    socket.on('connect', () => {
      const head =
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${contentLength}\r\n` +
        Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('') +
        '\r\n';
      socket.write(head);
      socket.write(Buffer.alloc(Math.min(firstChunk, contentLength), ' '));
    });
    socket.on('data', (chunk: string) => {
      raw += chunk;
      const end = raw.indexOf('\r\n\r\n');
      if (answer || end === -1) return;
      const [statusLine, ...lines] = raw.slice(0, end).split('\r\n');
      const hs = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      const length = Number(hs['content-length'] ?? 0);
      if (raw.length < end + 4 + length) return;
      answer = {
        status: Number(statusLine!.split(' ')[1]),
        headers: hs,
        body: raw.slice(end + 4, end + 4 + length),
        sentBodyBytes: Math.min(firstChunk, contentLength),
      };
    });
    const localPort = () => socket.localPort;
    let port0: number | undefined;
    socket.on('connect', () => (port0 = localPort()));
    // This client never closes the connection: a close is the server's.
    socket.on('close', () => {
      if (!answer) return reject(new Error(`${path}: the connection closed without an answer`));
      const server = port0 === undefined ? undefined : serverSockets.get(port0);
      resolve({ ...answer, closedByServer: true, serverBytesRead: server?.bytesRead ?? -1 });
    });
  });
}

describe('a flood of 5 MB bodies is refused before it is read', () => {
  const CASES: Array<[string, string, Record<string, string>, number]> = [
    ['webhook, unknown token', '/api/whatsapp/webhook/no-es-un-token', {}, 401],
    ['webhook, real token, over 1 MB', `/api/whatsapp/webhook/${WEBHOOK_TOKEN}`, {}, 413],
    ['code exchange', '/api/auth/exchange', {}, 413],
    ['token refresh', '/api/login/refresh-token', {}, 413],
    ['demo sign-in', '/api/auth/dev-login', {}, 413],
    ['a signed-in route without a token', '/api/contratos', {}, 401],
    ['a signed-in route with a bad API key', '/api/contratos', { 'X-API-Key': 'alk_no-es-una-clave' }, 401],
  ];

  it('each is refused before its body arrives, its connection closed, and /api/health answers meanwhile', async () => {
    // Three of each at once: the server answers each while holding none of their bodies.
    const flood = CASES.flatMap(([what, path, headers, status]) =>
      [1, 2, 3].map(async () => ({ what, status, answer: await postWithoutBody(path, FIVE_MB, headers) })),
    );
    const health = fetch(`${base}/api/health`).then(async (r) => ({ status: r.status, body: await r.json() }));
    const [results, healthAnswer] = await Promise.all([Promise.all(flood), health]);
    expect(healthAnswer).toMatchObject({ status: 200, body: { status: 'ok' } });
    for (const { what, status, answer } of results) {
      expect(answer.status, `${what}: ${answer.body}`).toBe(status);
      expect(JSON.parse(answer.body), what).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      expect(answer.headers.connection, what).toBe('close');
      expect(answer.closedByServer, what).toBe(true);
      // The server took the head and at most what the client pushed before the answer: never the 5 MB.
      expect(answer.sentBodyBytes, what).toBeLessThan(FIVE_MB);
      expect(answer.serverBytesRead, what).toBeGreaterThan(0);
      expect(answer.serverBytesRead, what).toBeLessThanOrEqual(answer.sentBodyBytes + 4096);
    }
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });

  it('a bad webhook token is refused before a body of any size is parsed: broken JSON too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook/no-es-un-token',
      headers: { 'content-type': 'application/json' },
      payload: '{"event": "messages.upsert", "data": [' + '{},'.repeat(1000),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized', message: 'Token de webhook desconocido' });
  });
});

describe('body limits fit for what each public route carries', () => {
  const publicWithBody = () =>
    registered.filter(
      (r) =>
        r.config?.access === 'public' &&
        (Array.isArray(r.method) ? r.method : [r.method]).some((m) => m !== 'GET' && m !== 'HEAD'),
    );

  it('every public route that takes a body has a small body limit and a per-address rate limit', () => {
    const routes = publicWithBody();
    expect(routes.map((r) => r.url).sort()).toEqual([
      '/api/auth/dev-login',
      '/api/auth/exchange',
      '/api/login/refresh-token',
      '/api/pagos-en-linea/mercadopago',
      '/api/portal/codigo',
      '/api/portal/sesion',
      '/api/whatsapp/webhook/:token',
    ]);
    // A Mercado Pago notification is a small pointer (docs/protocols/mercadopago.md): 16 kB is plenty.
    const declared: Record<string, number> = {
      '/api/whatsapp/webhook/:token': WEBHOOK_BODY_LIMIT,
      '/api/pagos-en-linea/mercadopago': 16 * 1024,
    };
    for (const r of routes) {
      const limit = declared[r.url] ?? PUBLIC_BODY_LIMIT;
      expect(r.bodyLimit, r.url).toBe(limit);
      expect(r.config?.rateLimit, r.url).toMatchObject({ max: expect.any(Number) });
    }
    expect(WEBHOOK_BODY_LIMIT).toBe(1024 * 1024);
    expect(PUBLIC_BODY_LIMIT).toBeLessThanOrEqual(8 * 1024);
    // Signed-in routes keep theirs.
    const signedIn = registered.find((r) => r.url === '/api/Cuentas/movimientos/importar');
    expect(signedIn?.bodyLimit).toBeUndefined();
    expect(t.app.initialConfig.bodyLimit).toBe(BODY_LIMIT);
  });

  it('a webhook up to 1 MB is read; over it is a Spanish 413; a sign-in body over a few kB is a 413', async () => {
    const padded = (size: number) => {
      const envelope = { event: 'presence.update', instance: 'Pruebas', data: { pad: '' } };
      const bare = JSON.stringify(envelope).length;
      envelope.data.pad = 'x'.repeat(size - bare);
      return JSON.stringify(envelope);
    };
    const post = (url: string, payload: string) =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
    const fits = await post(`/api/whatsapp/webhook/${WEBHOOK_TOKEN}`, padded(WEBHOOK_BODY_LIMIT));
    expect(fits.statusCode, fits.body).toBe(200);
    const over = await post(`/api/whatsapp/webhook/${WEBHOOK_TOKEN}`, padded(WEBHOOK_BODY_LIMIT + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ error: 'payload_too_large', message: 'El contenido enviado es demasiado grande.' });
    const code = await post('/api/auth/exchange', JSON.stringify({ code: 'x'.repeat(PUBLIC_BODY_LIMIT) }));
    expect(code.statusCode).toBe(413);
    expect(code.json().error).toBe('payload_too_large');
    // A signed-in user may still send a large body (a bank statement): it reaches validation.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/registros',
      headers: { ...t.auth(admin), 'content-type': 'application/json' },
      payload: JSON.stringify({ idCliente: 999999, log1: 'x'.repeat(64 * 1024) }),
    });
    expect(signedIn.statusCode).not.toBe(413);
  });
});

describe('per-address rate limits', () => {
  it('the code exchange refuses an address after its limit, in Spanish; another address goes on', async () => {
    const exchange = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/exchange', remoteAddress, payload: { code: 'x'.repeat(43) } });
    let refused = 0;
    for (let i = 0; i < 40 && refused === 0; i++) if ((await exchange('198.51.100.7')).statusCode === 429) refused = i;
    expect(refused).toBeGreaterThan(0);
    const over = await exchange('198.51.100.7');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      error: 'rate_limited',
      message: 'Demasiadas solicitudes. Espera un momento e intenta de nuevo.',
    });
    expect((await exchange('198.51.100.8')).statusCode).not.toBe(429);
  });

  it(`invalid API keys: ${INVALID_API_KEYS_PER_MINUTE} a minute per address, then 429; valid keys and other addresses go on`, async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/ApiKey',
      headers: t.auth(admin),
      payload: { name: 'Válida', profile: 'readonly' },
    });
    const valid = (made.json() as { key: string }).key;
    const get = (key: string, remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/api/contratos', remoteAddress, headers: { 'x-api-key': key } });
    const guess = (i: number) => `alk_${'A'.repeat(40)}${i}`;
    for (let i = 0; i < INVALID_API_KEYS_PER_MINUTE; i++) {
      const res = await get(guess(i), '203.0.113.9');
      expect(res.statusCode, `guess ${i}`).toBe(401);
    }
    const limited = await get(guess(99), '203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'rate_limited', message: API_KEY_GUESSING_MESSAGE });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The real key from the same address still works; another address still gets its plain 401.
    expect((await get(valid, '203.0.113.9')).statusCode).toBe(200);
    expect((await get(guess(100), '203.0.113.10')).statusCode).toBe(401);
  });
});
