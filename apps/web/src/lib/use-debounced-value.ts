import { useEffect, useState } from 'react';

/** Milliseconds a search waits after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value` once it has stayed the same for `delay` ms (search boxes ask the server after typing stops). */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
