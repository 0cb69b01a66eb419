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
import { Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
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
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SearchField } from '../../../components/ui/search-field';

const SORTABLE = new Set<string>(CUSTOMER_SORT_FIELDS);
const isStatus = (v: string | null): v is CustomerStatusFilter =>
  v !== null && (CUSTOMER_STATUS_FILTERS as readonly string[]).includes(v);

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
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const table = useServerTable();

  const estadoParam = params.get('estado');
  const estado: CustomerStatusFilter = isStatus(estadoParam) ? estadoParam : 'todos';
  const tipoParam = Number(params.get('tipo'));
  const tipo = serviceType(tipoParam) ? tipoParam : undefined;
  const [text, setText] = useState(() => params.get('q') ?? '');
  const q = useDebouncedValue(text.trim());

  const setFilter = useCallback(
    (key: 'q' | 'estado' | 'tipo', value: string | undefined) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // The debounced search reaches the address once the user stops typing.
  const qInAddress = params.get('q') ?? '';
  useEffect(() => {
    if (q !== qInAddress) setFilter('q', q || undefined);
  }, [q, qInAddress, setFilter]);

  // A new search or filter starts again from the first page.
  const filterKey = `${q}|${estado}|${tipo ?? ''}`;
  const [shownFilter, setShownFilter] = useState(filterKey);
  if (filterKey !== shownFilter) {
    setShownFilter(filterKey);
    if (table.paginationModel.page !== 0) table.setPaginationModel({ ...table.paginationModel, page: 0 });
  }

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
  const filtered = q !== '' || estado !== 'todos' || tipo !== undefined;

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
            value={text}
            onChange={(v) => setText(v)}
            sx={{ flex: 1 }}
          />
          <Stack direction="row" spacing={{ xs: 1.5, md: 2 }}>
            <TextField
              select
              size="small"
              label="Estado"
              value={estado}
              onChange={(e) => setFilter('estado', e.target.value === 'todos' ? undefined : e.target.value)}
              sx={{ minWidth: { xs: 0, md: 180 }, flex: { xs: 1, md: 'none' } }}
            >
              {CUSTOMER_STATUS_FILTERS.map((s) => (
                <MenuItem key={s} value={s}>
                  {CUSTOMER_STATUS_FILTER_LABELS[s]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Tipo de servicio"
              value={tipo ?? ''}
              onChange={(e) => setFilter('tipo', e.target.value === '' ? undefined : String(e.target.value))}
              sx={{ minWidth: { xs: 0, md: 220 }, flex: { xs: 1, md: 'none' } }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">Todos los tipos</MenuItem>
              {SERVICE_TYPES.map((t) => (
                <MenuItem key={t.value} value={t.value}>
                  {t.name}
                </MenuItem>
              ))}
            </TextField>
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
