import { NO_ACTIVE_CONNECTION_MESSAGE, NO_HUB_CONNECTION_MESSAGE } from '@airlink/domain';
import { enqueueSnackbar } from './toast';
import type { Socket } from 'socket.io-client';
import type * as hubClient from './hub-client';
import { REQUEST_LOCK_MAX_MS } from './api-client';
import { loadOnce } from './load-once';
import { session } from './session';
import { withSessionLock } from './session-lock';
import { refreshToken } from './token-refresh';

/** The push hub (docs/api-contract.md "Push hub"): Socket.IO on the same origin. */
export const HUB_PATH = '/notificationHub';
const COMPUTER_NAME_KEY = 'computerName';
const ACK_TIMEOUT_MS = 10_000;
/**
 * After the server closes the connection ('io server disconnect', e.g. its token expired) the
 * client reconnects at once; when that happens again within this long, it waits this long first.
 */
export const SERVER_DISCONNECT_RETRY_MS = 10_000;
/** The ack the server gives to events sent after the session ended (shown as a toast). */
export const SESSION_OVER_MESSAGE = 'Tu sesión terminó. Inicia sesión de nuevo.';

export type HubConnectionState = 'connected' | 'disconnected';
export type HubHandler = (...args: unknown[]) => void;

type HubClient = typeof hubClient;

/** A hub failure; `shown` says its toast was already shown, so callers do not show it again. */
export class HubError extends Error {
  constructor(
    message: string,
    readonly shown = false,
  ) {
    super(message);
    this.name = 'HubError';
  }
}

let socket: Socket | null = null;
/** socket.io's client and the hub's schemas, once their chunk has arrived (see hub-client.ts). */
let hub: HubClient | null = null;
/** Bumped by disconnectHub(), so a connection asked for before it is not opened when the chunk arrives. */
let generation = 0;
/** How long to wait before fetching the hub's chunk again after a failed download (offline at start). */
export const HUB_CLIENT_RETRY_MS = 10_000;
let state: HubConnectionState = 'disconnected';
let currentPage: string | null = null;
/** The token refresh is tried once per run of 'unauthorized' handshake failures. */
let refreshTried = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
/** When the server last closed the connection itself (0: not since the socket was created). */
let lastServerDisconnect = 0;
const stateListeners = new Set<() => void>();
const handlers = new Map<string, Set<HubHandler>>();

function setState(next: HubConnectionState) {
  if (state === next) return;
  state = next;
  stateListeners.forEach((l) => l());
}

function browserName(ua: string): string {
  if (/Edg\//.test(ua)) return 'Edge';
  if (/OPR\//.test(ua)) return 'Opera';
  if (/Firefox\//.test(ua)) return 'Firefox';
  if (/Chrome\//.test(ua)) return 'Chrome';
  if (/Safari\//.test(ua)) return 'Safari';
  return 'Navegador';
}

function systemName(ua: string): string {
  if (/Android/.test(ua)) return 'Android';
  if (/iPhone|iPad|iPod/.test(ua)) return 'iOS';
  if (/Windows/.test(ua)) return 'Windows';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/Linux|X11/.test(ua)) return 'Linux';
  return 'Equipo';
}

/**
 * A browser cannot read the machine's name, so each browser gets a stable label of its own
 * ("Windows-Chrome-4F2A"), kept across sessions, that the connected-users page shows.
 */
export function computerName(): string {
  try {
    const stored = localStorage.getItem(COMPUTER_NAME_KEY);
    if (stored) return stored;
    const ua = navigator.userAgent;
    const suffix = Math.floor(Math.random() * 0x10000)
      .toString(16)
      .toUpperCase()
      .padStart(4, '0');
    const name = `${systemName(ua)}-${browserName(ua)}-${suffix}`;
    localStorage.setItem(COMPUTER_NAME_KEY, name);
    return name;
  } catch {
    return `${systemName(navigator.userAgent)}-${browserName(navigator.userAgent)}`;
  }
}

/** Connects a socket that is neither connected nor already trying to (socket.io's `active`). */
function connectIfIdle(s: Socket) {
  if (!s.connected && !s.active) s.connect();
}

async function onUnauthorized(s: Socket) {
  if (refreshTried) return;
  refreshTried = true;
  const result = await refreshToken();
  if (socket !== s) return;
  if (result === 'ok') connectIfIdle(s);
  else if (result === 'rejected') session.end('/login');
  // 'error': token-refresh retries with a backoff; the new token it stores reconnects the
  // socket (see the session subscription at the end of this file).
}

/**
 * socket.io-client does not reconnect after the server closed the connection ('io server
 * disconnect'): the server does that when the token expired, so reconnect with the stored
 * (refreshed) token, which the `auth` callback sends. Not after a SessionEnded, nor without a
 * session; a second close in a short time waits SERVER_DISCONNECT_RETRY_MS before reconnecting.
 */
function onServerDisconnect(s: Socket, sessionEnded: boolean) {
  if (sessionEnded || !session.getToken()) return;
  const now = Date.now();
  const tooSoon = now - lastServerDisconnect < SERVER_DISCONNECT_RETRY_MS;
  lastServerDisconnect = now;
  if (!tooSoon) {
    connectIfIdle(s);
    return;
  }
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    if (socket === s && session.getToken()) connectIfIdle(s);
  }, SERVER_DISCONNECT_RETRY_MS);
}

/** Ends the session-lock hold of the handshake under way (connected, refused or closed). */
let settleHandshake = () => {};

function createSocket({ io, sessionEndedSchema }: HubClient): Socket {
  const s = io({
    path: HUB_PATH,
    autoConnect: false,
    reconnection: true,
    // A function, so every (re)connection sends the token stored at that moment. Like an API
    // request, the handshake holds the session lock (shared) until the server answered it, so a
    // refresh in any tab never replaces the token it carries on its way (see session-lock).
    auth: (cb) => {
      settleHandshake();
      void withSessionLock(
        'shared',
        () =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, REQUEST_LOCK_MAX_MS);
            settleHandshake = () => {
              clearTimeout(timer);
              resolve();
            };
            cb({ token: session.getToken(), computerName: computerName() });
          }),
      );
    },
  });
  let sessionEnded = false;
  s.on('connect', () => {
    settleHandshake();
    refreshTried = false;
    setState('connected');
    if (currentPage) s.emit('UpdateUserPage', currentPage);
  });
  s.on('disconnect', (reason: string) => {
    settleHandshake();
    setState('disconnected');
    // Any other reason: socket.io reconnects by itself.
    if (reason === 'io server disconnect') onServerDisconnect(s, sessionEnded);
  });
  s.on('connect_error', (err: Error) => {
    settleHandshake();
    setState('disconnected');
    if (err.message === 'unauthorized') void onUnauthorized(s);
  });
  s.on('SessionEnded', (payload: unknown) => {
    sessionEnded = true;
    const parsed = sessionEndedSchema.safeParse(payload);
    const reason = parsed.success ? parsed.data.reason : 'La sesión terminó';
    disconnectHub();
    session.end(`/logedout?error=${encodeURIComponent(reason)}`);
  });
  s.onAny((event: string, ...args: unknown[]) => {
    handlers.get(event)?.forEach((h) => h(...args));
  });
  return s;
}

/** Fetches the hub's chunk once (again after a failure); connectHub() does it, tests may await it. */
export const loadHubClient: () => Promise<HubClient> = loadOnce(() => import('./hub-client').then((m) => (hub = m)));

/**
 * Opens the hub connection (idempotent). Reconnects automatically until disconnectHub(). The first call fetches
 * socket.io's chunk and connects when it arrives, unless the hub was closed meanwhile; a failed download is tried
 * again after HUB_CLIENT_RETRY_MS.
 */
export function connectHub(): void {
  if (!session.getToken()) return;
  if (!hub) {
    const asked = generation;
    loadHubClient().then(
      () => {
        if (asked === generation) connectHub();
      },
      () => {
        if (retryTimer) clearTimeout(retryTimer);
        retryTimer = setTimeout(() => {
          retryTimer = null;
          if (asked === generation) connectHub();
        }, HUB_CLIENT_RETRY_MS);
      },
    );
    return;
  }
  socket ??= createSocket(hub);
  connectIfIdle(socket);
}

/** Closes the connection and forgets the socket (sign-out, session end, layout unmount). */
export function disconnectHub(): void {
  generation++;
  settleHandshake();
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  refreshTried = false;
  lastServerDisconnect = 0;
  const s = socket;
  socket = null;
  if (s) {
    s.removeAllListeners();
    s.offAny();
    s.disconnect();
  }
  setState('disconnected');
}

export function getHubState(): HubConnectionState {
  return state;
}

export function subscribeHubState(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

/** Listens to a server event on the current and every later connection. */
export function onHubEvent(event: string, handler: HubHandler): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  set.add(handler);
  return () => {
    handlers.get(event)?.delete(handler);
  };
}

/** Reports the page on screen now and after every reconnection (UpdateUserPage). */
export function reportPage(page: string): void {
  currentPage = page;
  if (socket?.connected) socket.emit('UpdateUserPage', page);
}

/** Reports user activity (UpdateUserActivity); dropped while disconnected. */
export function reportActivity(action: string): void {
  if (socket?.connected) socket.emit('UpdateUserActivity', action);
}

/**
 * Sends a client → server event and waits for its ack. No socket object: throws
 * NO_ACTIVE_CONNECTION_MESSAGE. Disconnected: toasts and rejects with NO_HUB_CONNECTION_MESSAGE.
 * A refusal because the session ended (SESSION_OVER_MESSAGE) is toasted here too; either way the
 * HubError says so (`shown`), so callers toast only the other failures.
 */
async function invoke(event: string, ...args: unknown[]): Promise<void> {
  const s = socket;
  const client = hub;
  if (!s || !client) throw new HubError(NO_ACTIVE_CONNECTION_MESSAGE);
  if (!s.connected) {
    enqueueSnackbar(NO_HUB_CONNECTION_MESSAGE, { variant: 'error' });
    throw new HubError(NO_HUB_CONNECTION_MESSAGE, true);
  }
  let ack: unknown;
  try {
    ack = await s.timeout(ACK_TIMEOUT_MS).emitWithAck(event, ...args);
  } catch {
    throw new HubError('El servidor de notificaciones no respondió a tiempo');
  }
  const parsed = client.ackSchema.safeParse(ack);
  if (!parsed.success || parsed.data.ok) return;
  const message = parsed.data.error ?? 'El servidor rechazó el envío';
  if (message === SESSION_OVER_MESSAGE) {
    enqueueSnackbar(message, { variant: 'error' });
    throw new HubError(message, true);
  }
  throw new HubError(message);
}

export function joinGroup(groupName: string): Promise<void> {
  return invoke('JoinGroup', groupName);
}

export function sendToGroup(groupName: string, message: string): Promise<void> {
  return invoke('SendToGroup', groupName, message);
}

export interface HubMessage {
  user?: string;
  message: string;
  url?: string;
  customerId?: number;
  customerName?: string;
}

/** A notice to every active user; the server stores it and pushes it back as ReceiveMessage. */
export function sendMessage(payload: HubMessage): Promise<void> {
  return invoke('SendMessage', payload);
}

// The connection lives only as long as the session, and speaks for one user: follow the stored
// session. Signed out: close. Another user signed in (e.g. in another tab): a new connection, so
// the old user's pushes stop. A new token for the same user (a refresh that a handshake was
// waiting for): connect the socket if it gave up.
let lastToken = session.getToken();
let lastUserId = session.getUser()?.id ?? null;
session.subscribe(() => {
  const token = session.getToken();
  const userId = session.getUser()?.id ?? null;
  const tokenChanged = token !== lastToken;
  const userChanged = userId !== lastUserId;
  lastToken = token;
  lastUserId = userId;
  if (!socket || (!tokenChanged && !userChanged)) return;
  if (!token) {
    disconnectHub();
  } else if (userChanged) {
    disconnectHub();
    connectHub();
  } else {
    connectIfIdle(socket);
  }
});
