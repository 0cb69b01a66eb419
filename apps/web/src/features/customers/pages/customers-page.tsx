import {
  canDo,
  CUSTOMER_SORT_FIELDS,
  CUSTOMER_STATUS_FILTER_LABELS,
  CUSTOMER_STATUS_FILTERS,
  SERVICE_TYPES,
  serviceType,
  type CustomerListItem,
  type CustomerStatusFilter,
  formatNumber,
} from '@airlink/domain';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorState } from '../../../components/ui/error-state';
import { Money } from '../../../components/ui/money';
import { PageHeader } from '../../../components/ui/page-header';
import { tableLoading, useServerTable } from '../../../components/ui/use-server-table';
import { useSession } from '../../../lib/session-context';
import { useCustomers } from '../api/list-customers';
import { prefetchCustomerPanel } from './page-data';
import { ContractFormDialog } from '../components/contract-form-dialog';
import { customerPanelPath } from '../../../lib/customer-search';
import { CustomerStatusChips } from '../components/customer-status-chips';
import { SearchField } from '../../../components/ui/search-field';
import { FilterSelect } from '../../../components/ui/filter-select';
import { useListFilters } from '../../../components/ui/use-list-filters';

const SORTABLE = new Set<string>(CUSTOMER_SORT_FIELDS);
const isStatus = (v: string): v is CustomerStatusFilter => (CUSTOMER_STATUS_FILTERS as readonly string[]).includes(v);

const STATUS_OPTIONS = CUSTOMER_STATUS_FILTERS.map((s) => ({ value: s, label: CUSTOMER_STATUS_FILTER_LABELS[s] }));
const TYPE_OPTIONS = SERVICE_TYPES.map((t) => ({ value: t.value, label: t.name }));
const NO_FILTERS: { q: string; estado: CustomerStatusFilter; tipo: number | '' } = { q: '', estado: 'todos', tipo: '' };
/** The search and filters live in the address, so going back from a panel finds the list as it was. */
const URL_FILTERS = {
  q: (v: string) => v.trim() || undefined,
  estado: (v: string) => (isStatus(v) ? v : undefined),
  tipo: (v: string) => (serviceType(Number(v)) ? Number(v) : undefined),
};

const baseColumns: GridColDef<CustomerListItem>[] = [
  {
    field: 'idcliente',
    headerName: 'Id',
    minWidth: 150,
    flex: 0.9,
    renderCell: ({ value }) => (
      <Box
        component="span"
        title={value as string}
        sx={{
          fontFamily: 'monospace',
          fontSize: 13,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {value}
      </Box>
    ),
  },
  { field: 'nombre', headerName: 'Nombre', minWidth: 170, flex: 1.2 },
  { field: 'comunidad', headerName: 'Comunidad', minWidth: 110, flex: 0.6 },
  { field: 'telefono', headerName: 'Teléfono', width: 110 },
  {
    field: 'tipo',
    headerName: 'Servicio',
    minWidth: 150,
    flex: 0.8,
    valueFormatter: (value: number) => serviceType(value)?.name ?? `Tipo ${value}`,
  },
  {
    field: 'monto',
    headerName: 'Mensualidad',
    width: 120,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ value }) => <Money value={value as number} />,
  },
  {
    field: 'diasRetraso',
    headerName: 'Estado',
    minWidth: 235,
    flex: 1,
    renderCell: ({ row }) => (
      <Box sx={{ display: 'flex', alignItems: 'center', height: '100%', overflow: 'hidden' }}>
        <CustomerStatusChips customer={row} nowrap />
      </Box>
    ),
  },
];
/** The server sorts by the fields it knows; the status column sorts by days late. */
const columns = baseColumns.map((c) => ({ ...c, sortable: SORTABLE.has(c.field) }));

/**
 * Clientes (docs/access.md "Pages", level 5): the customers, paged, sorted and searched on the server,
 * filtered by state and service type. A row opens the customer's panel; 'Crear Nuevo Cliente'
 * (level 16) opens the contract form. The search and filters live in the address, so going back
 * from a panel finds the list as it was.
 */
export function CustomersPage() {
  const navigate = useNavigate();
  const { level } = useSession();
  const [creating, setCreating] = useState(false);
  const table = useServerTable();

  const filters = useListFilters({
    empty: NO_FILTERS,
    debounced: ['q'],
    url: URL_FILTERS,
    table,
  });
  const { q, estado } = filters.applied;
  const tipo = filters.applied.tipo === '' ? undefined : filters.applied.tipo;

  const listParams = useMemo(
    () => ({ ...table.params, q: q || undefined, estado, tipo }),
    [table.params, q, estado, tipo],
  );
  const customers = useCustomers(listParams);
  const queryClient = useQueryClient();
  const prefetchPanel = useCallback(
    (row: CustomerListItem) => void prefetchCustomerPanel(queryClient, row.id),
    [queryClient],
  );
  const total = customers.data?.total;
  const { filtered } = filters;

  return (
    <Box>
      <PageHeader
        title="Clientes"
        subtitle={
          total === undefined
            ? 'Clientes y sus contratos de servicio'
            : `${formatNumber(total)} ${total === 1 ? 'cliente' : 'clientes'}${filtered ? ' con este filtro' : ''}`
        }
        actions={
          canDo(level, 'customers.create') ? (
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setCreating(true)}>
              Crear Nuevo Cliente
            </Button>
          ) : undefined
        }
      />

      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1.5, md: 2 }}>
          <SearchField
            label="Buscar"
            placeholder="Nombre, dirección, comunidad, teléfono o id"
            value={filters.values.q}
            onChange={(v) => filters.set({ q: v })}
            sx={{ flex: 1 }}
          />
          <Stack direction="row" spacing={{ xs: 1.5, md: 2 }}>
            <FilterSelect
              label="Estado"
              value={filters.values.estado}
              onChange={(v) => filters.set({ estado: v || 'todos' })}
              options={STATUS_OPTIONS}
              sx={{ minWidth: { xs: 0, md: 180 }, flex: { xs: 1, md: 'none' } }}
            />
            <FilterSelect
              label="Tipo de servicio"
              value={filters.values.tipo}
              onChange={(v) => filters.set({ tipo: v })}
              all="Todos los tipos"
              options={TYPE_OPTIONS}
              sx={{ minWidth: { xs: 0, md: 220 }, flex: { xs: 1, md: 'none' } }}
            />
          </Stack>
        </Stack>
      </Paper>

      {customers.isError && !customers.data ? (
        <Paper variant="outlined">
          <ErrorState
            message={customers.error.message || 'No se pudo cargar la lista de clientes.'}
            onRetry={() => void customers.refetch()}
          />
        </Paper>
      ) : (
        <DataTable<CustomerListItem>
          {...table.tableProps}
          aria-label="Clientes"
          rows={customers.data?.items ?? []}
          rowCount={total ?? 0}
          columns={columns}
          loading={tableLoading(customers)}
          onRowClick={(row) => void navigate(customerPanelPath(row.id))}
          // The panel's first data is fetched while the pointer is on the row (its code when the browser was idle).
          onRowHover={prefetchPanel}
          emptyText={filtered ? 'Sin resultados' : 'Sin clientes'}
          emptyDescription={
            filtered ? 'Ningún cliente coincide con la búsqueda o el filtro.' : 'Todavía no hay clientes registrados.'
          }
        />
      )}
      {customers.isError && customers.data && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
          {customers.error.message}
        </Typography>
      )}

      {creating && (
        <ContractFormDialog
          onClose={() => setCreating(false)}
          onSaved={(c) => void navigate(customerPanelPath(c.id))}
        />
      )}
    </Box>
  );
}
