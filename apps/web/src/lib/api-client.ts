import { isApiErrorCode, type ApiErrorCode } from '@airlink/domain';
import { answerSchemas } from './answer-checks';
import { session } from './session';
import { withSessionLock } from './session-lock';

/**
 * A request holds the session lock (shared) until its answer starts to arrive, so a token refresh
 * never replaces the token it carries while it is on its way; at most this long, so one request
 * that hangs cannot hold refreshes (and with them every tab's requests) back.
 */
export const REQUEST_LOCK_MAX_MS = 10_000;

/**
 * The code of a failed call: one of the server's codes (the domain's typed list, so comparing with a
 * misspelt code is a type error), 'network' when the server could not be reached, or `http_<status>` when
 * the answer was not one of ours.
 */
export type ClientErrorCode = ApiErrorCode | 'network' | `http_${number}`;

/** An API failure with the server's Spanish message (docs/api-contract.md error body). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ClientErrorCode,
    message: string,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The ApiError of a failed answer: the server's code, message and field errors when the body is our error
 * shape, else `http_<status>` with `fallback` (a proxy's page, an unknown code keeps the server's message).
 */
export async function apiErrorOf(status: number, body: unknown, fallback: string): Promise<ApiError> {
  const schemas = await answerSchemas().catch(() => null);
  const parsed = schemas?.apiErrorSchema.safeParse(body);
  if (!parsed?.success) return new ApiError(status, `http_${status}`, fallback);
  const { error, message, details } = parsed.data;
  return new ApiError(status, isApiErrorCode(error) ? error : `http_${status}`, message, details);
}

type ErrorListener = (error: ApiError) => void;
const errorListeners = new Set<ErrorListener>();

/** The app shows every non-401 API error as a Spanish toast (the old app only logged them). */
export function onApiError(listener: ErrorListener): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

/**
 * What a 401 does: end the session; the route guard then sends the browser to /login
 * (app/guards/require-auth).
 */
export function handleUnauthorized() {
  session.end('/login');
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Do not toast this error (the caller shows it in place, e.g. in a form). */
  silent?: boolean;
  /** Do not treat a 401 as the end of the session (the session check uses this). */
  allow401?: boolean;
  /** Send without the session lock: only for the token refresh, which holds it exclusively. */
  skipSessionLock?: boolean;
}

/** Resolves when `sent` settles or `ms` pass, whichever comes first (and leaves no timer behind). */
function settledOrAfter(sent: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([sent.then(noop, noop), waited]).finally(() => clearTimeout(timer));
}
const noop = () => undefined;

/**
 * fetch with the stored bearer token (an explicit Authorization header wins), read at the moment of
 * sending while holding the session lock (shared) until the answer starts to arrive: the newest
 * token, never one a refresh in any tab is replacing. For calls that need the raw Response (files).
 */
export async function sessionFetch(
  path: string,
  init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {},
  opts: { skipSessionLock?: boolean } = {},
): Promise<Response> {
  const send = () => {
    const headers = { ...init.headers };
    const token = session.getToken();
    const hasAuthorization = Object.keys(headers).some((h) => h.toLowerCase() === 'authorization');
    if (token && !hasAuthorization) headers.Authorization = `Bearer ${token}`;
    return fetch(path, { ...init, headers });
  };
  if (opts.skipSessionLock) return send();
  const { sent } = await withSessionLock('shared', async () => {
    const sent = send();
    await settledOrAfter(sent, REQUEST_LOCK_MAX_MS);
    return { sent };
  });
  return sent;
}

/** Calls the API with the bearer token and JSON; a body makes the method POST by default. */
export async function apiFetch<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const method = opts.method ?? (body !== undefined ? 'POST' : 'GET');
  let res: Response;
  try {
    res = await sessionFetch(
      path,
      { method, headers, body, signal: opts.signal },
      { skipSessionLock: opts.skipSessionLock },
    );
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    const err = new ApiError(
      0,
      'network',
      'No se pudo conectar con el servidor. Revisa tu conexión e intenta de nuevo.',
    );
    if (!opts.silent) errorListeners.forEach((l) => l(err));
    throw err;
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (res.ok) return data as T;
  const err = await apiErrorOf(res.status, data, `Error del servidor (${res.status}). Intenta de nuevo.`);
  if (res.status === 401 && !opts.allow401) {
    handleUnauthorized();
    throw err;
  }
  if (!opts.silent) errorListeners.forEach((l) => l(err));
  throw err;
}

export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...opts, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...opts, method: 'PUT', body }),
  delete: <T = void>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...opts, method: 'DELETE' }),
};
