import { type CustomerSearchResult } from '@airlink/domain';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { ShellIcon } from '../../../components/ui/shell-icon';
import { customerPanelPath, useCustomerSearch } from '../../../lib/customer-search';
import { idleLazy, useOpenedOnce, usePrefetchWhenIdle } from '../../../lib/idle-lazy';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

// The list of results (Chip, Paper) comes in its own chunk, fetched when the browser is idle: not first screen.
const resultsList = idleLazy(() => import('./customer-search-results').then((m) => m.CustomerSearchResults));

/**
 * The navbar customer search (docs/business-rules.md "Screens"): a combobox over GET /api/customer/search. The list
 * is at most 500 px high; ↓/↑ move and wrap around, Enter opens the highlighted customer (the first
 * when none is highlighted), Escape closes the list (and clears the box when it is already closed).
 */
export function CustomerSearchBox() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [anchor, setAnchor] = useState<HTMLDivElement | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  const query = useDebouncedValue(text.trim());
  const search = useCustomerSearch(query);
  const results = query && text.trim() ? (search.data ?? []) : [];

  // New results: nothing highlighted until the user moves.
  const [shown, setShown] = useState(search.data);
  if (search.data !== shown) {
    setShown(search.data);
    setActive(-1);
  }

  const listOpen = open && text.trim() !== '';
  // The list's chunk is mounted from the first time the list opens on (and fetched before: idle time, focus).
  const used = useOpenedOnce(listOpen);
  usePrefetchWhenIdle(resultsList.prefetch);
  const typing = text.trim() !== query;
  const waiting = typing || (search.isFetching && !search.isPlaceholderData) || search.isPending;

  useEffect(() => {
    if (active < 0) return;
    document.getElementById(`${listId}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  const select = (r: CustomerSearchResult) => {
    setText('');
    setOpen(false);
    setActive(-1);
    inputRef.current?.blur();
    void navigate(customerPanelPath(r.id));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = results.length;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setOpen(true);
        if (n > 0) setActive((a) => (a + 1) % n);
        break;
      case 'ArrowUp':
        e.preventDefault();
        setOpen(true);
        if (n > 0) setActive((a) => (a <= 0 ? n - 1 : a - 1));
        break;
      case 'Enter':
        if (listOpen && n > 0 && !typing) {
          e.preventDefault();
          select(results[active >= 0 && active < n ? active : 0]!);
        }
        break;
      case 'Escape':
        e.preventDefault();
        if (listOpen) {
          setOpen(false);
          setActive(-1);
        } else {
          setText('');
        }
        break;
    }
  };

  let status: string | null = null;
  if (results.length === 0) {
    if (search.isError && !typing) status = 'No se pudo buscar. Revisa tu conexión e intenta de nuevo.';
    else if (waiting) status = 'Buscando…';
    else status = 'Sin resultados';
  }

  return (
    <>
      {/* Plain CSS (app/shell.css .sh-search): the navbar is part of the first screen, without MUI. */}
      <div ref={setAnchor} className="sh-search" onClick={() => inputRef.current?.focus()}>
        <ShellIcon name="Search" small />
        <input
          ref={inputRef}
          type="search"
          placeholder="Buscar cliente…"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            resultsList.prefetch();
            setOpen(true);
          }}
          onBlur={() => setOpen(false)}
          aria-label="Buscar cliente"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={listOpen}
          aria-controls={listOpen ? listId : undefined}
          aria-activedescendant={listOpen && active >= 0 && active < results.length ? optionId(active) : undefined}
        />
        {waiting && text.trim() ? <span className="sh-spinner" aria-hidden="true" /> : null}
      </div>
      {used && (
        <resultsList.Component
          open={listOpen}
          anchor={anchor}
          listId={listId}
          status={status}
          results={results}
          active={active}
          onActive={setActive}
          onSelect={select}
        />
      )}
    </>
  );
}
