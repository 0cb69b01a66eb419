import http from 'node:http';
import https from 'node:https';
import {
  AirosAuthError,
  AirosError,
  AirosHtmlError,
  AirosHttpError,
  AirosMalformedError,
  AirosSessionError,
  AirosTimeoutError,
  AirosTlsError,
  AirosUnreachableError,
} from './errors';
import { BodyTooLarge, rawRequest, RequestTimeout, type RawResponse } from './http';
import { mapAirosStats, type AirosFamily, type AirosStats } from './mapping';

export interface AirosClientOptions {
  /**
   * Management address: `https://10.20.0.15`, `https://radio.example:8443`, or a base with a path
   * (`https://127.0.0.1:4443/d/17/`, how the fake serves many radios on one port). `http://` is allowed.
   */
  url: string;
  username: string;
  password: string;
  /** Accept this device's self-signed (or otherwise unverifiable) certificate. Per device; default false. */
  insecureTls?: boolean;
  /** Trust exactly this PEM certificate (pinning) instead of the system CAs. */
  ca?: string;
  /** Deadline of each HTTP request (connect + TLS + answer). Default 10 000 ms. */
  timeoutMs?: number;
  /** Firmware family when known (skips detection); otherwise /api/auth is tried first and 404 means airOS 6. */
  family?: AirosFamily;
  /**
   * Agent to send through. Default: one keep-alive agent shared by every client in the process; the TLS
   * options (`insecureTls`, `ca`) go on each request, and Node keys sockets by them, so a device's
   * relaxed verification never applies to another device.
   */
  agent?: http.Agent;
  /** Largest answer accepted, default 2 MiB. */
  maxBytes?: number;
}

/** One `status.cgi` reading as the radio gave it (plus `iflist.cgi` on airOS 6). */
export interface AirosReading {
  family: AirosFamily;
  status: Record<string, unknown>;
  iflist: Record<string, unknown> | null;
}

interface Session {
  family: AirosFamily;
  /** `NAME=value` of the AIROS… cookie. */
  cookie: string;
  /** airOS 8 `X-CSRF-ID`, sent back on every request as python-airos does. */
  csrf: string | null;
}

let httpsAgent: https.Agent | null = null;
let httpAgent: http.Agent | null = null;
/** Idle sockets close after 5 s: a 60 s poll opens one connection per radio and does not hold it. */
const sharedHttpsAgent = () =>
  (httpsAgent ??= new https.Agent({ keepAlive: true, maxFreeSockets: 16, timeout: 5_000 }));
const sharedHttpAgent = () => (httpAgent ??= new http.Agent({ keepAlive: true, maxFreeSockets: 16, timeout: 5_000 }));

type Outcome =
  | { kind: 'json'; value: Record<string, unknown> }
  | { kind: 'unauthorised' }
  | { kind: 'html' }
  | { kind: 'not_found' };

const TLS_CODES =
  /^(ERR_TLS_|ERR_SSL_|EPROTO$|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_)/;

const isHtml = (res: RawResponse) =>
  /text\/html/i.test(String(res.headers['content-type'] ?? '')) || /^\s*</.test(res.body.subarray(0, 64).toString());

const pointsToLogin = (res: RawResponse) =>
  res.status >= 300 && res.status < 400 && /login\.cgi/i.test(String(res.headers.location ?? ''));

/** The first cookie whose name starts with AIROS (AIROS_<id> on airOS 8, AIROS_SESSIONID on airOS 6). */
function airosCookie(res: RawResponse): string | null {
  const raw = res.headers['set-cookie'] ?? [];
  for (const line of raw) {
    const pair = line.split(';', 1)[0]!.trim();
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).toUpperCase().startsWith('AIROS')) return pair;
  }
  return null;
}

/**
 * Client of one Ubiquiti airOS radio over its web interface (docs/protocols/airos.md): airOS 8 logs in with
 * `POST /api/auth` (cookie + `X-CSRF-ID`), airOS 6 with the `/login.cgi` form; both then read
 * `GET /status.cgi`. The session is kept and reused; a 401/403, a redirect to login.cgi or an HTML page on a
 * reused session triggers one new login and one retry. Never logs or returns the password.
 */
export class AirosClient {
  private readonly base: URL;
  private readonly agent: http.Agent;
  private readonly tls: { rejectUnauthorized: boolean; ca?: string };
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private family: AirosFamily | null;
  private session: Session | null = null;
  private loggingIn: Promise<Session> | null = null;
  /** How many logins this client performed (for tests and diagnostics). */
  logins = 0;

  constructor(private readonly opts: AirosClientOptions) {
    const base = new URL(opts.url);
    if (!base.pathname.endsWith('/')) base.pathname += '/';
    base.search = '';
    base.hash = '';
    base.username = '';
    base.password = '';
    this.base = base;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.maxBytes = opts.maxBytes ?? 2 * 1024 * 1024;
    this.family = opts.family ?? null;
    this.agent = opts.agent ?? (base.protocol === 'https:' ? sharedHttpsAgent() : sharedHttpAgent());
    this.tls = { rejectUnauthorized: !opts.insecureTls, ...(opts.ca ? { ca: opts.ca } : {}) };
  }

  /** The firmware family, once known (given, or detected at the first login). */
  get firmwareFamily(): AirosFamily | null {
    return this.family;
  }

  /** Reads `status.cgi` (and `iflist.cgi` on airOS 6), logging in when needed. */
  async readStatus(): Promise<AirosReading> {
    const reused = this.session !== null;
    let session = this.session ?? (await this.login());
    let outcome = await this.get('status.cgi', session);
    if (outcome.kind === 'unauthorised' || (outcome.kind === 'html' && reused)) {
      if (!reused) throw new AirosSessionError();
      this.session = null;
      session = await this.login();
      outcome = await this.get('status.cgi', session);
    }
    if (outcome.kind === 'unauthorised') throw new AirosSessionError();
    if (outcome.kind === 'html') throw new AirosHtmlError();
    if (outcome.kind === 'not_found') throw new AirosHttpError(404);
    const status = outcome.value;
    if (typeof status.host !== 'object' || status.host === null) throw new AirosMalformedError('shape');
    const major = Number.parseInt(String((status.host as Record<string, unknown>).fwversion ?? '').replace(/^v/i, ''));
    const family: AirosFamily = major >= 8 ? 8 : major >= 5 ? 6 : session.family;
    let iflist: Record<string, unknown> | null = null;
    if (family === 6) {
      const listed = await this.get('iflist.cgi', session);
      iflist = listed.kind === 'json' ? listed.value : null;
    }
    return { family, status, iflist };
  }

  /** Reads the radio and maps it to AirLink's stats shape. */
  async readStats(): Promise<AirosStats> {
    const reading = await this.readStatus();
    return mapAirosStats(reading.family, reading.status, reading.iflist);
  }

  /** Forgets the session (the next read logs in again). */
  forgetSession(): void {
    this.session = null;
  }

  /** Forgets the session; sockets belong to the (shared) agent and close on their own when idle. */
  close(): void {
    this.session = null;
  }

  private login(): Promise<Session> {
    if (!this.loggingIn) {
      this.loggingIn = this.doLogin()
        .then((s) => {
          this.session = s;
          this.family = s.family;
          return s;
        })
        .finally(() => {
          this.loggingIn = null;
        });
    }
    return this.loggingIn;
  }

  private async doLogin(): Promise<Session> {
    this.logins++;
    if (this.family !== 6) {
      const v8 = await this.loginV8();
      if (v8) return v8;
    }
    return this.loginV6();
  }

  /** airOS 8: POST /api/auth (form fields username, password). Null when the radio is not airOS 8. */
  private async loginV8(): Promise<Session | null> {
    const res = await this.send('POST', 'api/auth', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: this.opts.username, password: this.opts.password }).toString(),
    });
    if (res.status === 200) {
      const cookie = airosCookie(res);
      if (!cookie) throw new AirosMalformedError('no_session');
      const csrf = res.headers['x-csrf-id'];
      return { family: 8, cookie, csrf: typeof csrf === 'string' ? csrf : null };
    }
    if (res.status === 401 || res.status === 403) throw new AirosAuthError();
    if ((res.status === 404 || pointsToLogin(res)) && this.family !== 8) return null;
    throw new AirosHttpError(res.status);
  }

  /** airOS 6 / 5: GET /login.cgi for the AIROS_SESSIONID cookie, POST the form, 302 = success. */
  private async loginV6(): Promise<Session> {
    const page = await this.send('GET', 'login.cgi');
    let cookie = airosCookie(page);
    if (page.status >= 400) throw new AirosHttpError(page.status);
    if (!cookie) throw new AirosMalformedError('no_session');
    const res = await this.send('POST', 'login.cgi', {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie,
        origin: this.base.origin,
        referer: new URL('login.cgi', this.base).href,
      },
      body: new URLSearchParams({
        uri: new URL('index.cgi', this.base).pathname,
        username: this.opts.username,
        password: this.opts.password,
      }).toString(),
    });
    cookie = airosCookie(res) ?? cookie;
    if (res.status === 200) throw new AirosAuthError();
    if (res.status < 300 || res.status >= 400) throw new AirosHttpError(res.status);
    if (pointsToLogin(res)) throw new AirosAuthError();
    // python-airos then opens index.cgi: being sent back to login.cgi means the session was not granted.
    // The session cookie only ever goes back to the radio itself.
    const target = new URL(String(res.headers.location ?? '') || 'index.cgi', this.base);
    const landingUrl = target.origin === this.base.origin ? target : new URL('index.cgi', this.base);
    const landing = await this.send('GET', landingUrl, { headers: { cookie } });
    if (pointsToLogin(landing)) throw new AirosAuthError();
    return { family: 6, cookie, csrf: null };
  }

  private async get(path: string, session: Session): Promise<Outcome> {
    const headers: Record<string, string> = { cookie: session.cookie };
    if (session.csrf) headers['x-csrf-id'] = session.csrf;
    const res = await this.send('GET', path, { headers });
    if (res.status === 401 || res.status === 403 || pointsToLogin(res)) return { kind: 'unauthorised' };
    if (res.status === 404) return { kind: 'not_found' };
    if (res.status !== 200) throw new AirosHttpError(res.status);
    if (isHtml(res)) return { kind: 'html' };
    let value: unknown;
    try {
      value = JSON.parse(res.body.toString('utf8'));
    } catch {
      throw new AirosMalformedError('json');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new AirosMalformedError('shape');
    return { kind: 'json', value: value as Record<string, unknown> };
  }

  private async send(
    method: string,
    path: string | URL,
    init: { headers?: Record<string, string>; body?: string } = {},
  ): Promise<RawResponse> {
    const url = typeof path === 'string' ? new URL(path, this.base) : path;
    try {
      return await rawRequest(url, {
        method,
        headers: init.headers,
        body: init.body,
        agent: this.agent,
        tls: this.tls,
        timeoutMs: this.timeoutMs,
        maxBytes: this.maxBytes,
      });
    } catch (e) {
      throw this.translate(e);
    }
  }

  private translate(e: unknown): AirosError {
    if (e instanceof AirosError) return e;
    if (e instanceof RequestTimeout) return new AirosTimeoutError(this.timeoutMs);
    if (e instanceof BodyTooLarge) return new AirosMalformedError('too_large');
    const code = (e as { code?: unknown })?.code;
    const reason = typeof code === 'string' ? code : undefined;
    if (reason && TLS_CODES.test(reason)) return new AirosTlsError(reason, e);
    return new AirosUnreachableError(this.base.host, reason, e);
  }
}
