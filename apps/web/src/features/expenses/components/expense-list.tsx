import { useMemo } from 'react';
import { EXPENSE_STATUSES, toCentavos, toPesos, type Expense, isIncomeGroup } from '@airlink/domain';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import { Box, Button, Card, CardContent, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorState } from '../../../components/ui/error-state';
import { Money } from '../../../components/ui/money';
import { useServerTable } from '../../../components/ui/use-server-table';
import { useAccounts } from '../../../lib/reference-data';
import { useExpenseCategories } from '../api/list-expense-categories';
import { expenseListSearch, NO_EXPENSE_FILTERS, useExpenses, type ExpenseFilters } from '../api/list-expenses';
import { expenseColumns } from './expense-columns';
import { FilterSelect } from '../../../components/ui/filter-select';
import { SearchField } from '../../../components/ui/search-field';
import { useListFilters } from '../../../components/ui/use-list-filters';

const expensesText = (n: number) => `${n} ${n === 1 ? 'gasto' : 'gastos'}`;

/** Sum of the listed amounts, exact to the centavo. */
export function pageTotal(items: readonly Expense[]): number {
  return toPesos(items.reduce((sum, e) => sum + toCentavos(e.monto), 0));
}

const dateProps = { inputLabel: { shrink: true } } as const;

/**
 * The expenses, newest first, paged and filtered on the server (dates, category, account, status, search),
 * with the total of the page shown.
 */
export function ExpenseList() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const table = useServerTable();
  const { setPaginationModel } = table;
  const filterState = useListFilters<ExpenseFilters>({
    empty: NO_EXPENSE_FILTERS,
    debounced: ['q'],
    table: { setPaginationModel },
  });
  const filters = filterState.values;
  const search = expenseListSearch(table.params.page, table.params.pageSize, filterState.applied);
  const list = useExpenses(search);
  const categories = useExpenseCategories();
  const accounts = useAccounts();

  const { set: setFilter, filtered } = filterState;
  const rangeError = filters.desde && filters.hasta && filters.desde > filters.hasta;

  const columns = useMemo<GridColDef<Expense>[]>(() => {
    const icons = new Map((categories.data ?? []).map((c) => [c.id, c.icono]));
    const c = expenseColumns((id) => icons.get(id));
    return phone
      ? [c.resumen, c.montoEstado]
      : [c.fecha, c.categoria, c.descripcion, c.cuenta, c.monto, c.estado, c.creadoPor];
  }, [phone, categories.data]);

  const items = list.data?.items ?? [];

  return (
    <Card component="section" aria-labelledby="expense-list-title">
      <CardContent sx={{ pb: 1 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mb: 2, justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
        >
          <Typography id="expense-list-title" variant="h6" component="h2">
            Gastos registrados
          </Typography>
          {list.data && (
            <Typography variant="body2" color="text.secondary" role="status">
              {expensesText(list.data.total)}
              {filtered ? ' con estos filtros' : ''}
            </Typography>
          )}
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 1.5, md: 2 },
            alignItems: 'start',
            gridTemplateColumns: {
              xs: '1fr 1fr',
              md: 'repeat(4, minmax(0, 1fr))',
              xl: 'minmax(220px, 2fr) repeat(5, minmax(0, 1fr)) auto',
            },
          }}
        >
          <SearchField
            label="Buscar gasto"
            placeholder="Descripción o nota"
            value={filters.q}
            onChange={(v) => setFilter({ q: v })}
            sx={{ gridColumn: { xs: '1 / -1', md: 'span 2', xl: 'auto' } }}
          />
          <TextField
            type="date"
            size="small"
            label="Desde"
            value={filters.desde}
            onChange={(e) => setFilter({ desde: e.target.value })}
            slotProps={dateProps}
          />
          <TextField
            type="date"
            size="small"
            label="Hasta"
            value={filters.hasta}
            onChange={(e) => setFilter({ hasta: e.target.value })}
            error={Boolean(rangeError)}
            helperText={rangeError ? 'Debe ser igual o posterior a «Desde»' : undefined}
            slotProps={dateProps}
          />
          <FilterSelect
            label="Categoría"
            value={filters.idGasto}
            onChange={(v) => setFilter({ idGasto: v })}
            all="Todas"
            options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.nombre }))}
          />
          <FilterSelect
            label="Cuenta"
            value={filters.idCuenta}
            onChange={(v) => setFilter({ idCuenta: v })}
            all="Todas"
            options={(accounts.data ?? [])
              .filter((a) => isIncomeGroup(a.grupo))
              .map((a) => ({ value: a.id, label: a.nombre }))}
          />
          <FilterSelect
            label="Estado"
            value={filters.estadoPago}
            onChange={(v) => setFilter({ estadoPago: v })}
            all="Todos"
            options={EXPENSE_STATUSES.map((s) => ({ value: s, label: s }))}
          />
          <Button
            size="small"
            color="inherit"
            startIcon={<FilterAltOffOutlinedIcon />}
            disabled={!filtered}
            onClick={filterState.reset}
            sx={{ whiteSpace: 'nowrap', justifySelf: { xs: 'start', md: 'end' }, mt: { md: 0.5 } }}
          >
            Limpiar filtros
          </Button>
        </Box>
      </CardContent>

      {list.isError ? (
        <ErrorState message="No se pudieron cargar los gastos." onRetry={() => void list.refetch()} />
      ) : (
        <Box sx={{ px: { xs: 1, sm: 2 }, pb: 2 }}>
          <DataTable<Expense>
            aria-label="Gastos"
            rows={items}
            rowCount={list.data?.total ?? 0}
            columns={columns}
            loading={list.isFetching}
            {...table.tableProps}
            emptyText={filtered ? 'Sin resultados' : 'Aún no hay gastos'}
            emptyDescription={
              filtered
                ? 'Ningún gasto coincide con los filtros.'
                : 'Los gastos que registres con el formulario de arriba aparecerán aquí.'
            }
          />
          {items.length > 0 && (
            <Stack
              direction="row"
              spacing={1}
              sx={{ mt: 1.5, justifyContent: 'flex-end', alignItems: 'baseline' }}
              aria-label="Total de la página"
            >
              <Typography variant="body2" color="text.secondary">
                Total de esta página ({expensesText(items.length)}):
              </Typography>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }} data-testid="expense-page-total">
                <Money value={pageTotal(items)} />
              </Typography>
            </Stack>
          )}
        </Box>
      )}
    </Card>
  );
}
