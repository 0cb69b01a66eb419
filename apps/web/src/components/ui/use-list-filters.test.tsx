import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListFilters } from './use-list-filters';
import { useServerTable } from './use-server-table';

type Filters = { q: string; estado: string; tipo: number | '' };
const EMPTY: Filters = { q: '', estado: 'todos', tipo: '' };
const URL = {
  q: (v: string) => v || undefined,
  estado: (v: string) => (['todos', 'activos', 'suspendidos'].includes(v) ? v : undefined),
  tipo: (v: string) => (/^\d+$/.test(v) ? Number(v) : undefined),
};

/** Renders the hook (with a server table and the address it keeps) inside a memory router at `path`. */
function renderFilters(path = '/x', withUrl = false) {
  let router!: ReturnType<typeof createMemoryRouter>;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '*', element: children }], { initialEntries: [path] });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(
    () => {
      const table = useServerTable();
      const filters = useListFilters<Filters>({
        empty: EMPTY,
        debounced: ['q'],
        url: withUrl ? URL : undefined,
        table,
      });
      return { table, filters, search: useLocation().search };
    },
    { wrapper },
  );
  return { ...hook, router: () => router };
}

afterEach(() => vi.useRealTimers());

describe('useListFilters', () => {
  it('applies a select at once and the typed search only once typing stops, trimmed', () => {
    vi.useFakeTimers();
    const { result } = renderFilters();
    act(() => result.current.filters.set({ estado: 'activos', q: ' ana' }));
    expect(result.current.filters.values).toEqual({ q: ' ana', estado: 'activos', tipo: '' });
    expect(result.current.filters.applied).toEqual({ q: '', estado: 'activos', tipo: '' });
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.filters.set({ q: ' ana lu ' }));
    act(() => vi.advanceTimersByTime(299));
    expect(result.current.filters.applied.q).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.filters.applied.q).toBe('ana lu');
    expect(result.current.filters.filtered).toBe(true);
  });

  it('sends the table back to its first page when an applied filter changes, not while typing', () => {
    vi.useFakeTimers();
    const { result } = renderFilters();
    act(() => result.current.table.setPaginationModel({ page: 3, pageSize: 10 }));
    act(() => result.current.filters.set({ q: 'x' }));
    expect(result.current.table.params.page).toBe(3);
    act(() => vi.advanceTimersByTime(300));
    expect(result.current.table.params.page).toBe(0);
    act(() => result.current.table.setPaginationModel({ page: 2, pageSize: 10 }));
    act(() => result.current.filters.set({ tipo: 2 }));
    expect(result.current.table.params.page).toBe(0);
  });

  it("'Limpiar' (reset) empties fields and query at once, dropping a search still waiting", () => {
    vi.useFakeTimers();
    const { result } = renderFilters();
    act(() => result.current.filters.set({ tipo: 1, q: 'pendiente' }));
    act(() => result.current.filters.reset());
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.filters.values).toEqual(EMPTY);
    expect(result.current.filters.applied).toEqual(EMPTY);
    expect(result.current.filters.filtered).toBe(false);
  });

  it('opens with the filters of the address, ignoring values it does not know', () => {
    const { result } = renderFilters('/x?q=ana&estado=raro&tipo=2', true);
    expect(result.current.filters.values).toEqual({ q: 'ana', estado: 'todos', tipo: 2 });
    expect(result.current.filters.applied).toEqual({ q: 'ana', estado: 'todos', tipo: 2 });
  });

  it('keeps the applied filters in the address, leaving out the empty ones, replacing the entry', () => {
    vi.useFakeTimers();
    const { result, router } = renderFilters('/x?tipo=2', true);
    act(() => result.current.filters.set({ estado: 'suspendidos', tipo: '' }));
    expect(new URLSearchParams(result.current.search).get('estado')).toBe('suspendidos');
    expect(new URLSearchParams(result.current.search).has('tipo')).toBe(false);
    act(() => result.current.filters.set({ q: 'luz' }));
    expect(new URLSearchParams(result.current.search).has('q')).toBe(false);
    act(() => vi.advanceTimersByTime(300));
    expect(new URLSearchParams(result.current.search).get('q')).toBe('luz');
    expect(router().state.historyAction).toBe('REPLACE');
  });

  it('follows the address when it changes from outside (a link back to the bare list)', async () => {
    const { result, router } = renderFilters('/x?estado=activos&q=ana', true);
    await act(() => router().navigate('/x'));
    expect(result.current.filters.values).toEqual(EMPTY);
    expect(result.current.filters.applied).toEqual(EMPTY);
  });
});
