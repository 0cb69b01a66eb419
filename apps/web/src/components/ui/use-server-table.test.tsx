import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tableLoading, toSearchParams, useServerTable } from './use-server-table';

describe('useServerTable', () => {
  it('starts on page 0 with 10 rows and the default sort', () => {
    const { result } = renderHook(() => useServerTable({ field: 'fecha', sort: 'desc' }));
    expect(result.current.params).toEqual({ page: 0, pageSize: 10, sort: 'fecha', dir: 'desc' });
  });

  it('turns page and sort changes into query params, back to page 0 on a new sort', () => {
    const { result } = renderHook(() => useServerTable());
    expect(result.current.params).toEqual({ page: 0, pageSize: 10 });
    act(() => result.current.setPaginationModel({ page: 3, pageSize: 25 }));
    expect(result.current.params).toEqual({ page: 3, pageSize: 25 });
    act(() => result.current.setSortModel([{ field: 'nombre', sort: 'asc' }]));
    expect(result.current.params).toEqual({ page: 0, pageSize: 25, sort: 'nombre', dir: 'asc' });
    expect(toSearchParams(result.current.params)).toBe('?page=0&pageSize=25&sort=nombre&dir=asc');
  });
});

describe('tableLoading', () => {
  it('shows the skeleton for a first answer or another page, not while the rows on the screen are checked again', () => {
    expect(tableLoading({ isFetching: true, isPlaceholderData: false, data: undefined })).toBe(true);
    expect(tableLoading({ isFetching: true, isPlaceholderData: true, data: { items: [] } })).toBe(true);
    expect(tableLoading({ isFetching: true, isPlaceholderData: false, data: { items: [] } })).toBe(false);
    expect(tableLoading({ isFetching: false, isPlaceholderData: false, data: undefined })).toBe(false);
  });
});
