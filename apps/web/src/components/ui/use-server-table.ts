import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@airlink/domain';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';

type GridSortItem = GridSortModel[number];

/** The query parameters a paged, sorted list call sends (page starts at 0). */
export interface ServerTableParams {
  page: number;
  pageSize: number;
  sort?: string;
  dir?: 'asc' | 'desc';
}

/**
 * Holds the page and sort of a server-side DataTable and turns them into query parameters.
 * Changing the sort goes back to the first page. Spread `tableProps` into `<DataTable>`.
 */
export function useServerTable(defaultSort?: GridSortItem) {
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({ page: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [sortModel, setSortModelState] = useState<GridSortModel>(defaultSort ? [defaultSort] : []);

  const setSortModel = useCallback((model: GridSortModel) => {
    setSortModelState(model);
    setPaginationModel((p) => (p.page === 0 ? p : { ...p, page: 0 }));
  }, []);

  const params = useMemo<ServerTableParams>(() => {
    const first = sortModel[0];
    return {
      page: paginationModel.page,
      pageSize: paginationModel.pageSize,
      ...(first?.sort ? { sort: first.field, dir: first.sort } : {}),
    };
  }, [paginationModel, sortModel]);

  const tableProps = useMemo(
    () => ({
      mode: 'server' as const,
      paginationModel,
      onPaginationModelChange: setPaginationModel,
      sortModel,
      onSortModelChange: setSortModel,
    }),
    [paginationModel, sortModel, setSortModel],
  );

  return { paginationModel, setPaginationModel, sortModel, setSortModel, params, tableProps };
}

/** Query parameters as a search string: `?page=0&pageSize=10&sort=nombre&dir=asc`. */
export function toSearchParams(params: ServerTableParams): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  return `?${q.toString()}`;
}

/**
 * Whether a server table shows its loading skeleton: while its first answer or another page is on its way, not while
 * the rows on the screen are being checked again in the background (data fetched ahead and grown stale, a refetch
 * after a change): those rows stay readable meanwhile.
 */
export function tableLoading(query: { isFetching: boolean; isPlaceholderData: boolean; data: unknown }): boolean {
  return query.isFetching && (query.isPlaceholderData || query.data === undefined);
}
