/*
 * The portal's HTTP client: plain fetch with the portal's session cookie (HttpOnly, scoped to /api/portal, set by
 * POST /api/portal/sesion), JSON in and out. No bearer token, no session lock, no zod: the portal's first screen
 * stays small (docs/architecture.md "The customers' portal").
 */

/** A failed portal call: the HTTP status, the server's error code and its Spanish message (or ours). */
export class PortalError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PortalError';
  }
}

const NETWORK_MESSAGE = 'No se pudo conectar con AirLink. Revisa tu conexión a internet e intenta de nuevo.';

/** What the portal says for a status when the answer carries no message of ours (a proxy's page, a timeout). */
function fallbackMessage(status: number): string {
  if (status === 401) return 'Tu sesión terminó. Vuelve a entrar con tu número de contrato y tu teléfono.';
  if (status === 403) return 'Esto no pertenece a tu contrato.';
  if (status === 404) return 'No encontramos lo que buscas.';
  if (status === 429) return 'Hiciste demasiados intentos. Espera unos minutos e intenta de nuevo.';
  if (status === 502 || status === 503 || status === 504)
    return 'El servicio no responde en este momento. Intenta de nuevo en unos minutos.';
  return 'Algo salió mal. Intenta de nuevo en unos minutos.';
}

function errorOf(status: number, body: unknown): PortalError {
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && typeof message === 'string' && message.trim())
      return new PortalError(status, error, message);
  }
  return new PortalError(status, `http_${status}`, fallbackMessage(status));
}

let onSessionEnded: () => void = () => undefined;

/**
 * What a 401 on a signed-in call does (the app shows the sign-in again). The sign-in calls themselves pass
 * `signIn` and get their 401 as an error.
 */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

interface CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal;
  /** A sign-in call: a 401 is its own answer (a wrong code), not the end of a session. */
  signIn?: boolean;
}

/** Calls /api/portal/…; resolves with the JSON answer (undefined for an empty one), rejects with a PortalError. */
export async function portalCall<T>(path: string, opts: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      credentials: 'same-origin',
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new PortalError(0, 'network', NETWORK_MESSAGE);
  }
  const text = await res.text().catch(() => '');
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const error = errorOf(res.status, json);
    if (res.status === 401 && !opts.signIn) onSessionEnded();
    throw error;
  }
  return json as T;
}
