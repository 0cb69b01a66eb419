import { useMemo, type MouseEvent } from 'react';
import { DEFAULT_PAGE_SIZE, formatNumber, PAGE_SIZE_OPTIONS } from '@airlink/domain';
import { Box, useMediaQuery, useTheme } from '@mui/material';
import {
  DataGrid,
  GridOverlay,
  type GridColDef,
  type GridDensity,
  type GridPaginationModel,
  type GridRowId,
  type GridRowIdGetter,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { EmptyState } from './empty-state';

const localeText = esES.components.MuiDataGrid.defaultProps.localeText;
const pageSizeOptions = [...PAGE_SIZE_OPTIONS];

interface BaseProps<R extends GridValidRowModel> {
  rows: readonly R[];
  columns: readonly GridColDef<R>[];
  loading?: boolean;
  /** Called with the clicked row; the rows then show a pointer. */
  onRowClick?: (row: R) => void;
  /** Called with the row the pointer enters (to fetch what a click on it opens, ahead of the click). */
  onRowHover?: (row: R) => void;
  getRowId?: GridRowIdGetter<R>;
  /** Empty-state title; 'Sin registros' unless told. */
  emptyText?: string;
  emptyDescription?: string;
  density?: GridDensity;
  /** Accessible name of the table. */
  'aria-label'?: string;
  /**
   * The field of the row actions' column ('actions' unless told): last on a wide screen, first on a phone, where
   * the last columns of a wide table are out of sight and its buttons would need a sideways scroll.
   */
  actionsField?: string;
  /** Rows chosen with a checkbox for a bulk action; without it the table has no checkboxes. */
  selection?: { ids: ReadonlySet<GridRowId>; onChange: (ids: Set<GridRowId>) => void };
}

/** An identifier column (id, idCliente…): a number, but never grouped like a quantity. */
const isIdentifier = (field: string) => field === 'id' || /^id[A-Z]/.test(field);

/**
 * A number column without a format of its own shows the app's number format (es-MX thousands, formatNumber), an
 * identifier as plain digits; never the grid's default, which follows the browser's locale.
 */
function withNumberFormat<R extends GridValidRowModel>(columns: readonly GridColDef<R>[]): GridColDef<R>[] {
  return columns.map((c) => {
    if (c.type !== 'number' || c.valueFormatter || c.renderCell) return c;
    const show = isIdentifier(c.field) ? (n: number) => String(n) : (n: number) => formatNumber(n, 2);
    return {
      ...c,
      valueFormatter: (value: unknown) => (typeof value === 'number' ? show(value) : value),
    } as GridColDef<R>;
  });
}

/** The columns in the order they show: on a phone the actions' column comes first. */
function orderForScreen<C extends { field: string }>(columns: readonly C[], actionsField: string, phone: boolean) {
  if (!phone) return columns;
  const actions = columns.filter((c) => c.field === actionsField);
  return actions.length ? [...actions, ...columns.filter((c) => c.field !== actionsField)] : columns;
}

/** The server pages and sorts: the grid shows one page and reports the page and sort it wants. */
export interface ServerDataTableProps<R extends GridValidRowModel> extends BaseProps<R> {
  mode?: 'server';
  rowCount: number;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  sortModel: GridSortModel;
  onSortModelChange: (model: GridSortModel) => void;
}

/** A small list held whole in the browser: the grid pages and sorts it. */
export interface ClientDataTableProps<R extends GridValidRowModel> extends BaseProps<R> {
  mode: 'client';
  /** Sort applied when the table first shows. */
  initialSort?: GridSortModel;
  paginationModel?: GridPaginationModel;
  onPaginationModelChange?: (model: GridPaginationModel) => void;
}

export type DataTableProps<R extends GridValidRowModel> = ServerDataTableProps<R> | ClientDataTableProps<R>;

function NoRowsOverlay({ title, description }: { title: string; description?: string }) {
  return (
    <GridOverlay>
      <EmptyState title={title} description={description} />
    </GridOverlay>
  );
}

/**
 * The app's table: MUI X Data Grid in Spanish, 5/10/25/50/75/100 rows per page (10 by default), skeleton rows
 * while loading, 'Sin registros' when empty. Its height follows its rows; wide tables scroll sideways
 * inside the grid, never the page.
 */
export function DataTable<R extends GridValidRowModel>(props: DataTableProps<R>) {
  const {
    rows,
    columns,
    loading = false,
    onRowClick,
    onRowHover,
    getRowId,
    emptyText = 'Sin registros',
    emptyDescription,
    density = 'standard',
    actionsField = 'actions',
    selection,
  } = props;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const shown = useMemo(
    () => orderForScreen(withNumberFormat(columns), actionsField, phone),
    [columns, actionsField, phone],
  );

  const slots = useMemo(
    () => ({
      noRowsOverlay: () => <NoRowsOverlay title={emptyText} description={emptyDescription} />,
      noResultsOverlay: () => (
        <NoRowsOverlay title="Sin resultados" description="Ningún registro coincide con el filtro." />
      ),
    }),
    [emptyText, emptyDescription],
  );

  const rowSlotProps = useMemo(() => {
    if (!onRowHover) return {};
    const idOf = (row: R) => String(getRowId ? getRowId(row) : (row as { id?: unknown }).id);
    const byId = new Map(rows.map((row) => [idOf(row), row]));
    return {
      row: {
        onMouseEnter: (event: MouseEvent<HTMLElement>) => {
          const row = byId.get(event.currentTarget.dataset.id ?? '');
          if (row) onRowHover(row);
        },
      },
    };
  }, [rows, getRowId, onRowHover]);

  const selectionProps = selection
    ? {
        checkboxSelection: true,
        rowSelectionModel: { type: 'include', ids: new Set(selection.ids) } satisfies GridRowSelectionModel,
        // 'Select all' answers 'every row but these': turned into the rows it means.
        onRowSelectionModelChange: (model: GridRowSelectionModel) =>
          selection.onChange(
            model.type === 'include'
              ? new Set(model.ids)
              : new Set(
                  rows.map((r) => (getRowId ? getRowId(r) : (r.id as GridRowId))).filter((id) => !model.ids.has(id)),
                ),
          ),
      }
    : {};

  const modeProps =
    props.mode === 'client'
      ? {
          paginationMode: 'client' as const,
          sortingMode: 'client' as const,
          initialState: {
            pagination: { paginationModel: { page: 0, pageSize: DEFAULT_PAGE_SIZE } },
            sorting: { sortModel: props.initialSort ?? [] },
          },
          ...(props.paginationModel
            ? { paginationModel: props.paginationModel, onPaginationModelChange: props.onPaginationModelChange }
            : {}),
        }
      : {
          paginationMode: 'server' as const,
          sortingMode: 'server' as const,
          filterMode: 'server' as const,
          rowCount: props.rowCount,
          paginationModel: props.paginationModel,
          onPaginationModelChange: props.onPaginationModelChange,
          sortModel: props.sortModel,
          onSortModelChange: props.onSortModelChange,
        };

  return (
    // minWidth 0 lets the grid shrink inside flex layouts, so a wide table scrolls inside itself.
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <DataGrid<R>
        aria-label={props['aria-label']}
        rows={rows}
        columns={shown}
        getRowId={getRowId}
        loading={loading}
        {...modeProps}
        {...selectionProps}
        pagination
        pageSizeOptions={pageSizeOptions}
        autoHeight
        density={density}
        localeText={localeText}
        disableRowSelectionOnClick
        disableColumnFilter
        onRowClick={onRowClick ? (params) => onRowClick(params.row) : undefined}
        slots={slots}
        slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' }, ...rowSlotProps }}
        sx={{
          bgcolor: 'background.paper',
          // Room for the empty state and the loading skeleton when there are no rows yet.
          '--DataGrid-overlayHeight': '220px',
          '& .MuiDataGrid-row': { cursor: onRowClick ? 'pointer' : 'default' },
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
          '& .MuiDataGrid-cell:focus, & .MuiDataGrid-cell:focus-within, & .MuiDataGrid-columnHeader:focus': {
            outline: 'none',
          },
          // The grid hides the rows-per-page selector on phones; keep it (5/10/25/50/75/100 everywhere)
          // and let the footer wrap instead of overflowing.
          '&& .MuiTablePagination-selectLabel': { display: 'block', my: 0.5 },
          '&& .MuiTablePagination-input': { display: 'inline-flex', mr: { xs: 1, sm: 4 }, ml: { xs: 0.5, sm: 1 } },
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 1 },
          '& .MuiTablePagination-displayedRows': { my: 0.5 },
        }}
      />
    </Box>
  );
}
