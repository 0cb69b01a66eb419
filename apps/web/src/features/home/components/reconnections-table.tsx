import type { ReconnectionItem } from '@airlink/domain';
import { Box } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { DataTable } from '../../../components/ui/data-table';
import { DateText } from '../../../components/ui/date-text';
import { Money } from '../../../components/ui/money';
import { useServerTable } from '../../../components/ui/use-server-table';
import { useReconnections } from '../api/list-reconnections';
import { DashboardSection } from './dashboard-section';
import { openReceipt } from './receipt-link';
import { RowCount } from './row-count';
import { SectionError } from './section-error';

const fixed = { sortable: false, disableColumnMenu: true } as const;
const money = { align: 'right', headerAlign: 'right', minWidth: 110, flex: 0.7, ...fixed } as const;

const columns: GridColDef<ReconnectionItem>[] = [
  {
    field: 'fechaRecibo',
    headerName: 'Fecha',
    minWidth: 100,
    flex: 0.6,
    ...fixed,
    renderCell: ({ row }) => <DateText value={row.fechaRecibo} />,
  },
  { field: 'nombreCliente', headerName: 'Cliente', minWidth: 180, flex: 1.5, ...fixed },
  {
    field: 'montoRecibo',
    headerName: 'Monto recibo',
    ...money,
    renderCell: ({ row }) => <Money value={row.montoRecibo} />,
  },
  {
    field: 'montoContrato',
    headerName: 'Monto contrato',
    ...money,
    renderCell: ({ row }) => <Money value={row.montoContrato} />,
  },
  {
    field: 'diferencia',
    headerName: 'Diferencia',
    ...money,
    renderCell: ({ row }) => (
      <Box component="span" sx={{ color: row.diferencia < 0 ? 'error.main' : 'success.dark', fontWeight: 600 }}>
        <Money value={row.diferencia} />
      </Box>
    ),
  },
];

/** Reconnection receipts (10 a page): what was charged against the monthly amount; a row opens the receipt. */
export function ReconnectionsTable() {
  const { params, tableProps } = useServerTable();
  const query = useReconnections(params);
  const total = query.data?.total;
  return (
    <DashboardSection
      title="Reconexiones"
      subtitle="Diferencia = monto del recibo − mensualidad del contrato"
      flush
      action={total !== undefined ? <RowCount n={total} /> : undefined}
    >
      {query.isError && !query.data ? (
        <SectionError error={query.error} what="las reconexiones" onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<ReconnectionItem>
          {...tableProps}
          aria-label="Reconexiones"
          rows={query.data?.items ?? []}
          rowCount={total ?? 0}
          columns={columns}
          loading={query.isFetching && !query.data}
          density="compact"
          emptyText="Sin reconexiones"
          onRowClick={(row) => openReceipt(row.guid)}
        />
      )}
    </DashboardSection>
  );
}
