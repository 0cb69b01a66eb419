import { formatNumber, type DueContractItem } from '@airlink/domain';
import { Box, Chip, Link, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink, useNavigate } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { useServerTable } from '../../../components/ui/use-server-table';
import { useDueServices } from '../api/list-due-services';
import { DashboardSection } from './dashboard-section';
import { RowCount } from './row-count';
import { SectionError } from './section-error';
import { dayText } from '../../../components/ui/date-text';

export const profilePath = (clienteId: number) => `/dashboard/profile?id=${clienteId}`;

const fixed = { sortable: false, disableColumnMenu: true } as const;

const columns: GridColDef<DueContractItem>[] = [
  {
    field: 'nombreCliente',
    headerName: 'Cliente',
    minWidth: 200,
    flex: 1.6,
    ...fixed,
    renderCell: ({ row }) => (
      <Box sx={{ minWidth: 0, lineHeight: 1.2, py: 0.5 }}>
        <Link
          component={RouterLink}
          to={profilePath(row.clienteId)}
          underline="hover"
          color="inherit"
          sx={{ fontWeight: 600, display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}
          // The row navigates too: once is enough.
          onClick={(e) => e.stopPropagation()}
        >
          {row.nombreCliente}
        </Link>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {row.idcliente.trim() || '—'}
        </Typography>
      </Box>
    ),
  },
  { field: 'comunidad', headerName: 'Comunidad', minWidth: 120, flex: 1, ...fixed },
  { field: 'telefono', headerName: 'Teléfono', minWidth: 115, flex: 0.8, ...fixed },
  {
    field: 'fechaFinalizacion',
    headerName: 'Pagado hasta',
    minWidth: 125,
    flex: 0.7,
    ...fixed,
    valueFormatter: (value: string) => dayText(value),
  },
  {
    field: 'diasRetraso',
    headerName: 'Días de retraso',
    type: 'number',
    minWidth: 140,
    flex: 0.6,
    ...fixed,
    renderCell: ({ row }) => (
      <Box component="span" sx={{ fontWeight: 700, color: row.diasRetraso >= 60 ? 'error.main' : 'warning.dark' }}>
        {formatNumber(row.diasRetraso)}
      </Box>
    ),
  },
  {
    field: 'fechaCorte',
    headerName: 'Fecha de corte',
    minWidth: 130,
    flex: 0.7,
    ...fixed,
    valueFormatter: (value: string) => dayText(value),
  },
  {
    field: 'cortado',
    headerName: 'Estado',
    minWidth: 105,
    flex: 0.6,
    ...fixed,
    renderCell: ({ row }) =>
      row.cortado ? (
        <Chip size="small" color="error" label="Cortado" />
      ) : (
        <Chip size="small" color="warning" variant="outlined" label="Sin cortar" />
      ),
  },
];

/** Active contracts past their cut-off date, most late first (10 a page); a row opens the customer panel. */
export function DueServicesTable() {
  const { params, tableProps } = useServerTable();
  const query = useDueServices(params);
  const navigate = useNavigate();
  const total = query.data?.total;
  return (
    <DashboardSection
      title="Servicios vencidos"
      subtitle="Contratos activos que pasaron su fecha de corte, del más atrasado al menos"
      flush
      action={total !== undefined ? <RowCount n={total} /> : undefined}
    >
      {query.isError && !query.data ? (
        <SectionError error={query.error} what="los servicios vencidos" onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<DueContractItem>
          {...tableProps}
          aria-label="Servicios vencidos"
          rows={query.data?.items ?? []}
          rowCount={total ?? 0}
          getRowId={(row) => row.clienteId}
          columns={columns}
          loading={query.isFetching && !query.data}
          density="standard"
          emptyText="Sin servicios vencidos"
          emptyDescription="Todos los contratos activos están al corriente."
          onRowClick={(row) => void navigate(profilePath(row.clienteId))}
        />
      )}
    </DashboardSection>
  );
}
