import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useSearchParams } from 'react-router';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { SEARCH_DEBOUNCE_MS } from '../../lib/use-debounced-value';

/** A filter's value: text, a select's option ('' when nothing is chosen), a number. */
type FilterValue = string | number;
type Filters = Record<string, FilterValue>;
/** A page's filters: an interface or a type of text and number fields. */
type FilterShape<F> = { [K in keyof F]: FilterValue };

/** Reads one filter back from the address; undefined when the text is not one of its values (the empty value). */
type UrlReader<V> = (raw: string) => V | undefined;

export interface ListFiltersOptions<F extends FilterShape<F>> {
  /** Every filter with nothing chosen ('' for a text or an 'all' select): the start, and what 'Limpiar' restores. */
  empty: F;
  /** The text filters that reach `applied` once typing stops (trimmed), after `delay` ms. */
  debounced?: ReadonlyArray<keyof F>;
  delay?: number;
  /**
   * The filters kept in the address (`?key=value`, replacing the entry), each with its reader: the page opens with
   * them and going back to it finds the list as it was. A filter at its empty value is left out of the address.
   */
  url?: { [K in keyof F]?: UrlReader<F[K]> };
  /** The server table whose page goes back to the first when an applied filter changes (`useServerTable`). */
  table?: { setPaginationModel: Dispatch<SetStateAction<GridPaginationModel>> };
}

export interface ListFilters<F extends FilterShape<F>> {
  /** What the fields show (a search box's text as typed). */
  values: F;
  /** What the list asks the server for (debounced, trimmed text). */
  applied: F;
  /** Changes some filters (an 'all' option sets the empty value). */
  set: (patch: Partial<F>) => void;
  /** Back to `empty` ('Limpiar filtros'). */
  reset: () => void;
  /** Whether any filter differs from `empty` (as the fields show them). */
  filtered: boolean;
}

const isEmpty = (f: Filters, empty: Filters) =>
  Object.keys(empty).every((k) => String(f[k]).trim() === String(empty[k]));

const keyOf = (f: Filters) => JSON.stringify(Object.entries(f).sort(([a], [b]) => a.localeCompare(b)));
const fromEntries = (o: Filters, [k, v]: [string, FilterValue]) => ({ ...o, [k]: v });

/** The URL-kept filters as the address has them (missing or unreadable: empty). */
function readAddress<F extends FilterShape<F>>(params: URLSearchParams, url: ListFiltersOptions<F>['url'], empty: F) {
  const read: Partial<F> = {};
  for (const k of Object.keys(url ?? {}) as Array<keyof F & string>) {
    const raw = params.get(k);
    const value = raw === null ? undefined : url![k]!(raw);
    read[k] = (value === undefined ? empty[k] : value) as F[typeof k];
  }
  return read;
}

/**
 * The filters of a list page (docs/architecture.md "Components kit"): the fields' values, the values the query
 * sends (search text debounced and trimmed), the table back to its first page when they change, and, for the
 * filters named in `url`, the address kept in step both ways. Pair with `FilterSelect` and `SearchField`.
 */
export function useListFilters<F extends FilterShape<F>>({
  empty,
  debounced = [],
  delay = SEARCH_DEBOUNCE_MS,
  url,
  table,
}: ListFiltersOptions<F>): ListFilters<F> {
  const [params, setParams] = useSearchParams();
  const fromAddress = readAddress(params, url, empty);
  const [values, setValues] = useState<F>(() => ({ ...empty, ...fromAddress }));
  const settledOf = (f: F): Partial<F> => {
    const out: Partial<F> = {};
    for (const k of debounced) {
      const v = f[k];
      out[k] = (typeof v === 'string' ? v.trim() : v) as F[keyof F];
    }
    return out;
  };
  // The debounced filters as the query sends them: they follow the fields once typing stops.
  const [settled, setSettled] = useState<Partial<F>>(() => settledOf({ ...empty, ...fromAddress }));
  const typed = settledOf(values);
  const typedKey = keyOf(typed as Filters);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(typedKey).reduce(fromEntries, {}) as Partial<F>), delay);
    return () => clearTimeout(timer);
  }, [typedKey, delay]);
  const applied = useMemo(() => ({ ...values, ...settled }), [values, settled]);

  const set = useCallback((patch: Partial<F>) => setValues((v) => ({ ...v, ...patch })), []);
  const reset = useCallback(() => {
    setValues(empty);
    setSettled(settledOf(empty));
    // settledOf reads only `debounced`, fixed for the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [empty]);

  // The address changed from outside (a link, back): its filters become the fields' and the query's at once.
  const addressKey = keyOf(fromAddress as Filters);
  const [seenAddress, setSeenAddress] = useState(addressKey);
  if (addressKey !== seenAddress) {
    setSeenAddress(addressKey);
    const mine = Object.fromEntries(Object.keys(fromAddress).map((k) => [k, (applied as Filters)[k]!]));
    if (keyOf(mine) !== addressKey) {
      const next = { ...values, ...fromAddress };
      setValues(next);
      setSettled(settledOf(next));
    }
  }

  // The applied filters go to the address (replacing the entry, so 'back' leaves the page, not the last key).
  const appliedKey = keyOf(applied as Filters);
  const written = useRef<string | null>(null);
  useEffect(() => {
    if (!url || written.current === appliedKey) return;
    written.current = appliedKey;
    const next = new URLSearchParams(params);
    for (const k of Object.keys(url)) {
      const v = String((applied as Filters)[k]);
      if (v === String((empty as Filters)[k]) || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [appliedKey, applied, empty, params, setParams, url]);

  // A new search or filter starts again from the first page (in the same render: no request for the old page).
  const [shownKey, setShownKey] = useState(appliedKey);
  if (appliedKey !== shownKey) {
    setShownKey(appliedKey);
    table?.setPaginationModel((p) => (p.page === 0 ? p : { ...p, page: 0 }));
  }

  return { values, applied, set, reset, filtered: !isEmpty(values as Filters, empty as Filters) };
}
