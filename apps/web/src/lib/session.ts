import { parseSessionUser, type SessionUser } from '@airlink/domain';

/** The browser keeps the token and the user JSON in localStorage (docs/business-rules.md "Screens"). */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
/** The local notification cache (docs/business-rules.md "Screens"); per user, so it goes with the session. */
export const NOTIFICATIONS_KEY = 'notifications';

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

/** Parsed user, cached by its raw JSON so React snapshots stay stable between reads. */
let userCache: { raw: string | null; user: SessionUser | null } = { raw: null, user: null };
/** Where the app goes when the session ends (read by the route guard); reset by a new session. */
let exitPath: string | null = null;

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The notification cache belongs to the user stored next to it: storing a different user (or a
 * user where none was stored) drops it before anyone can read it as the new user's.
 */
function dropCacheOfAnotherUser(next: SessionUser) {
  if (session.getUser()?.id !== next.id) localStorage.removeItem(NOTIFICATIONS_KEY);
}

export const session = {
  getToken(): string | null {
    return safeGet(TOKEN_KEY);
  },
  getUser(): SessionUser | null {
    const raw = safeGet(USER_KEY);
    if (raw !== userCache.raw) userCache = { raw, user: parseSessionUser(raw) };
    return userCache.user;
  },
  set(token: string, user: SessionUser) {
    exitPath = null;
    dropCacheOfAnotherUser(user);
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    notify();
  },
  setToken(token: string) {
    localStorage.setItem(TOKEN_KEY, token);
    notify();
  },
  /** Stores the server's current record of the signed-in user (name or level changed). */
  setUser(user: SessionUser) {
    dropCacheOfAnotherUser(user);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    notify();
  },
  /** Removes token, user, the local notification cache and every readable cookie. */
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    localStorage.removeItem(NOTIFICATIONS_KEY);
    for (const c of document.cookie.split(';')) {
      const name = c.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
    notify();
  },
  /** Ends the session and records where the guarded pages send the browser next. */
  end(redirectTo: string) {
    exitPath = redirectTo;
    this.clear();
  },
  /** The path recorded by the last end(), null after a new sign-in. */
  exitPath(): string | null {
    return exitPath;
  },
  isLoggedIn(): boolean {
    return Boolean(this.getToken() && this.getUser());
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab signing in or out changes the same storage: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === TOKEN_KEY || e.key === USER_KEY) notify();
  });
}
