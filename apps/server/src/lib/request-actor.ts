import { AsyncLocalStorage } from 'node:async_hooks';

/** Who is acting in the request being served, beyond the user: the API key, when one authenticated it. */
export interface RequestActor {
  apiKeyId: number | null;
}

const storage = new AsyncLocalStorage<RequestActor>();

/**
 * Runs the rest of a request inside its own actor record (plugins/auth.ts opens it first thing in
 * `onRequest` and fills it once the request is authenticated). Everything the request awaits sees it,
 * so the audit trail can name the key of any change made with one, whichever module makes it.
 */
export function runWithActor(done: () => void): void {
  storage.run({ apiKeyId: null }, done);
}

/** The actor record of the current request (undefined outside a request: jobs, the push hub, tests). */
export function currentActor(): RequestActor | undefined {
  return storage.getStore();
}
