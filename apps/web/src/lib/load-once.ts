/**
 * A chunk (or anything else) fetched at most once: every call shares the same promise; after a failure (offline)
 * the promise is dropped, so the next call fetches again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((e: unknown) => {
      loading = null;
      throw e;
    }));
}
