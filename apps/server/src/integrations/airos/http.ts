import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export class RequestTimeout extends Error {}
export class BodyTooLarge extends Error {}

/**
 * One HTTP(S) request over node:http/https with a hard deadline covering connect, TLS, headers and body.
 * Redirects are not followed (airOS login answers are read as they come).
 */
export function rawRequest(
  url: URL,
  opts: {
    method: string;
    headers?: OutgoingHttpHeaders;
    body?: string;
    agent: http.Agent;
    /** TLS options of this request only (part of the agent's socket key, so devices never share sockets). */
    tls?: { rejectUnauthorized: boolean; ca?: string };
    timeoutMs: number;
    maxBytes: number;
  },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? https.request : http.request;
    const headers: OutgoingHttpHeaders = { accept: 'application/json, text/html;q=0.5', ...opts.headers };
    if (opts.body !== undefined) headers['content-length'] = Buffer.byteLength(opts.body);
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const tls = url.protocol === 'https:' ? opts.tls : undefined;
    const req = send(url, { method: opts.method, headers, agent: opts.agent, ...tls }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > opts.maxBytes) {
          req.destroy();
          finish(() => reject(new BodyTooLarge()));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () =>
        finish(() => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) })),
      );
      res.on('error', (e) => finish(() => reject(e)));
      res.on('aborted', () => finish(() => reject(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))));
    });
    const timer = setTimeout(() => {
      finish(() => reject(new RequestTimeout()));
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (e) => finish(() => reject(e)));
    req.end(opts.body);
  });
}
