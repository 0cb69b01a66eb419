import { type Receipt } from '@airlink/domain';
import { formatDate, formatTime } from '../../../lib/business-time';
import { Link, useMediaQuery, useTheme } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { DataTable } from '../../../components/ui/data-table';
import { DateText } from '../../../components/ui/date-text';
import { Money } from '../../../components/ui/money';
import { useServerTable } from '../../../components/ui/use-server-table';
import type { HomeReceiptsParams } from '../api/home-query-keys';
import { useReceipts } from '../api/list-receipts';
import { DashboardSection } from './dashboard-section';
import { openReceipt, receiptPath } from './receipt-link';
import { RowCount } from './row-count';
import { SectionError } from './section-error';

type ReceiptFilter = Omit<HomeReceiptsParams, 'page' | 'pageSize' | 'sort' | 'dir'>;

export interface ReceiptsTableProps {
  title: string;
  subtitle?: string;
  /** Dates and/or account group the grid shows. */
  filter?: ReceiptFilter;
  /** Show the payment place (not needed when the grid is one office's). */
  showPlace?: boolean;
  emptyText?: string;
}

const fixed = { sortable: false, disableColumnMenu: true } as const;

const dateColumn: GridColDef<Receipt> = {
  field: 'fechaPago',
  headerName: 'Fecha',
  minWidth: 150,
  flex: 0.9,
  ...fixed,
  renderCell: ({ row }) => <DateText value={row.fechaPago} withTime />,
};

/** On a phone: '21/11 16:12' (the year is the current one almost always; the full date is its title). */
const shortDateColumn: GridColDef<Receipt> = {
  ...dateColumn,
  minWidth: 110,
  flex: 0.6,
  renderCell: ({ row }) => (
    <time dateTime={row.fechaPago} title={`${formatDate(row.fechaPago)} ${formatTime(row.fechaPago)}`}>
      {formatDate(row.fechaPago).slice(0, 5)} {formatTime(row.fechaPago)}
    </time>
  ),
};

const receiptColumn: GridColDef<Receipt> = {
  field: 'id',
  headerName: 'Recibo',
  minWidth: 80,
  flex: 0.4,
  ...fixed,
  renderCell: ({ row }) => (
    <Link
      href={receiptPath(row.guid)}
      target="_blank"
      rel="noopener"
      underline="hover"
      aria-label={`Ver recibo ${row.id}`}
      // The row opens it too: do not open it twice.
      onClick={(e) => e.stopPropagation()}
    >
      {row.id}
    </Link>
  ),
};

const placeColumn: GridColDef<Receipt> = { field: 'cuenta', headerName: 'Lugar', minWidth: 130, flex: 1, ...fixed };

const amountColumn: GridColDef<Receipt> = {
  field: 'monto',
  headerName: 'Monto',
  minWidth: 105,
  flex: 0.7,
  align: 'right',
  headerAlign: 'right',
  ...fixed,
  renderCell: ({ row }) => <Money value={row.monto} />,
};

/** A paginated grid of receipts (10 a page, paged by the server); a row opens the receipt in a new tab. */
export function ReceiptsTable({
  title,
  subtitle,
  filter,
  showPlace = true,
  emptyText = 'Sin pagos',
}: ReceiptsTableProps) {
  const { params, tableProps } = useServerTable();
  const query = useReceipts({ ...filter, ...params });
  // On a phone the grid keeps what fits: date, customer and amount (a tap still opens the receipt).
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));

  const columns = useMemo<GridColDef<Receipt>[]>(
    () => [
      phone ? shortDateColumn : dateColumn,
      ...(phone ? [] : [receiptColumn]),
      { field: 'nombre', headerName: 'Cliente', minWidth: phone ? 110 : 180, flex: 1.6, ...fixed },
      ...(showPlace && !phone ? [placeColumn] : []),
      amountColumn,
    ],
    [showPlace, phone],
  );

  const total = query.data?.total;
  return (
    <DashboardSection
      title={title}
      subtitle={subtitle}
      flush
      action={total !== undefined ? <RowCount n={total} /> : undefined}
    >
      {query.isError && !query.data ? (
        <SectionError error={query.error} what={`“${title}”`} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<Receipt>
          {...tableProps}
          aria-label={title}
          rows={query.data?.items ?? []}
          rowCount={total ?? 0}
          columns={columns}
          loading={query.isFetching && !query.data}
          density="compact"
          emptyText={emptyText}
          onRowClick={(row) => openReceipt(row.guid)}
        />
      )}
    </DashboardSection>
  );
}
