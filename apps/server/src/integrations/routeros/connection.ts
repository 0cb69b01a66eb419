import { createHash } from 'node:crypto';
import net from 'node:net';
import tls from 'node:tls';
import {
  RouterOsAuthError,
  RouterOsClosedError,
  RouterOsConnectTimeoutError,
  RouterOsError,
  RouterOsFatalError,
  RouterOsProtocolError,
  RouterOsTimeoutError,
  RouterOsTlsError,
  RouterOsTrapError,
  RouterOsUnreachableError,
} from './errors';
import { SentenceDecoder, encodeSentence, parseSentence } from './protocol';

export const DEFAULT_API_PORT = 8728;
export const DEFAULT_API_SSL_PORT = 8729;
const DEFAULT_TIMEOUT_MS = 10_000;

export interface RouterOsTlsOptions {
  /**
   * Accept a certificate no trusted CA vouches for (a self-signed certificate on the router's api-ssl).
   * Off by default: only set it when the router is configured so. Traffic is still encrypted, but any
   * certificate is accepted unless `fingerprint256` pins one.
   */
  allowSelfSigned?: boolean;
  /** Pin the router's certificate by its SHA-256 fingerprint (`AB:CD:…`, as Node prints it); implies allowSelfSigned. */
  fingerprint256?: string;
  /**
   * The router's api-ssl has no certificate assigned, so it only offers anonymous Diffie-Hellman suites:
   * encrypted but unauthenticated (a man in the middle is possible). Needs TLS 1.2 and `@SECLEVEL=0`.
   */
  anonymous?: boolean;
  /** Extra CA certificate(s) to trust (PEM). */
  ca?: string | Buffer | (string | Buffer)[];
  /** Name to verify in the certificate (defaults to host). */
  servername?: string;
}

export interface RouterOsLogger {
  warn(message: string, data?: Record<string, unknown>): void;
}

export interface RouterOsConnectOptions {
  host: string;
  /** Defaults to 8728, or 8729 with tls. */
  port?: number;
  /** TLS (api-ssl). `true` = verify the certificate against the system CAs. */
  tls?: boolean | RouterOsTlsOptions;
  username: string;
  password: string;
  /** Budget for TCP + TLS + login. Default 10 s. */
  connectTimeoutMs?: number;
  /** Default per-command timeout. Default 10 s. */
  commandTimeoutMs?: number;
  /** Refuse words larger than this (protects memory against a corrupted stream). Default 64 MiB. */
  maxWordBytes?: number;
  logger?: RouterOsLogger;
}

/** The answer to one command. */
export interface RouterOsReply {
  /** One object per `!re` sentence: its `=key=value` words (including `.id`, `.section`, …). */
  rows: Record<string, string>[];
  /** Attributes carried by `!done` (e.g. `ret`, the id of a new item after `add`). */
  done: Record<string, string>;
  /** The router said `!empty` (RouterOS 7.18+) — no rows. */
  empty: boolean;
}

export interface CommandOptions {
  /** Per-command timeout; 0 disables it. */
  timeoutMs?: number;
}

export interface RouterOsStream {
  /** The `.tag` the command runs under. */
  tag: string;
  /** Settles at the command's `!done`: resolves when it ended normally or was cancelled by us. */
  done: Promise<RouterOsReply>;
  /** Sends `/cancel =tag=…`; `done` resolves once the router confirmed. */
  cancel(): Promise<void>;
}

interface Pending {
  command: string;
  onRow?: (row: Record<string, string>) => void;
  cancelled?: boolean;
  rows: Record<string, string>[];
  done: Record<string, string>;
  empty: boolean;
  trap?: { message: string; category?: number };
  timer?: NodeJS.Timeout;
  resolve(reply: RouterOsReply): void;
  reject(err: Error): void;
}

/** Anonymous DH suites RouterOS offers on api-ssl without a certificate; OpenSSL 3 needs security level 0. */
const ANONYMOUS_CIPHERS =
  'ADH-AES256-GCM-SHA384:ADH-AES128-GCM-SHA256:ADH-AES256-SHA256:ADH-AES128-SHA256:ADH-AES256-SHA:ADH-AES128-SHA:@SECLEVEL=0';

const TLS_ERROR = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|HANDSHAKE|ALTNAME/i;

function mapSocketError(err: NodeJS.ErrnoException, duringTls: boolean): RouterOsError {
  const code = err.code ?? err.message;
  if (duringTls && TLS_ERROR.test(`${err.code ?? ''} ${err.message}`)) return new RouterOsTlsError(code);
  return new RouterOsUnreachableError(code);
}

/** Command name without its arguments, for errors and logs (never the password). */
const commandName = (words: readonly string[]) => words[0] ?? '';

/**
 * One logged-in API connection. Every command gets its own `.tag`, so several run at once and replies are
 * routed by tag. `!trap` fails only its command; `!fatal`, a socket error or a command timeout close the
 * connection and fail everything still pending on it.
 */
export class RouterOsConnection {
  private readonly pending = new Map<string, Pending>();
  private readonly decoder: SentenceDecoder;
  private nextTag = 1;
  private closedWith: RouterOsError | null = null;
  private readonly closeListeners: ((err: RouterOsError) => void)[] = [];
  private readonly commandTimeoutMs: number;
  private readonly logger?: RouterOsLogger;

  private constructor(
    private readonly socket: net.Socket,
    opts: RouterOsConnectOptions,
  ) {
    this.decoder = new SentenceDecoder({ maxWordBytes: opts.maxWordBytes });
    this.commandTimeoutMs = opts.commandTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.logger = opts.logger;
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    // After login a socket error means the connection is gone (reset, keep-alive failure).
    socket.on('error', (err: NodeJS.ErrnoException) => this.shutdown(new RouterOsClosedError(err.code ?? err.message)));
    socket.on('close', () => this.shutdown(new RouterOsClosedError('socket closed')));
  }

  /** Opens the socket (TCP or TLS), logs in, and resolves once the router accepted the credentials. */
  static async connect(opts: RouterOsConnectOptions): Promise<RouterOsConnection> {
    const connectTimeoutMs = opts.connectTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    const started = Date.now();
    const socket = await openSocket(opts, connectTimeoutMs);
    const conn = new RouterOsConnection(socket, opts);
    try {
      await conn.login(opts.username, opts.password, Math.max(1, connectTimeoutMs - (Date.now() - started)));
    } catch (err) {
      conn.close();
      if (err instanceof RouterOsTimeoutError) throw new RouterOsConnectTimeoutError(connectTimeoutMs);
      throw err;
    }
    return conn;
  }

  get closed(): boolean {
    return this.closedWith !== null;
  }

  /** Commands sent and not yet finished. */
  get inFlight(): number {
    return this.pending.size;
  }

  /** Called once when the connection ends, with the reason. */
  onClose(listener: (err: RouterOsError) => void): void {
    if (this.closedWith) listener(this.closedWith);
    else this.closeListeners.push(listener);
  }

  /**
   * Sends one command (`words[0]` is the path, the rest `=k=v` / `?query` / `.proplist` words) and waits
   * for its `!done`. Rejects with RouterOsTrapError, RouterOsTimeoutError, RouterOsFatalError or
   * RouterOsClosedError.
   */
  command(words: readonly string[], opts: CommandOptions = {}): Promise<RouterOsReply> {
    return this.start(words, opts);
  }

  private start(
    words: readonly string[],
    opts: CommandOptions,
    onRow?: (row: Record<string, string>) => void,
  ): Promise<RouterOsReply> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    if (words.length === 0 || !words[0]!.startsWith('/')) {
      return Promise.reject(new TypeError('a RouterOS command starts with its path, e.g. /system/identity/print'));
    }
    if (words.some((w) => w.startsWith('.tag='))) {
      return Promise.reject(new TypeError('the connection assigns .tag itself'));
    }
    const tag = String(this.nextTag++);
    const timeoutMs = opts.timeoutMs ?? this.commandTimeoutMs;
    return new Promise<RouterOsReply>((resolve, reject) => {
      const p: Pending = { command: commandName(words), onRow, rows: [], done: {}, empty: false, resolve, reject };
      if (timeoutMs > 0)
        p.timer = setTimeout(() => {
          this.pending.delete(tag);
          reject(new RouterOsTimeoutError(timeoutMs, p.command));
          // We cannot know what the router did or will still send: this connection is no longer trustworthy.
          this.shutdown(new RouterOsClosedError(`closed after ${p.command} timed out`));
        }, timeoutMs);
      this.pending.set(tag, p);
      this.socket.write(encodeSentence([...words, `.tag=${tag}`]));
    });
  }

  /**
   * A command that streams rows until cancelled (`listen`, `monitor-traffic` without `=once=`). Each `!re`
   * goes to onRow as it arrives; no timeout applies. Always await or catch `done`: it rejects if the
   * connection ends.
   */
  stream(words: readonly string[], onRow: (row: Record<string, string>) => void): RouterOsStream {
    const tag = String(this.nextTag);
    const pending = this.start(words, { timeoutMs: 0 }, onRow);
    return {
      tag,
      done: pending,
      cancel: async () => {
        const p = this.pending.get(tag);
        if (!p) return;
        p.cancelled = true;
        await this.command(['/cancel', `=tag=${tag}`]);
        await pending.catch(() => undefined);
      },
    };
  }

  /** Closes the connection; pending commands fail with RouterOsClosedError. */
  close(): void {
    this.shutdown(new RouterOsClosedError('closed by the client'));
  }

  private async login(username: string, password: string, timeoutMs: number): Promise<void> {
    let reply: RouterOsReply;
    try {
      reply = await this.command(['/login', `=name=${username}`, `=password=${password}`], { timeoutMs });
    } catch (err) {
      if (err instanceof RouterOsTrapError) throw new RouterOsAuthError(err.routerMessage);
      throw err;
    }
    const challenge = reply.done.ret;
    if (!challenge) return;
    // RouterOS before 6.43 ignores =password= and answers a challenge (go-routeros does the same fallback).
    const digest = createHash('md5')
      .update(Buffer.concat([Buffer.from([0]), Buffer.from(password, 'utf8'), Buffer.from(challenge, 'hex')]))
      .digest('hex');
    try {
      await this.command(['/login', `=name=${username}`, `=response=00${digest}`], { timeoutMs });
    } catch (err) {
      if (err instanceof RouterOsTrapError) throw new RouterOsAuthError(err.routerMessage);
      throw err;
    }
  }

  private onData(chunk: Buffer): void {
    let sentences: string[][];
    try {
      sentences = this.decoder.push(chunk);
    } catch (err) {
      this.shutdown(err instanceof RouterOsError ? err : new RouterOsProtocolError(String(err)));
      return;
    }
    for (const words of sentences) {
      if (this.closedWith) return;
      this.onSentence(words);
    }
  }

  private onSentence(words: string[]): void {
    const s = parseSentence(words);
    if (s.word === '!fatal') {
      this.shutdown(new RouterOsFatalError(s.other[0] ?? s.attributes.message ?? ''));
      return;
    }
    const p = s.tag !== undefined ? this.pending.get(s.tag) : undefined;
    if (!p) {
      this.logger?.warn('routeros: reply for no pending command ignored', { reply: s.word, tag: s.tag });
      return;
    }
    switch (s.word) {
      case '!re':
        if (p.onRow) p.onRow(s.attributes);
        else p.rows.push(s.attributes);
        break;
      case '!empty':
        p.empty = true;
        break;
      case '!trap': {
        const category = s.attributes.category !== undefined ? Number(s.attributes.category) : undefined;
        // Keep the first trap; a `!done` for the same tag always follows.
        p.trap ??= { message: s.attributes.message ?? '', category: Number.isFinite(category) ? category : undefined };
        break;
      }
      case '!done':
        this.pending.delete(s.tag!);
        clearTimeout(p.timer);
        p.done = s.attributes;
        // Our own /cancel ends the command with `!trap =category=2 =message=interrupted`: a normal end.
        if (p.trap && !(p.cancelled && p.trap.category === 2))
          p.reject(new RouterOsTrapError(p.trap.message, p.trap.category, p.command));
        else p.resolve({ rows: p.rows, done: p.done, empty: p.empty });
        break;
      default:
        this.logger?.warn('routeros: unknown reply word ignored', { reply: s.word });
    }
  }

  private shutdown(reason: RouterOsError): void {
    if (this.closedWith) return;
    this.closedWith = reason;
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(reason);
    }
    this.pending.clear();
    this.socket.destroy();
    for (const l of this.closeListeners.splice(0)) l(reason);
  }
}

function openSocket(opts: RouterOsConnectOptions, timeoutMs: number): Promise<net.Socket> {
  const useTls = Boolean(opts.tls);
  const tlsOpts: RouterOsTlsOptions = typeof opts.tls === 'object' ? opts.tls : {};
  const port = opts.port ?? (useTls ? DEFAULT_API_SSL_PORT : DEFAULT_API_PORT);
  return new Promise<net.Socket>((resolve, reject) => {
    let settled = false;
    let socket: net.Socket;
    const fail = (err: RouterOsError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      reject(err);
    };
    const timer = setTimeout(() => fail(new RouterOsConnectTimeoutError(timeoutMs)), timeoutMs);
    const ready = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.removeAllListeners('error');
      socket.setNoDelay(true);
      socket.setKeepAlive(true, 30_000);
      resolve(socket);
    };
    if (useTls) {
      const pinned = tlsOpts.fingerprint256?.toUpperCase();
      const s = tls.connect({
        host: opts.host,
        port,
        servername: tlsOpts.servername ?? (net.isIP(opts.host) ? undefined : opts.host),
        ca: tlsOpts.ca,
        rejectUnauthorized: !(tlsOpts.allowSelfSigned || pinned || tlsOpts.anonymous),
        ...(tlsOpts.anonymous ? { ciphers: ANONYMOUS_CIPHERS, maxVersion: 'TLSv1.2' as const } : {}),
      });
      socket = s;
      s.once('secureConnect', () => {
        if (pinned) {
          const got = s.getPeerCertificate()?.fingerprint256?.toUpperCase();
          if (got !== pinned)
            return fail(new RouterOsTlsError(`certificate fingerprint ${got ?? 'none'} is not the pinned one`));
        }
        ready();
      });
      s.once('error', (err: NodeJS.ErrnoException) => fail(mapSocketError(err, true)));
    } else {
      socket = net.connect({ host: opts.host, port });
      socket.once('connect', ready);
      socket.once('error', (err: NodeJS.ErrnoException) => fail(mapSocketError(err, false)));
    }
  });
}
