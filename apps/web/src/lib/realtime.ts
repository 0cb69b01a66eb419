import { NO_ACTIVE_CONNECTION_MESSAGE, NO_HUB_CONNECTION_MESSAGE } from '@airlink/domain';
import { enqueueSnackbar } from 'notistack';
import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import { session } from './session';
import { refreshToken } from './token-refresh';

/** The push hub (docs/api-contract.md "Push hub"): Socket.IO on the same origin. */
export const HUB_PATH = '/notificationHub';
const COMPUTER_NAME_KEY = 'computerName';
const ACK_TIMEOUT_MS = 10_000;
const RETRY_AFTER_ERROR_MS = 10_000;

export type HubConnectionState = 'connected' | 'disconnected';
export type HubHandler = (...args: unknown[]) => void;

const ackSchema = z.object({ ok: z.boolean(), error: z.string().optional() });
const sessionEndedSchema = z.object({ reason: z.string() });

let socket: Socket | null = null;
let state: HubConnectionState = 'disconnected';
let currentPage: string | null = null;
/** The token refresh is tried once per run of 'unauthorized' handshake failures. */
let refreshTried = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
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

async function onUnauthorized(s: Socket) {
  if (refreshTried) return;
  refreshTried = true;
  const result = await refreshToken();
  if (socket !== s) return;
  if (result === 'ok') s.connect();
  else if (result === 'rejected') session.end('/login');
  else {
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (socket === s && !s.connected) {
        refreshTried = false;
        s.connect();
      }
    }, RETRY_AFTER_ERROR_MS);
  }
}

function createSocket(): Socket {
  const s = io({
    path: HUB_PATH,
    autoConnect: false,
    reconnection: true,
    // A function, so every (re)connection sends the token stored at that moment.
    auth: (cb) => cb({ token: session.getToken(), computerName: computerName() }),
  });
  s.on('connect', () => {
    refreshTried = false;
    setState('connected');
    if (currentPage) s.emit('UpdateUserPage', currentPage);
  });
  s.on('disconnect', () => setState('disconnected'));
  s.on('connect_error', (err: Error) => {
    setState('disconnected');
    if (err.message === 'unauthorized') void onUnauthorized(s);
  });
  s.on('SessionEnded', (payload: unknown) => {
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

/** Opens the hub connection (idempotent). Reconnects automatically until disconnectHub(). */
export function connectHub(): void {
  if (!session.getToken()) return;
  socket ??= createSocket();
  if (!socket.connected && !socket.active) socket.connect();
}

/** Closes the connection and forgets the socket (sign-out, session end, layout unmount). */
export function disconnectHub(): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  refreshTried = false;
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
 */
async function invoke(event: string, ...args: unknown[]): Promise<void> {
  const s = socket;
  if (!s) throw new Error(NO_ACTIVE_CONNECTION_MESSAGE);
  if (!s.connected) {
    enqueueSnackbar(NO_HUB_CONNECTION_MESSAGE, { variant: 'error' });
    throw new Error(NO_HUB_CONNECTION_MESSAGE);
  }
  let ack: unknown;
  try {
    ack = await s.timeout(ACK_TIMEOUT_MS).emitWithAck(event, ...args);
  } catch {
    throw new Error('El servidor de notificaciones no respondió a tiempo');
  }
  const parsed = ackSchema.safeParse(ack);
  if (parsed.success && !parsed.data.ok) throw new Error(parsed.data.error ?? 'El servidor rechazó el envío');
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

// The connection lives only as long as the session.
session.subscribe(() => {
  if (!session.getToken() && socket) disconnectHub();
});
